import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GuestFormValues } from './guest-form.ts';
import { indexGuests, reindexGuest } from './guest-search.ts';
import * as repo from './guest-seats.repository.ts';
import { findGuestFields, guestScheduleIds, updateGuest } from './guests.repository.ts';

/*
 * Batches of guests (the bulk import, sign-ups admitted together): the same rules and seats as one
 * sign-up, many rows per statement. Part of the guest core's write API, exported through guest-rules.ts.
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
    inserted.map((g) => ({ ...g.values, id: g.id, answers: g.values.answers })),
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
  // From the row as stored: the columns and answers the import left out are kept, and their terms.
  const stored = await findGuestFields(trx, guest.id);
  if (stored) await reindexGuest(trx, stored);
  await repo.insertGuestSchedules(trx, guest.id, scheduleIds, now);
  return true;
}

/** The sessions a guest is enrolled in. */
export function enrolledScheduleIds(trx: Db, guestId: number): Promise<number[]> {
  return guestScheduleIds(trx, guestId);
}
