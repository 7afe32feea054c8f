import { normalizePhone } from '@meetflow/shared/phone';
import { type SignUpInput } from '@meetflow/shared/schemas/public';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { indexGuests } from './guest-search.ts';
import { ownerCovers } from '../../core/organization-scope.ts';
import * as repo from './guest-seats.repository.ts';

export type { FilledSeats, SessionSeatTaken } from './guest-seats.repository.ts';

/*
 * The guest core's write API: the rules a guest's data obeys and the seats it takes, whoever writes
 * it: the visitor face (sign-up, enrolment) and the back office (manual add and edit). The body has
 * already passed the shared `signUpBody` schema.
 */

type Trx = Kysely<Database>;
type DateScheduleInput = Extract<SignUpInput, { meeting_type: 'date_schedule' }>;

/** The columns of the sign-up form, as stored. */
export type GuestFormValues = Omit<
  Insertable<Database['guests']>,
  'meeting_id' | 'guest_code' | 'token_hash' | 'created_at'
>;

/** The phone in E.164 for the area code, or a 400 on the phone field. */
export function requirePhone(areaCode: string, phone: string): string {
  const e164 = normalizePhone(areaCode, phone);
  if (!e164) throw fieldError('phone', 'phoneInvalid');
  return e164;
}

/** The body must be the meeting's form (general or date schedule). */
export function assertMeetingType(body: SignUpInput, meetingType: string): void {
  if (body.meeting_type !== meetingType) throw fieldError('meeting_type', 'invalidOption');
}

/**
 * Checks the date-schedule choices against the meeting; answers the chosen sessions in ascending
 * order and every session the registration type allows.
 */
export async function checkScheduleChoice(
  db: Trx,
  meeting: { id: number; organization_id: number },
  body: DateScheduleInput,
): Promise<{ chosen: number[]; allowed: number[] }> {
  if (!(await repo.findUserTypeOfMeeting(db, meeting.id, body.user_type_id))) {
    throw fieldError('user_type_id', 'userTypeNotInMeeting');
  }
  if (body.college_category_id !== null) {
    // Global, or owned by the meeting's organisation or one above it: never another tenant's.
    const category = await repo.findCollegeCategory(db, body.college_category_id);
    if (!category || !(await ownerCovers(db, category.organization_id, meeting.organization_id)))
      throw fieldError('college_category_id', 'collegeCategoryNotInMeeting');
  }
  const allowed = await repo.allowedScheduleIds(db, body.user_type_id);
  const allowedSet = new Set(allowed);
  const chosen = [...new Set(body.schedule_ids)].sort((a, b) => a - b);
  if (chosen.some((id) => !allowedSet.has(id))) throw fieldError('schedule_ids', 'scheduleNotForUserType');
  return { chosen, allowed };
}

/** What the form writes to the guest row; `phone` is the normalised E.164 form. */
export function guestFormValues(body: SignUpInput, phone: string): GuestFormValues {
  const common = { area_code: body.area_code, phone, email: body.email };
  return body.meeting_type === 'general'
    ? {
        ...common,
        name: body.name,
        gender: body.gender,
        local_guest: body.local_guest ? 1 : 0,
        institution: body.institution,
        job_title: body.job_title,
        contact_name: body.contact_name,
        contact_number: body.contact_number,
        contact_phone: body.contact_phone,
      }
    : {
        ...common,
        name_zh: body.name_zh,
        name_en: body.name_en,
        organization: body.organization,
        user_type_id: body.user_type_id,
        license_number: body.license_number,
        other: body.other,
        academy_member: body.academy_member ? 1 : 0,
        college_category_id: body.college_category_id,
      };
}

/**
 * Takes each session's seat in ascending id order (the same order everywhere, so concurrent
 * writers never wait on each other in a cycle); SESSION_FULL if one has none left.
 */
export async function takeSessionSeats(
  trx: Trx,
  scheduleIds: readonly number[],
  filled?: repo.FilledSeats,
): Promise<void> {
  for (const scheduleId of [...scheduleIds].sort((a, b) => a - b)) {
    const seat = await repo.takeSessionSeat(trx, scheduleId);
    if (!seat) throw new AppError('SESSION_FULL', { data: { schedule_id: scheduleId } });
    if (seat.filled) filled?.sessions.push(seat);
  }
}

/**
 * One new guest, all or nothing: the meeting's seat, then each session's seat, then the guest rows.
 * Call inside a transaction. The unique (meeting, area code, phone) index is the final word on
 * duplicates: the caller maps its violation to its own answer.
 */
export async function insertGuestTakingSeats(
  trx: Trx,
  values: Insertable<Database['guests']>,
  scheduleIds: readonly number[],
  now: number,
  filled?: repo.FilledSeats,
): Promise<number> {
  const seat = await repo.takeMeetingSeat(trx, values.meeting_id);
  if (!seat) throw new AppError('MEETING_FULL');
  if (seat.filled && filled) filled.meeting = true;
  await takeSessionSeats(trx, scheduleIds, filled);
  const id = await repo.insertGuest(trx, values);
  await repo.insertGuestSchedules(trx, id, scheduleIds, now);
  await indexGuests(trx, [{ ...values, id }]);
  return id;
}

/** The sessions a registration type may enrol in. */
export function allowedScheduleIds(db: Trx, userTypeId: number): Promise<number[]> {
  return repo.allowedScheduleIds(db, userTypeId);
}

/**
 * Enrols a guest in one session, taking its seat: SESSION_FULL if none is left. Call inside a
 * transaction; returns the seat (`filled` when this enrolment took the last one).
 */
export async function enrolInSession(
  trx: Trx,
  guestId: number,
  scheduleId: number,
  now: number,
): Promise<repo.SessionSeatTaken> {
  const seat = await repo.takeSessionSeat(trx, scheduleId);
  if (!seat) throw new AppError('SESSION_FULL', { data: { schedule_id: scheduleId } });
  await repo.insertGuestSchedules(trx, guestId, [scheduleId], now);
  return seat;
}

/** Gives a session's seat back (after its enrolment was removed, in the same transaction). */
export function releaseSessionSeat(trx: Trx, scheduleId: number): Promise<void> {
  return repo.releaseSessionSeat(trx, scheduleId);
}
