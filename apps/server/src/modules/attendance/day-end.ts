import { randomUUID } from 'node:crypto';
import { DAY_END_STATION } from '@meetflow/shared';
import type { Db } from '../../db/database.ts';
import { localDayTime } from '../../lib/local-time.ts';
import * as repo from './attendance.repository.ts';

type Summary = Awaited<ReturnType<typeof repo.findAttendance>>;

/** How many open summaries one close-out transaction handles (scans of those guests wait for it). */
const CLOSE_OUT_BATCH = 200;

/**
 * Attendance is per local day: a guest still inside from an earlier day left at that day's last
 * moment. That exit is written here, as a row of the scan log marked DAY_END_STATION with no
 * operator, lazily: for the whole meeting at its first scan of a day or when its records are read,
 * and for one guest at their next scan (whatever a close-out of the meeting has not reached yet).
 * Until then readers apply the same rule (attendance-status.ts). Answers whether the summary was
 * closed out now; of racing close-outs of one summary, one does it.
 */
export async function closeEarlierDay(
  trx: Db,
  t: { guestId: number; scopeId: number; meetingId: number },
  summary: Summary,
  today: number,
): Promise<boolean> {
  if (!summary || summary.inside !== 1 || summary.last_in_at === null || summary.last_in_at >= today) {
    return false;
  }
  const at = localDayTime(summary.last_in_at, 1) - 1;
  if (!(await repo.markClosedOut(trx, { ...t, at, lastInAt: summary.last_in_at }))) return false;
  await repo.insertCheckIn(trx, {
    meeting_id: t.meetingId,
    guest_id: t.guestId,
    scope_id: t.scopeId,
    type: 'out',
    station: DAY_END_STATION,
    operator_id: null,
    nonce: randomUUID(),
    created_at: at,
  });
  return true;
}

/**
 * The close-out of a meeting's earlier days, for everyone at once: run at the meeting's first scan
 * of a day and when its records are read, so that the scan log shows every day's end also for the
 * guests who do not come back.
 */
export function createDayEndCloser(db: Db) {
  /** Per meeting, the day (its start) whose close-out this instance has done or is doing. */
  const closing = new Map<number, { today: number; done: Promise<void> }>();

  async function closeOutMeeting(meetingId: number, today: number): Promise<void> {
    for (;;) {
      const open = await repo.findOpenEarlierDays(db, meetingId, today, CLOSE_OUT_BATCH);
      if (open.length === 0) return;
      const closed = await db.transaction().execute(async (trx) => {
        let count = 0;
        for (const summary of open) {
          const { guestId, scopeId } = summary;
          if (await closeEarlierDay(trx, { guestId, scopeId, meetingId }, summary, today)) count += 1;
        }
        return count;
      });
      // Rows not closed were changed by a scan meanwhile and are no longer open.
      if (open.length < CLOSE_OUT_BATCH || closed === 0) return;
    }
  }

  /** Closes out the meeting's earlier days, once per day on this instance (callers share one run). */
  return function closeEarlierDays(meetingId: number, today: number): Promise<void> {
    const known = closing.get(meetingId);
    if (known?.today === today) return known.done;
    const done = closeOutMeeting(meetingId, today).catch((error: unknown) => {
      closing.delete(meetingId); // the next caller tries again
      throw error;
    });
    closing.set(meetingId, { today, done });
    return done;
  };
}
