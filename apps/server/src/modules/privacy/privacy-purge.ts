import type { PurgeResult } from '@meetflow/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import type { JobRow } from '../jobs/jobs.service.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import { createEraseAtRest } from './erase-at-rest.ts';
import { eraseGuests } from './erase-guests.ts';
import { eraseLateWrites } from './erase-late-writes.ts';
import * as repo from './privacy.repository.ts';

export type AuditActor =
  { kind: 'admin'; username: string; ip: string } | { kind: 'public'; ip: string } | { kind: 'system' };

export interface PurgeDeps {
  db: Db;
  clock: () => number;
  /** The privacy service's audit entry, written with `trx`. */
  record: (actor: AuditActor, action: 'delete', message: LogMessage, trx: Db) => Promise<void>;
  /** After an erasure: older page versions out of SQLite's WAL (database.ts truncateWalAfterErasure). */
  truncateWal: (stop: () => boolean) => Promise<{ done: boolean; tries: number }>;
  log: { warn(details: object, message: string): void };
}

/**
 * The meeting-wide purge (the retention's job and "purge now"), what requests in flight wrote just
 * after it (erase-late-writes.ts), and erasure at rest after each of them and after a withdrawal
 * (erase-at-rest.ts).
 */
export function createPurger(deps: PurgeDeps) {
  const { db, clock, record } = deps;
  const atRest = createEraseAtRest(deps);
  const { eraseAtRest } = atRest;

  /**
   * Erases the meeting's guests' personal data, once: the purge mark is taken under the meeting
   * row's lock in the same transaction, so a second instance (or a second click) finds it taken.
   */
  async function purge(meetingId: number, actor: AuditActor): Promise<PurgeResult | undefined> {
    const result = await purgeInTransaction(meetingId, actor);
    if (result) eraseAtRest();
    return result;
  }

  function purgeInTransaction(meetingId: number, actor: AuditActor): Promise<PurgeResult | undefined> {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      if (!(await repo.claimPurge(trx, meetingId, now, { onlyWhenDue: actor.kind === 'system' })))
        return undefined;
      const meeting = await repo.findMeetingPrivacy(trx, meetingId);
      if (!meeting) return undefined;
      const guests = await eraseGuests(trx, meetingId, now);
      await repo.eraseMeetingFiles(trx, meeting);
      await record(
        actor,
        'delete',
        {
          key: 'privacy.purged',
          params: {
            meeting_id: meeting.id,
            meeting_name: meeting.name,
            count: guests,
            reason: [{ key: actor.kind === 'system' ? 'privacy.reason_retention' : 'privacy.reason_manual' }],
          },
        },
        trx,
      );
      return { purged_at: now, guests };
    });
  }

  /** The `privacy.purge` job: due purges only (an extension since it was queued makes it a no-op). */
  async function runPurgeJob(job: JobRow): Promise<void | { skipped: string }> {
    const { meeting_id: meetingId } = JSON.parse(job.payload) as { meeting_id: number };
    const meeting = await repo.findMeetingPrivacy(db, meetingId);
    if (!meeting || meeting.purged_at !== null) return { skipped: 'already purged' };
    if (repo.purgeAt(meeting) > clock()) return { skipped: 'retention extended' };
    const done = await purge(meetingId, { kind: 'system' });
    return done ? undefined : { skipped: 'already purged' };
  }

  return {
    purge,
    runPurgeJob,
    eraseAtRest,
    /** Each retention pass: a WAL truncation that could not finish (started, not awaited), and late writes. */
    async onPass(now: number): Promise<void> {
      atRest.retry();
      await eraseLateWrites(deps, now, eraseAtRest);
    },
    close: atRest.close,
  };
}
