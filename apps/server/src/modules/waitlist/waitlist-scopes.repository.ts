import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * The lists' rows on `meetings` (the meeting's own list) and `schedules` (a session's), issue 19:
 * the counters — waiting, held and seat counts with the limit — that every change to a list locks
 * first, and the meeting or session a list belongs to.
 */

/** A list: the meeting's own (scope 0) or one of its sessions'. */
export interface Scope {
  meetingId: number;
  /** 0: the meeting; otherwise schedules.id. */
  scopeId: number;
}

/** A list's seats and settings, read under the row's lock on PostgreSQL (SQLite has one writer). */
export interface ScopeState {
  limit: number;
  /** Guests (the meeting's list) or enrolments (a session's). */
  count: number;
  /** Seats held by open offers. */
  held: number;
  enabled: boolean;
  max: number;
  waiting: number;
  /** The meeting's offer hours (0 = automatic), for its sessions' lists too. */
  offerHours: number;
  /** The meeting is deleted or over: nobody is given a seat any more. */
  meetingDeletedAt: number | null;
  meetingEndAt: number;
}

const meetingFields = ['waitlist_offer_hours', 'deleted_at', 'end_at'] as const;

export async function lockScope(trx: Db, scope: Scope, locking: boolean): Promise<ScopeState | undefined> {
  if (scope.scopeId === 0) {
    let query = trx
      .selectFrom('meetings')
      .select([
        'registration_limit as limit',
        'registered_count as count',
        // Seats reserved for invitees are held from the public as the offers' are (issue 45).
        sql<number>`waitlist_held + invitee_reserved`.as('waitlist_held'),
        'waitlist_enabled',
        'waitlist_max',
        'waiting_count',
        ...meetingFields,
      ])
      .where('id', '=', scope.meetingId);
    if (locking) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toState(row, row);
  }
  let query = trx
    .selectFrom('schedules')
    .select([
      'signup_limit as limit',
      'signup_count as count',
      'waitlist_held',
      'waitlist_enabled',
      'waitlist_max',
      'waiting_count',
    ])
    .where('id', '=', scope.scopeId)
    .where('meeting_id', '=', scope.meetingId);
  if (locking) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const meeting = await trx
    .selectFrom('meetings')
    .select(meetingFields)
    .where('id', '=', scope.meetingId)
    .executeTakeFirstOrThrow();
  return toState(row, meeting);
}

function toState(
  row: {
    limit: number;
    count: number;
    waitlist_held: number;
    waitlist_enabled: number;
    waitlist_max: number;
    waiting_count: number;
  },
  meeting: { waitlist_offer_hours: number; deleted_at: number | null; end_at: number },
): ScopeState {
  return {
    limit: Number(row.limit),
    count: Number(row.count),
    held: Number(row.waitlist_held),
    enabled: Number(row.waitlist_enabled) === 1,
    max: Number(row.waitlist_max),
    waiting: Number(row.waiting_count),
    offerHours: Number(meeting.waitlist_offer_hours),
    meetingDeletedAt: meeting.deleted_at === null ? null : Number(meeting.deleted_at),
    meetingEndAt: Number(meeting.end_at),
  };
}

/** What taking a place answered: its number, its position (all waiting are ahead), and the seats. */
export interface PlaceTaken {
  seq: number;
  position: number;
  /** A seat is free right now (freed between the "full" answer and this join): hand it out. */
  seatFree: boolean;
}

/**
 * A place in line: one conditional UPDATE checks that the list is on and below its maximum and
 * numbers the place; its row lock lasts until the commit, so numbers follow the commit order, and
 * everyone still waiting is ahead, so the new count is the new place's position. Undefined: closed
 * or at its maximum.
 */
export async function takePlaceNumber(trx: Db, scope: Scope): Promise<PlaceTaken | undefined> {
  const row =
    scope.scopeId === 0
      ? await trx
          .updateTable('meetings')
          .set({ waitlist_seq: sql`waitlist_seq + 1`, waiting_count: sql`waiting_count + 1` })
          .where('id', '=', scope.meetingId)
          .where('waitlist_enabled', '=', 1)
          .where((eb) =>
            eb.or([eb('waitlist_max', '=', 0), eb('waiting_count', '<', eb.ref('waitlist_max'))]),
          )
          .returning([
            'waitlist_seq',
            'waiting_count',
            'registration_limit as limit',
            'registered_count as count',
            sql<number>`waitlist_held + invitee_reserved`.as('waitlist_held'),
          ])
          .executeTakeFirst()
      : await trx
          .updateTable('schedules')
          .set({ waitlist_seq: sql`waitlist_seq + 1`, waiting_count: sql`waiting_count + 1` })
          .where('id', '=', scope.scopeId)
          .where('waitlist_enabled', '=', 1)
          .where((eb) =>
            eb.or([eb('waitlist_max', '=', 0), eb('waiting_count', '<', eb.ref('waitlist_max'))]),
          )
          .returning([
            'waitlist_seq',
            'waiting_count',
            'signup_limit as limit',
            'signup_count as count',
            'waitlist_held',
          ])
          .executeTakeFirst();
  if (!row) return undefined;
  const limit = Number(row.limit);
  return {
    seq: Number(row.waitlist_seq),
    position: Number(row.waiting_count),
    seatFree: limit === 0 || Number(row.count) + Number(row.waitlist_held) < limit,
  };
}

/** Counters of a list: those waiting, the guests or enrolments, the seats held by offers, the limit. */
export async function adjustScope(
  trx: Db,
  scope: Scope,
  change: { waiting?: number; seats?: number; held?: number; limit?: number },
): Promise<void> {
  const { waiting = 0, seats = 0, held = 0, limit = 0 } = change;
  if (scope.scopeId === 0) {
    await trx
      .updateTable('meetings')
      .set({
        waiting_count: sql`waiting_count + ${waiting}`,
        registered_count: sql`registered_count + ${seats}`,
        waitlist_held: sql`waitlist_held + ${held}`,
        registration_limit: sql`registration_limit + ${limit}`,
      })
      .where('id', '=', scope.meetingId)
      .execute();
  } else {
    await trx
      .updateTable('schedules')
      .set({
        waiting_count: sql`waiting_count + ${waiting}`,
        signup_count: sql`signup_count + ${seats}`,
        waitlist_held: sql`waitlist_held + ${held}`,
        signup_limit: sql`signup_limit + ${limit}`,
      })
      .where('id', '=', scope.scopeId)
      .execute();
  }
}

/** A session of the meeting (its list's name and seats), if it is one. */
export function scheduleOfMeeting(db: Db, meetingId: number, scheduleId: number) {
  return db
    .selectFrom('schedules')
    .select([
      'id',
      'name',
      'name_cn',
      'name_en',
      'signup_limit',
      'signup_count',
      'waitlist_enabled',
      'waitlist_max',
    ])
    .where('id', '=', scheduleId)
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
}

/** The meeting of a place (deleted ones too: the caller decides). */
export function meetingOfEntry(db: Db, meetingId: number) {
  return db
    .selectFrom('meetings')
    .select(['id', 'public_id', 'name', 'name_cn', 'name_en', 'meeting_type', 'deleted_at'])
    .where('id', '=', meetingId)
    .executeTakeFirst();
}
