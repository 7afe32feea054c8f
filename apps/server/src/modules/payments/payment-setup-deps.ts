import type { Db } from '../../db/database.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';

/** What the back office's fees page's use cases are given (payment-setup.service.ts). */
export interface PaymentSetupDeps {
  db: Db;
  clock: () => number;
  systemLog: SystemLog;
  /** Whether this server can take card payments through Stripe: its keys are configured. */
  stripeConfigured: boolean;
}
