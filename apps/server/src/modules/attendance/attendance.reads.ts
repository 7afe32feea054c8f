import * as records from './attendance-records.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * The door's records as other modules read them (certificates, the dashboard, a session's page): they
 * ask here rather than query check_ins and guest_attendance themselves. This file imports only the
 * attendance repositories (never a service), so asking it pulls no module's services into the caller's
 * imports.
 */

/** Scans of a meeting's guests, by guest then time. */
export function scansOfGuests(db: Db, meetingId: number, guestIds: readonly number[]) {
  return records.findScans(db, meetingId, guestIds);
}

/** Entries per bucket of `bucketMs` from `from` (inclusive) to `to` (exclusive) in one scope. */
export function arrivalsPerBucket(
  db: Db,
  q: { meetingId: number; scopeId: number; from: number; to: number; bucketMs: number },
) {
  return records.arrivalsPerBucket(db, q);
}

/** Per session of the meeting: guests ever checked in and guests inside now (entered today). */
export function sessionCounts(db: Db, meetingId: number, today: number) {
  return records.sessionCounts(db, meetingId, today);
}

/** A guest's scans in time order, with their session's names (the guest's own data). */
export function scansOfGuest(db: Db, guestId: number) {
  return records.listGuestScans(db, guestId);
}
