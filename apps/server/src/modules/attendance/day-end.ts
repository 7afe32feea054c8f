import { randomUUID } from 'node:crypto';
import { DAY_END_STATION } from '@meetflow/shared/schemas/attendance';
import type { Db } from '../../db/database.ts';
import { localDayTime } from '../../lib/local-time.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import * as repo from './attendance.repository.ts';

/*
 * Attendance is per local day: a guest still inside from an earlier day left at that day's last
 * moment. That exit is written here, as a row of the scan log marked DAY_END_STATION with no
 * operator, lazily: for a whole meeting when its records are read or, in the background, at its
 * first scan of a day; and for one guest inside their own scan's transaction. Until then readers
 * apply the same rule (core/attendance-status.ts). Each such exit is a `scan.recorded` webhook event
 * too (station DAY_END_STATION), so a receiver counting who is inside sees these guests leave.
 */

/** How many open summaries one close-out transaction handles (scans of those guests wait for it). */
const CLOSE_OUT_BATCH = 500;

interface OpenEntry {
  guestId: number;
  scopeId: number;
  lastInAt: number;
}

/**
 * Closes out entries of earlier days, one statement per day and scope: only summaries still inside
 * from that very day's entry, so that of racing close-outs one writes each. Answers how many it closed.
 */
async function closeOut(
  trx: Db,
  meetingId: number,
  entries: readonly OpenEntry[],
  webhooks: WebhookEmitter,
): Promise<number> {
  const groups = new Map<
    string,
    { scopeId: number; firstIn: number; lastIn: number; at: number; guestIds: number[] }
  >();
  for (const { guestId, scopeId, lastInAt } of entries) {
    const at = localDayTime(lastInAt, 1) - 1;
    const key = `${at}:${scopeId}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { scopeId, firstIn: lastInAt, lastIn: lastInAt, at, guestIds: [guestId] });
    else {
      group.guestIds.push(guestId);
      group.firstIn = Math.min(group.firstIn, lastInAt);
      group.lastIn = Math.max(group.lastIn, lastInAt);
    }
  }
  let closed = 0;
  for (const group of groups.values()) {
    const guestIds = await repo.markClosedOut(trx, { meetingId, ...group });
    await repo.insertCheckIns(
      trx,
      guestIds.map((guestId) => ({
        meeting_id: meetingId,
        guest_id: guestId,
        scope_id: group.scopeId,
        type: 'out' as const,
        station: DAY_END_STATION,
        operator_id: null,
        operator_name: null,
        nonce: randomUUID(),
        created_at: group.at,
      })),
    );
    await webhooks.emitAll(
      trx,
      guestIds.map((guestId) => ({
        type: 'scan.recorded' as const,
        meetingId,
        guestId,
        data: {
          guest_id: guestId,
          direction: 'exit',
          session_id: group.scopeId === 0 ? null : group.scopeId,
          station: DAY_END_STATION,
          scanned_at: group.at,
          offline: false,
        },
      })),
    );
    closed += guestIds.length;
  }
  return closed;
}

/** Closes out one guest's summary if it is still open from an earlier day; answers whether it did. */
export async function closeEarlierDay(
  trx: Db,
  t: { guestId: number; scopeId: number; meetingId: number },
  summary: Awaited<ReturnType<typeof repo.findAttendance>>,
  today: number,
  webhooks: WebhookEmitter,
): Promise<boolean> {
  if (summary?.inside !== 1 || summary.last_in_at === null || summary.last_in_at >= today) return false;
  const entry = { guestId: t.guestId, scopeId: t.scopeId, lastInAt: summary.last_in_at };
  return (await closeOut(trx, t.meetingId, [entry], webhooks)) > 0;
}

/**
 * The close-out of a meeting's earlier days, for everyone at once, so that the scan log shows every
 * day's end also for the guests who do not come back.
 */
export function createDayEndCloser(db: Db, webhooks: WebhookEmitter) {
  /** Per meeting, the day (its start) whose close-out this instance has done or is doing. */
  const closing = new Map<number, { today: number; done: Promise<void> }>();

  async function closeOutMeeting(meetingId: number, today: number): Promise<void> {
    for (const scopeId of await repo.findScopesOpenBefore(db, meetingId, today)) {
      for (let from = 0; ;) {
        const open = await repo.findOpenBefore(db, {
          meetingId,
          scopeId,
          from,
          today,
          limit: CLOSE_OUT_BATCH,
        });
        if (open.length === 0) break;
        from = open[open.length - 1]!.lastInAt;
        const closed = await db.transaction().execute((trx) => closeOut(trx, meetingId, open, webhooks));
        // Rows not closed were changed by a scan meanwhile and are no longer open.
        if (open.length < CLOSE_OUT_BATCH || closed === 0) break;
      }
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
