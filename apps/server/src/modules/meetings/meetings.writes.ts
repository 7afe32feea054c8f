import * as meetings from './meetings.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * The writes other modules make to a meeting's row (its display settings, the deadline notice): the
 * statements stay with the meetings repository, the owner of the table. Like meetings.reads.ts, this
 * file imports only that repository (never a service), so using it pulls no module's services into the
 * caller's imports.
 */

/** Writes the display config column only; answers whether a live meeting was updated. */
export function setDisplayConfig(db: Db, meetingId: number, json: string) {
  return meetings.updateDisplayConfig(db, meetingId, json);
}

/** Claims the deadline's announcement: of several instances only one gets the meeting back. */
export function claimDeadlineNotice(db: Db, meetingId: number, now: number) {
  return meetings.claimDeadline(db, meetingId, now);
}

/** Sets the currency of a live meeting (null: free), the payments module's settings; false when none. */
export function setCurrency(db: Db, meetingId: number, currency: string | null) {
  return meetings.updateCurrency(db, meetingId, currency);
}

/** Sets a live meeting's admission settings (the approval module's); false when none. */
export function setAdmission(db: Db, meetingId: number, values: Parameters<typeof meetings.updateAdmission>[2]) {
  return meetings.updateAdmission(db, meetingId, values);
}
