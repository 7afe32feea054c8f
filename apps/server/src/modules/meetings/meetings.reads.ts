import * as meetings from './meetings.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * The meeting as other modules read it (the visitor's pages, mail, certificates, webhooks,
 * organisations): they ask here rather than query the meetings table themselves. This file imports only
 * the meetings repository (never a service), so asking it pulls no module's services into the caller's
 * imports.
 */

/** Column lists for statements of other modules that join a meeting (a mail's guest and meeting). */
export const meetingColumns = { mail: meetings.meetingColumns.mail };

export type VisitorMeeting = NonNullable<Awaited<ReturnType<typeof meetings.findLiveMeetingById>>>;

/** A meeting that is not soft-deleted, by its public id, as the visitor's pages read it. */
export function liveMeetingByPublicId(db: Db, publicId: string) {
  return meetings.findLiveMeetingByPublicId(db, publicId);
}

/** A meeting that is not soft-deleted, by id, as the visitor's pages read it. */
export function liveMeetingById(db: Db, id: number) {
  return meetings.findLiveMeetingById(db, id);
}

/** The meeting part of a mail, live or not. */
export function meetingForMail(db: Db, id: number) {
  return meetings.findMeetingForMail(db, id);
}

/** The meeting's display settings (JSON), live or not. */
export function displayConfigOf(db: Db, id: number) {
  return meetings.findDisplayConfig(db, id);
}

/** A live meeting's display settings (JSON), or undefined. */
export function liveDisplayConfigOf(db: Db, id: number) {
  return meetings.findLiveDisplayConfig(db, id);
}

/** Meetings whose registration deadline passed after `since` and has not been announced yet. */
export function dueDeadlines(db: Db, now: number, since: number) {
  return meetings.findDueDeadlines(db, now, since);
}

/** The organisation a meeting belongs to, live or not. */
export function organizationOf(db: Db, id: number) {
  return meetings.findOrganizationOf(db, id);
}

/** Whether the organisation holds any meeting, soft-deleted ones too. */
export function organizationHasMeetings(db: Db, organizationId: number) {
  return meetings.organizationHasMeetings(db, organizationId);
}

/** The meeting's currency (null: a free meeting), live or not. */
export function currencyOf(db: Db, id: number) {
  return meetings.findCurrency(db, id);
}

/** Who may register (issue 45): approval, a held seat, the erasure's days, the group size; live or not. */
export function admissionOf(db: Db, id: number) {
  return meetings.findAdmission(db, id);
}
