import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { indexGuests } from './guest-search.ts';
import * as repo from './guest-seats.repository.ts';
import {
  deleteGuestSchedules,
  findGuestFields,
  phoneTaken,
  reinstateGuestRow,
  touchGuest,
} from './guests.repository.ts';
import type { Db } from '../../db/database.ts';

export type { FilledSeats, SeatKind, SessionSeatTaken } from './guest-seats.repository.ts';

/*
 * The guest core's write API: the rules a guest's data obeys and the seats it takes, whoever writes
 * it: the visitor face (sign-up, enrolment), the back office (manual add and edit) and the import.
 * The body has already passed the shared `signUpBody` schema. The seats of one guest are here; the
 * form's rules are guest-form.ts and batches of guests guest-batches.ts, exported from here too.
 */

export {
  assertMeetingType,
  checkScheduleChoice,
  guestFormValues,
  requirePhone,
  type GuestFormValues,
} from './guest-form.ts';
export { checkAnswers, formFieldsOf, parseAnswers, parseFields } from './registration-form.ts';
export { assertAnswerFiles } from './answer-files.ts';
export { findForms } from './registration-form.repository.ts';
export { saveDoorAnswers, type DoorAnswersOutcome } from './door-answers.ts';
export { markGuestPaid, markGuestUnpaid, setGuestApproval } from './guests.repository.ts';
export { mayHoldCode } from './may-hold-code.ts';
export {
  admitGuestBatch,
  deleteNewGuests,
  enrolledScheduleIds,
  insertGuestsInPhoneOrder,
  openSeatLedger,
  updateGuestAddingSessions,
  type BatchAdmission,
  type NewGuest,
  type SeatLedger,
  type SeatRefusal,
} from './guest-batches.ts';

/**
 * Takes each session's seat in ascending id order (the same order everywhere, so concurrent
 * writers never wait on each other in a cycle); SESSION_FULL if one has none left.
 */
export async function takeSessionSeats(
  trx: Db,
  scheduleIds: readonly number[],
  filled?: repo.FilledSeats,
  options: { skipFull?: boolean } = {},
): Promise<number[]> {
  const full: number[] = [];
  for (const scheduleId of [...scheduleIds].sort((a, b) => a - b)) {
    const seat = await repo.takeSessionSeat(trx, scheduleId);
    if (!seat) {
      if (!options.skipFull) throw new AppError('SESSION_FULL', { data: { schedule_id: scheduleId } });
      // Locked now, in order: the caller then joins its waiting list.
      await repo.lockSessionRow(trx, scheduleId);
      full.push(scheduleId);
    } else if (seat.filled) filled?.sessions.push(seat);
  }
  return full;
}

/**
 * One new guest, all or nothing: the guest rows, then the meeting's seat, then each session's seat.
 * Call inside a transaction. The seats come last so that on PostgreSQL the meeting's row is locked
 * for the transaction's last statements only (the rows' references to it are checked at COMMIT:
 * migration 2026-11-28-05); SQLite has one writer anyway. The unique (meeting, area code, phone)
 * index is the final word on duplicates: the caller maps its violation to its own answer.
 */
export async function insertGuestTakingSeats(
  trx: Db,
  values: Insertable<Database['guests']>,
  scheduleIds: readonly number[],
  now: number,
  filled?: repo.FilledSeats,
  options: {
    skipFullSessions?: boolean;
    seat?: repo.SeatKind;
    /** Run after the guest row and before any seat (an invitation's use, issue 45). */
    beforeSeats?: (guestId: number) => Promise<void>;
  } = {},
): Promise<{ id: number; fullSessions: number[] }> {
  const id = await insertGuestHoldingSeat(trx, values);
  await options.beforeSeats?.(id);
  await repo.insertGuestSchedules(trx, id, scheduleIds, now);
  const seat = await repo.takeMeetingSeat(trx, values.meeting_id, options.seat);
  if (!seat) {
    // None of its rows stays: the caller may put the visitor on the waiting list instead.
    await repo.deleteNewGuests(trx, [id]);
    throw new AppError('MEETING_FULL');
  }
  if (seat.filled && filled) filled.meeting = true;
  const fullSessions = await takeSessionSeats(trx, scheduleIds, filled, {
    skipFull: options.skipFullSessions,
  });
  // Enrolled above in every chosen session; those without a seat put the guest on their lists instead.
  await deleteGuestSchedules(trx, id, fullSessions);
  return { id, fullSessions };
}

/**
 * A guest whose meeting seat is already counted (one given from the waiting list): the guest row and
 * its search terms, no enrolments.
 */
export async function insertGuestHoldingSeat(
  trx: Db,
  values: Insertable<Database['guests']>,
): Promise<number> {
  const id = await repo.insertGuest(trx, values);
  await indexGuests(trx, [{ ...values, id, answers: values.answers }]);
  return id;
}

/** An enrolment whose seat is already counted (given from the session's waiting list). */
export async function enrolHoldingSeat(trx: Db, guestId: number, scheduleId: number, now: number) {
  await repo.insertGuestSchedules(trx, guestId, [scheduleId], now);
  await touchGuest(trx, guestId, now);
}

/** The sessions a user type of this meeting may enrol in, ascending; undefined if it has no such type. */
export function userTypeScheduleIds(db: Db, meetingId: number, userTypeId: number) {
  return repo.userTypeScheduleIds(db, meetingId, userTypeId);
}

/** The sessions a registration type may enrol in. */
export function allowedScheduleIds(db: Db, userTypeId: number): Promise<number[]> {
  return repo.allowedScheduleIds(db, userTypeId);
}

/**
 * Enrols a guest in one session, taking its seat: SESSION_FULL if none is left. Call inside a
 * transaction; returns the seat (`filled` when this enrolment took the last one).
 */
export async function enrolInSession(
  trx: Db,
  guestId: number,
  scheduleId: number,
  now: number,
): Promise<repo.SessionSeatTaken> {
  const seat = await repo.takeSessionSeat(trx, scheduleId);
  if (!seat) throw new AppError('SESSION_FULL', { data: { schedule_id: scheduleId } });
  await repo.insertGuestSchedules(trx, guestId, [scheduleId], now);
  await touchGuest(trx, guestId, now);
  return seat;
}

/** Gives a session's seat back (after its enrolment was removed, in the same transaction). */
export function releaseSessionSeat(trx: Db, scheduleId: number): Promise<void> {
  return repo.releaseSessionSeat(trx, scheduleId);
}

/**
 * A cancelled guest seated again (issue 44: a payment that came after the hold expired), when the
 * meeting's seat and each of `scheduleIds`' seats are free: the conditional updates a sign-up
 * takes, in its order (the meeting, the sessions ascending, then the guest). `alsoTake` is asked
 * last, with the seats taken (a sign-up takes its discount code's use after its seats): false
 * gives them back. Their phone comes back from `phone#id`; when that number signed up again
 * meanwhile the person already holds a seat: 'phone_taken'. 'no_seat', 'phone_taken' and 'refused'
 * change nothing; 'live': the guest was not cancelled; 'gone': no such guest, or erased. The
 * unique (meeting, area code, phone) index has the last word on a sign-up racing this one.
 */
export async function reinstateGuest(
  trx: Db,
  guestId: number,
  scheduleIds: readonly number[],
  now: number,
  options: { alsoTake?: () => Promise<boolean> } = {},
): Promise<'seated' | 'no_seat' | 'phone_taken' | 'refused' | 'live' | 'gone'> {
  const guest = await findGuestFields(trx, guestId);
  if (!guest || guest.erased_at !== null) return 'gone';
  if (guest.cancelled_at === null) return 'live';
  const suffix = `#${guest.id}`;
  const phone = guest.phone.endsWith(suffix) ? guest.phone.slice(0, -suffix.length) : guest.phone;
  if (await phoneTaken(trx, guest.meeting_id, guest.area_code, phone)) return 'phone_taken';
  if (!(await repo.takeMeetingSeat(trx, guest.meeting_id))) return 'no_seat';
  const taken: number[] = [];
  // Given back at once, under the locks just taken: nothing changed.
  const giveBack = async () => {
    await repo.releaseSessionSeats(trx, taken);
    await repo.releaseMeetingSeat(trx, guest.meeting_id);
  };
  for (const scheduleId of [...new Set(scheduleIds)].sort((a, b) => a - b)) {
    if (!(await repo.takeSessionSeat(trx, scheduleId))) {
      await giveBack();
      return 'no_seat';
    }
    taken.push(scheduleId);
  }
  if (options.alsoTake && !(await options.alsoTake())) {
    await giveBack();
    return 'refused';
  }
  if (!(await reinstateGuestRow(trx, guest.id, phone, now))) throw new AppError('CONFLICT');
  await repo.insertGuestSchedules(trx, guest.id, taken, now);
  await indexGuests(trx, [{ ...guest, phone }]);
  return 'seated';
}
