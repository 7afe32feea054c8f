import { normalizePhone } from '@meetflow/shared/phone';
import { type SignUpInput } from '@meetflow/shared/schemas/public';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { indexGuests, reindexGuest } from './guest-search.ts';
import { ownerCovers } from '../../core/organization-scope.ts';
import * as repo from './guest-seats.repository.ts';
import { deleteGuestSchedules, guestScheduleIds, touchGuest, updateGuest } from './guests.repository.ts';
import type { Db } from '../../db/database.ts';

export type { FilledSeats, SessionSeatTaken } from './guest-seats.repository.ts';

/*
 * The guest core's write API: the rules a guest's data obeys and the seats it takes, whoever writes
 * it: the visitor face (sign-up, enrolment) and the back office (manual add and edit). The body has
 * already passed the shared `signUpBody` schema.
 */

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
 * order and every session the registration type allows. `allowedOf` reads a user type's sessions
 * (the visitor face shares one read among the sign-ups that arrive together).
 */
export async function checkScheduleChoice(
  db: Db,
  meeting: { id: number; organization_id: number },
  body: DateScheduleInput,
  allowedOf: (userTypeId: number) => Promise<number[] | undefined> = (userTypeId) =>
    userTypeScheduleIds(db, meeting.id, userTypeId),
): Promise<{ chosen: number[]; allowed: number[] }> {
  const allowed = await allowedOf(body.user_type_id);
  if (!allowed) throw fieldError('user_type_id', 'userTypeNotInMeeting');
  if (body.college_category_id !== null) {
    // Global, or owned by the meeting's organisation or one above it: never another tenant's.
    const category = await repo.findCollegeCategory(db, body.college_category_id);
    if (!category || !(await ownerCovers(db, category.organization_id, meeting.organization_id)))
      throw fieldError('college_category_id', 'collegeCategoryNotInMeeting');
  }
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
  options: { skipFullSessions?: boolean } = {},
): Promise<{ id: number; fullSessions: number[] }> {
  const id = await insertGuestHoldingSeat(trx, values);
  await repo.insertGuestSchedules(trx, id, scheduleIds, now);
  const seat = await repo.takeMeetingSeat(trx, values.meeting_id);
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
  await indexGuests(trx, [{ ...values, id }]);
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

/*
 * Batches of guests (the bulk import): the same rules and seats as one sign-up, many rows per statement.
 */

/** Why a guest of a batch got no seats. */
export type SeatRefusal = { full: 'meeting' } | { full: 'session'; scheduleId: number };

/**
 * The seats of one batch, counted under lock when it opens and handed out row by row in file order:
 * a guest gets the meeting's seat and every session's, or none. `commit` adds what was handed out,
 * one UPDATE per counter. With `overLimit` (invited guests) the limits are not applied.
 */
export async function openSeatLedger(
  trx: Db,
  options: { locking: boolean; meetingId: number; scheduleIds: readonly number[]; overLimit: boolean },
) {
  const locked = await repo.lockMeetingSeats(trx, options.locking, options.meetingId);
  if (!locked) throw new AppError('NOT_FOUND');
  const meeting = locked;
  const sessions = await repo.lockSessionSeats(
    trx,
    options.locking,
    [...new Set(options.scheduleIds)].sort((a, b) => a - b),
  );
  const left = (seat: repo.SeatCount) =>
    options.overLimit || seat.limit === 0 ? Infinity : seat.limit - seat.count;
  let meetingTaken = 0;
  const sessionTaken = new Map<number, number>();

  function take(scheduleIds: readonly number[], withMeetingSeat = true): SeatRefusal | null {
    if (withMeetingSeat && left(meeting) - meetingTaken <= 0) return { full: 'meeting' };
    for (const id of scheduleIds) {
      const session = sessions.get(id);
      if (!session || left(session) - (sessionTaken.get(id) ?? 0) <= 0) {
        return { full: 'session', scheduleId: id };
      }
    }
    if (withMeetingSeat) meetingTaken += 1;
    for (const id of scheduleIds) sessionTaken.set(id, (sessionTaken.get(id) ?? 0) + 1);
    return null;
  }

  return {
    /** The meeting's seats left before this batch (null: no limit). */
    meetingSeatsLeft: (): number | null =>
      meeting.limit === 0 ? null : Math.max(0, meeting.limit - meeting.count),
    /** A new guest: the meeting's seat and each session's. */
    takeForNewGuest: (scheduleIds: readonly number[]) => take(scheduleIds, true),
    /** An existing guest enrolled in more sessions: their seats only. */
    takeSessions: (scheduleIds: readonly number[]) => take(scheduleIds, false),
    /** Adds the seats handed out; answers what this batch filled, for the organisers' notifications. */
    async commit(): Promise<repo.FilledSeats> {
      const filled: repo.FilledSeats = { meeting: false, sessions: [] };
      if (meetingTaken > 0) {
        await repo.addMeetingSeats(trx, options.meetingId, meetingTaken);
        filled.meeting =
          meeting.limit > 0 && meeting.count < meeting.limit && meeting.count + meetingTaken >= meeting.limit;
      }
      for (const [id, taken] of [...sessionTaken].sort((a, b) => a[0] - b[0])) {
        if (taken === 0) continue;
        await repo.addSessionSeats(trx, id, taken);
        const session = sessions.get(id)!;
        if (session.limit > 0 && session.count < session.limit && session.count + taken >= session.limit) {
          filled.sessions.push({
            id,
            name: session.name,
            name_cn: session.name_cn,
            name_en: session.name_en,
            filled: true,
          });
        }
      }
      return filled;
    },
  };
}
export type SeatLedger = Awaited<ReturnType<typeof openSeatLedger>>;

/** A guest of a batch whose seats the ledger has already handed out. */
export interface NewGuest {
  values: Insertable<Database['guests']>;
  scheduleIds: readonly number[];
}

/** Where two guests of one meeting collide: one row per area code and phone. */
const phoneKey = (g: NewGuest) => `${g.values.area_code} ${g.values.phone}`;

/**
 * New guests' rows (enrolments, search terms) written before their seats, as every batch writes
 * them: in phone order, so two writers that share numbers wait on each other in one order, never in
 * a cycle. A phone already taken — by a guest, one committing meanwhile (waited for), or an earlier
 * guest of the call — gets no row: undefined in its place. Answers the ids in the caller's order.
 */
export async function insertGuestsInPhoneOrder(
  trx: Db,
  guests: readonly NewGuest[],
  now: number,
): Promise<Array<number | undefined>> {
  const order = guests.map((_, i) => i);
  // Stable: of two guests with one phone, the first in the caller's order gets the row.
  order.sort((a, b) => {
    const [first, second] = [phoneKey(guests[a]!), phoneKey(guests[b]!)];
    return first < second ? -1 : first > second ? 1 : 0;
  });
  const sortedIds = await insertGuestRows(
    trx,
    order.map((i) => guests[i]!),
    now,
  );
  const ids: Array<number | undefined> = [];
  order.forEach((guestIndex, k) => (ids[guestIndex] = sortedIds[k]));
  return ids;
}

/** New guests' rows of this transaction refused a seat: deleted again, terms and enrolments with them. */
export function deleteNewGuests(trx: Db, guestIds: readonly number[]): Promise<void> {
  return repo.deleteNewGuests(trx, guestIds);
}

/** The rows of new guests, in the given order; a guest whose phone is taken gets no id and no rows. */
async function insertGuestRows(
  trx: Db,
  guests: readonly NewGuest[],
  now: number,
): Promise<Array<number | undefined>> {
  if (guests.length === 0) return [];
  const idsByCode = await repo.insertGuests(
    trx,
    guests.map((g) => g.values),
    { skipTakenPhones: true },
  );
  const ids = guests.map((g) => idsByCode.get(g.values.guest_code));
  const inserted = guests.flatMap((g, i) => (ids[i] === undefined ? [] : [{ ...g, id: ids[i] }]));
  await repo.insertEnrolments(
    trx,
    inserted.flatMap((g) =>
      g.scheduleIds.map((scheduleId) => ({ guest_id: g.id, schedule_id: scheduleId, created_at: now })),
    ),
  );
  await indexGuests(
    trx,
    inserted.map((g) => ({ ...g.values, id: g.id })),
  );
  return ids;
}

/** What became of one guest of a batch of sign-ups: its new id, or why it has none. */
export type BatchAdmission = { id: number } | { refused: 'phone_taken' } | { refused: SeatRefusal };

/**
 * Sign-ups admitted together, in one transaction (the visitor face under load). As with one
 * sign-up, the rows come before the seats, so the counters are locked only for the ledger and the
 * COMMIT: the guests' rows first, in phone order — two batches that share numbers then wait on each
 * other in one order, never in a cycle — and a phone already taken gets none. Then the seat ledger
 * locks the meeting and the sessions, hands out seats in arrival order (all of a guest's, or none)
 * and adds them with one UPDATE per counter; the rows of a guest refused a seat are deleted again.
 */
export async function admitGuestBatch(
  trx: Db,
  meetingId: number,
  guests: readonly NewGuest[],
  now: number,
  locking: boolean,
): Promise<{ outcomes: BatchAdmission[]; filled: repo.FilledSeats }> {
  // Of two sign-ups with one phone, the first to arrive gets the row.
  const ids = await insertGuestsInPhoneOrder(trx, guests, now);
  const ledger = await openSeatLedger(trx, {
    locking,
    meetingId,
    scheduleIds: guests.flatMap((g) => g.scheduleIds),
    overLimit: false,
  });
  const refusedIds: number[] = [];
  const outcomes = guests.map((guest, i): BatchAdmission => {
    const id = ids[i];
    if (id === undefined) return { refused: 'phone_taken' };
    const refusal = ledger.takeForNewGuest(guest.scheduleIds);
    if (!refusal) return { id };
    refusedIds.push(id);
    return { refused: refusal };
  });
  // A double submit whose first copy was refused a seat: the phone is not taken after all, and the
  // copy shares its twin's refusal (both then go on alone, where one may join the waiting list).
  const rowOwner = new Map<string, BatchAdmission>();
  guests.forEach((guest, i) => ids[i] !== undefined && rowOwner.set(phoneKey(guest), outcomes[i]!));
  guests.forEach((guest, i) => {
    const twin = rowOwner.get(phoneKey(guest));
    if (ids[i] === undefined && twin && !('id' in twin)) outcomes[i] = twin;
  });
  await repo.deleteNewGuests(trx, refusedIds);
  return { outcomes, filled: await ledger.commit() };
}

/**
 * An existing guest's form data replaced, and enrolled in the sessions they were not in yet (none
 * is removed: an import adds). The ledger must have handed out the new sessions' seats.
 */
export async function updateGuestAddingSessions(
  trx: Db,
  guest: { id: number; meeting_id: number },
  values: GuestFormValues,
  scheduleIds: readonly number[],
  now: number,
): Promise<boolean> {
  if (!(await updateGuest(trx, guest.id, values, now))) return false;
  await reindexGuest(trx, { ...values, id: guest.id, meeting_id: guest.meeting_id });
  await repo.insertGuestSchedules(trx, guest.id, scheduleIds, now);
  return true;
}

/** The sessions a guest is enrolled in. */
export function enrolledScheduleIds(trx: Db, guestId: number): Promise<number[]> {
  return guestScheduleIds(trx, guestId);
}
