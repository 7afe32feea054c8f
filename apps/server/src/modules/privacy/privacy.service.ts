import type { Db } from '../../db/database.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { createPersonalData } from './personal-data.ts';
import { createPrivacyRecord } from './privacy-audit.ts';
import { createPurger, type PurgeDeps } from './privacy-purge.ts';
import { createPrivacySettings } from './privacy-settings.ts';
import { createRetentionScan } from './retention-scan.ts';
import { createWithdraw } from './withdraw.ts';

/** A visitor known by their guest token, and their meeting. */
export interface VisitorLookup {
  authenticated(
    token: string | undefined,
  ): Promise<{ guest: { id: number; meeting_id: number }; meeting: { id: number; name: string } }>;
}

export interface PrivacyDeps {
  db: Db;
  clock: () => number;
  systemLog: SystemLog;
  jobs: Jobs;
  notifications: Pick<NotificationsService, 'retentionDue'>;
  guests: Pick<GuestsService, 'findVisible' | 'cancel'>;
  /** Who holds a guest token (the registration module answers it; declared here, as privacy is below it). */
  visitorGuests: VisitorLookup;
  /** Audit entries older than this many days are removed (0: kept for ever). */
  logRetentionDays: number;
  /** After an erasure: older page versions out of SQLite's WAL (database.ts truncateWalAfterErasure). */
  truncateWal: PurgeDeps['truncateWal'];
  log: PurgeDeps['log'];
}

/**
 * Personal data over its whole life (issue 20): the privacy notice and consent settings
 * (privacy-settings.ts), the retention clock with its notice a week ahead and its purge, a durable
 * job, once, on one instance (retention-scan.ts, privacy-purge.ts), "purge now", a guest's own copy
 * of their data (personal-data.ts), and withdrawal (withdraw.ts). The erasure itself is the
 * repository's `eraseGuests`, the one shredder for all of these.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const record = createPrivacyRecord(deps);
  const purger = createPurger({ ...deps, record });
  const retention = createRetentionScan(deps, record, purger);
  return {
    ...createPrivacySettings(deps, record, purger),
    ...createPersonalData(deps, record),
    ...createWithdraw(deps, record, purger),

    /** Stops the WAL truncation in flight from retrying and waits for it (at the app's close). */
    close: () => purger.close(),

    /** Registers the purge job and the pass that finds due notices and purges. */
    register(): void {
      deps.jobs.handle('privacy.purge', purger.runPurgeJob);
      deps.jobs.onPass(retention.scan);
    },

    /** One look for due notices, purges and old audit entries now (tests; the runner calls it each pass). */
    scan: retention.scanNow,
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
