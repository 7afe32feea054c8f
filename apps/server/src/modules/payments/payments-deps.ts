import type { Db, DatabaseKind } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';

/** What the payments module's parts are given (payments.module.ts fills it from the platform). */
export interface PaymentsDeps {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  webhooks: WebhookEmitter;
  jobs: Jobs;
  /**
   * The paid guest's confirmation (with the guest code) is queued by their row, as a sign-up's; a
   * receipt's or credit note's mail by a job in the payment's transaction.
   */
  mail?: Pick<MailService, 'confirmationColumns' | 'kick' | 'queueReceipt'>;
  /**
   * The guest core's cancellation in the caller's transaction (an unpaid order's hold expired, an
   * organiser cancelled the order): the seats go to the waiting lists. False when already gone.
   */
  guests: { cancelIn(trx: Db, guestId: number, actor: string | null): Promise<boolean> };
  /** A committed change of seats (an expired hold, a late payment seated): live figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
}
