import type { ConflictReason } from '@meetflow/shared/schemas/offline-door';
import type { Db } from '../../db/database.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import * as repo from './attendance.repository.ts';
import { closeEarlierDay } from './day-end.ts';
import * as door from './offline-door.repository.ts';

/*
 * An entry recorded for a guest the door has just registered or recognised (walk-ins, issue 45):
 * the same state machine and scan log as a scan 'in' at the station, in the caller's transaction,
 * for the whole meeting (scope 0). The walk-ins module writes the scan log only through here.
 */

export type DoorEntry =
  | { kind: 'recorded' }
  /** The guest was inside already (or a scan of theirs after this time was recorded): nothing written. */
  | { kind: 'already_inside' };

export async function recordDoorEntry(
  trx: Db,
  webhooks: WebhookEmitter,
  entry: {
    meetingId: number;
    guestId: number;
    station: string;
    operator: { id: number; name: string };
    nonce: string;
    /** The entry's time (a queued walk-in's own time, held to the server's clock). */
    at: number;
    now: number;
    offline: boolean;
  },
): Promise<DoorEntry> {
  const { meetingId, guestId, at } = entry;
  const summary = await repo.findAttendance(trx, guestId, 0);
  const latest = Math.max(summary?.last_in_at ?? -1, summary?.last_out_at ?? -1);
  if (at < latest) return { kind: 'already_inside' };
  const today = startOfLocalDay(at);
  const transition = { guestId, scopeId: 0, meetingId, at, changedAt: entry.now };
  await closeEarlierDay(trx, transition, summary, today, webhooks);
  if (!(await repo.markInside(trx, { ...transition, settledBefore: at }))) return { kind: 'already_inside' };
  await repo.insertCheckIn(trx, {
    meeting_id: meetingId,
    guest_id: guestId,
    scope_id: 0,
    type: 'in',
    station: entry.station,
    operator_id: entry.operator.id,
    operator_name: entry.operator.name,
    nonce: entry.nonce,
    created_at: at,
  });
  await webhooks.emit(trx, {
    type: 'scan.recorded',
    meetingId,
    guestId,
    data: {
      guest_id: guestId,
      direction: 'entry',
      session_id: null,
      station: entry.station,
      scanned_at: at,
      offline: entry.offline,
    },
  });
  return { kind: 'recorded' };
}

/** The entry a nonce recorded (a re-sent walk-in), with its guest and meeting. */
export async function doorEntryByNonce(db: Db, nonce: string) {
  const row = await repo.findCheckInByNonce(db, nonce);
  return row && { guestId: Number(row.guest_id), meetingId: Number(row.meeting_id) };
}

/** The conflict a nonce was kept as (a re-sent queued walk-in that did not fit). */
export async function doorConflictByNonce(db: Db, nonce: string): Promise<ConflictReason | undefined> {
  return (await door.findConflictByNonce(db, nonce))?.reason as ConflictReason | undefined;
}

/** A queued walk-in that could not be admitted, kept for the organiser with the name the station showed. */
export async function keepDoorConflict(
  trx: Db,
  c: {
    meetingId: number;
    guestId: number | null;
    guestName: string;
    reason: ConflictReason;
    station: string;
    operator: { id: number; name: string };
    nonce: string;
    at: number;
    now: number;
  },
): Promise<void> {
  await door.insertConflict(trx, {
    meeting_id: c.meetingId,
    scope_id: 0,
    guest_id: c.guestId,
    guest_name: c.guestName.slice(0, 255),
    type: 'in',
    reason: c.reason,
    station: c.station,
    operator_id: c.operator.id,
    operator_name: c.operator.name,
    nonce: c.nonce,
    scanned_at: c.at,
    uploaded_at: c.now,
  });
}
