import * as collegeCategories from './college-categories.repository.ts';
import * as meetingTimes from './meeting-times.repository.ts';
import * as schedules from './schedules.repository.ts';
import * as userTypes from './user-types.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * A meeting's dictionary as other modules read it (the sign-up form, a guest file, a door station,
 * certificates): they ask here rather than query the dictionary's tables themselves. This file imports
 * only the dictionary's own repositories (never a service), so asking it pulls no module's services
 * into the caller's imports.
 */

/** Column lists for statements of other modules that join a session (a mail's guest and sessions). */
export const scheduleColumns = { timed: schedules.scheduleColumns.timed };

/** The meeting's user types with their names in the three languages, in display order. */
export function userTypeNames(db: Db, meetingId: number) {
  return userTypes.listUserTypeNames(db, meetingId);
}

/** Which sessions each of the meeting's user types may enrol in: user_type_id → schedule_id pairs. */
export function userTypeSessions(db: Db, meetingId: number) {
  return userTypes.listUserTypeSessions(db, meetingId);
}

/**
 * The sessions a user type of this meeting may enrol in, ascending; undefined when the meeting has
 * no such user type (a sign-up form's check).
 */
export function userTypeSessionIds(db: Db, meetingId: number, userTypeId: number) {
  return userTypes.userTypeScheduleIds(db, meetingId, userTypeId);
}

/** The sessions a user type may enrol in, ascending. */
export function sessionIdsOfUserType(db: Db, userTypeId: number) {
  return userTypes.allowedScheduleIds(db, userTypeId);
}

/** A college category and the organisation owning it (null: global); undefined when there is none. */
export function collegeCategoryOwner(db: Db, id: number) {
  return collegeCategories.findCategoryOwner(db, id);
}

/**
 * Whether what a waiting form names still exists for the meeting: its registration type (of this
 * meeting) and its college category. Either may have been deleted while the visitor waited.
 */
export async function formReferencesExist(
  db: Db,
  meetingId: number,
  userTypeId: number | null,
  collegeCategoryId: number | null,
): Promise<boolean> {
  if (userTypeId !== null && !(await userTypes.isUserTypeOf(db, userTypeId, meetingId))) return false;
  if (collegeCategoryId !== null && !(await collegeCategories.findCategoryOwner(db, collegeCategoryId)))
    return false;
  return true;
}

/** One session's names in the three languages. */
export function sessionName(db: Db, scheduleId: number) {
  return schedules.findSessionName(db, scheduleId);
}

/** Whether the session is one of the meeting's. */
export function isSessionOf(db: Db, scheduleId: number, meetingId: number) {
  return schedules.isSessionOfMeeting(db, scheduleId, meetingId);
}

/** A session of a live meeting, with the meeting's organisation (for scoping); undefined otherwise. */
export function sessionMeeting(db: Db, scheduleId: number) {
  return schedules.findSessionMeeting(db, scheduleId);
}

/** The meeting's sessions with their names and day, in the order of the day. */
export function sessionNames(db: Db, meetingId: number) {
  return schedules.listSessionNames(db, meetingId);
}

/** Sessions by id, of one meeting, with their time slot (a cancelled enrolment's, for its calendar). */
export function sessionsByIds(db: Db, meetingId: number, ids: readonly number[]) {
  return schedules.listSessionsByIds(db, meetingId, ids);
}

/** The meeting's sessions with their seats and time slot, as the sign-up form offers them. */
export function sessionsWithTimes(db: Db, meetingId: number) {
  return schedules.listSessionsWithTimes(db, meetingId);
}

/** The names of the college categories a meeting offers: global ones and those of `owners`. */
export function collegeCategoryNames(db: Db, owners: readonly number[]) {
  return collegeCategories.listCollegeCategoryNames(db, owners);
}

/** The time slots global or owned by one of `owners` (a meeting's organisation and those above). */
export function timeSlotsFor(db: Db, owners: readonly number[]) {
  return meetingTimes.listTimeSlots(db, owners);
}

/** The time slots among `ids`. */
export function timeSlotsByIds(db: Db, ids: readonly number[]) {
  return meetingTimes.findTimeSlots(db, ids);
}

/** Whether the organisation owns time slots or college categories (it may not be deleted then). */
export async function organizationOwnsEntries(db: Db, organizationId: number): Promise<boolean> {
  // One after another: inside a transaction the queries share a single connection anyway.
  const slot = await meetingTimes.organizationHasMeetingTimes(db, organizationId);
  const category = await collegeCategories.organizationHasCollegeCategories(db, organizationId);
  return slot || category;
}

/** The meeting's registration types whose sign-ups wait for approval (issue 45). */
export function approvalUserTypeIds(db: Db, meetingId: number) {
  return userTypes.approvalUserTypeIds(db, meetingId);
}

/** Whether a registration type's sign-ups wait for approval (the meeting's approval 'types'). */
export function userTypeNeedsApproval(db: Db, userTypeId: number) {
  return userTypes.userTypeNeedsApproval(db, userTypeId);
}
