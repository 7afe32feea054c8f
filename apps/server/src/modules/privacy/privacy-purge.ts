import type { PurgeResult } from '@meetflow/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import type { JobRow } from '../jobs/jobs.service.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import * as late from './late-writes.repository.ts';
import * as repo from './privacy.repository.ts';

/** How long after a purge its meeting is checked for personal data written by requests in flight. */
const LATE_WRITE_WINDOW_MS = 7 * 86_400_000;

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
 * after it, and erasure at rest after each of them (and after a withdrawal).
 */
export function createPurger(deps: PurgeDeps) {
  const { db, clock, record } = deps;

  /**
   * After an erasure has committed: the WAL is marked as holding erased values and one truncation
   * runs in the background (single-flight: erasures meanwhile join it). Never awaited by a request
   * or by the runner's pass: a reader holding an older snapshot makes it retry for ~6 s. One that
   * cannot finish is reported and tried again on each retention pass: the erased values stay in the
   * -wal file until then.
   */
  let walToTruncate = false;
  let truncating: Promise<void> | undefined;
  let closed = false;
  function eraseAtRest(): void {
    walToTruncate = true;
    truncating ??= truncateInBackground().finally(() => {
      truncating = undefined;
    });
  }

  async function truncateInBackground(): Promise<void> {
    // Starts after the caller's answer is on its way; erasures until then share this truncation.
    await new Promise((resolve) => setImmediate(resolve));
    while (walToTruncate && !closed) {
      walToTruncate = false;
      if (!(await truncateOnce())) {
        walToTruncate = true; // the next retention pass starts it again
        return;
      }
    }
  }

  /** One truncation with its retries; false (reported) when a reader held it back or it failed. */
  async function truncateOnce(): Promise<boolean> {
    try {
      const { done, tries } = await deps.truncateWal(() => closed);
      if (!done && !closed)
        deps.log.warn(
          { tries },
          'Erased personal data is still in the SQLite WAL: a reader held it back; tried again each minute',
        );
      return done;
    } catch (err) {
      deps.log.warn(
        { err },
        'The SQLite WAL could not be truncated after an erasure; tried again each minute',
      );
      return false;
    }
  }

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
      const guests = await repo.eraseGuests(trx, meetingId, now);
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

  /**
   * A purge erases what is committed when it runs. A sign-up (an import, an offline upload) that read
   * the meeting just before (still open, not yet purged) can commit its rows just after: each pass
   * erases such rows of recently purged meetings, audited as written during the purge. Under the
   * meeting row's lock and checked again there, so that passes of several instances erase once.
   */
  async function eraseLateWrites(now: number): Promise<void> {
    const since = now - LATE_WRITE_WINDOW_MS;
    let erased = false;
    for (const meetingId of await late.purgedWithLeftovers(db, since)) {
      if (await eraseLateWritesOf(meetingId, since, now)) erased = true;
    }
    if (erased) eraseAtRest();
  }

  function eraseLateWritesOf(meetingId: number, since: number, now: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await late.lockPurgedMeeting(trx, meetingId))) return false;
      // Another pass may have erased them while this one waited for the lock.
      if ((await late.purgedWithLeftovers(trx, since, meetingId)).length === 0) return false;
      const meeting = await repo.findMeetingPrivacy(trx, meetingId);
      if (!meeting) return false;
      // People: guests, and visitors who only held a place on the waiting list.
      const places = await late.countUnerasedPlaces(trx, meetingId);
      const guests = await repo.eraseGuests(trx, meetingId, now);
      await repo.eraseMeetingFiles(trx, meeting);
      await record(
        { kind: 'system' },
        'delete',
        {
          key: 'privacy.purged',
          params: {
            meeting_id: meeting.id,
            meeting_name: meeting.name,
            count: guests + places,
            reason: [{ key: 'privacy.reason_late' }],
          },
        },
        trx,
      );
      return true;
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
      if (walToTruncate) eraseAtRest();
      await eraseLateWrites(now);
    },
    /** At close: the truncation in flight stops retrying and is awaited (the database closes next). */
    async close(): Promise<void> {
      closed = true;
      await truncating;
    },
  };
}
