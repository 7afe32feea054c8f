import { PostgresAdapter, sql, type Insertable } from 'kysely';
import { insertRows, powerOfTwoChunks, preparedQuery, sameColumns } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

/*
 * The sign-up form's lookups and the seats, taken and released here for both faces (the visitor's
 * sign-up and enrolment, the back office's add and edit). Prepared: they are on the sign-up's hot path.
 */

/* The form's lookups: the dictionary module's reads (prepared there). */
export {
  collegeCategoryOwner as findCollegeCategory,
  sessionIdsOfUserType as allowedScheduleIds,
  userTypeSessionIds as userTypeScheduleIds,
} from '../dictionary/dictionary.reads.ts';

/** A seat just taken; `filled` when it was the last one (the count has reached a non-zero limit). */
export interface SeatTaken {
  filled: boolean;
}
export interface SessionSeatTaken extends SeatTaken {
  id: number;
  name: string;
  name_cn: string;
  name_en: string;
}
/** Collects the seats a transaction filled, so that the organisers are notified after the commit. */
export interface FilledSeats {
  meeting: boolean;
  sessions: SessionSeatTaken[];
}

/**
 * Which seat a guest takes (issue 45): 'public' — one left under the limit, less the seats held by
 * open offers and those reserved for invitees; 'reserved' — one of the invitee seats
 * (`invitee_reserved`), or a public one when none is left; 'bypass' — past the limit (an invitation
 * that bypasses it, a walk-in synced from an offline station).
 */
export type SeatKind = 'public' | 'reserved' | 'bypass';

/**
 * Takes one seat of the meeting if one is left (0 = unlimited): the conditional UPDATE is the
 * capacity check (DESIGN.md, Data). Seats held by open offers of the waiting list and those reserved
 * for invitees count as taken. Undefined means full. Call inside the sign-up transaction. RETURNING
 * the new count tells, at no extra cost, whether this was the last seat.
 */
const meetingSeat = preparedQuery<{ meetingId: number }>()((db, p) =>
  db
    .updateTable('meetings')
    .set({ registered_count: sql<number>`registered_count + 1` })
    .where('id', '=', p('meetingId'))
    .where((eb) =>
      eb.or([
        eb('registration_limit', '=', 0),
        sql<boolean>`registered_count + waitlist_held + invitee_reserved < registration_limit`,
      ]),
    )
    .returning(['registered_count', 'registration_limit', 'waitlist_held', 'invitee_reserved']),
);
/** An invitee's reserved seat: one reserved seat becomes a taken one. */
const reservedSeat = preparedQuery<{ meetingId: number }>()((db, p) =>
  db
    .updateTable('meetings')
    .set({
      registered_count: sql<number>`registered_count + 1`,
      invitee_reserved: sql<number>`invitee_reserved - 1`,
    })
    .where('id', '=', p('meetingId'))
    .where('invitee_reserved', '>', 0)
    .returning(['registered_count', 'registration_limit', 'waitlist_held', 'invitee_reserved']),
);
/** A seat past the limit. */
const bypassSeat = preparedQuery<{ meetingId: number }>()((db, p) =>
  db
    .updateTable('meetings')
    .set({ registered_count: sql<number>`registered_count + 1` })
    .where('id', '=', p('meetingId'))
    .returning(['registered_count', 'registration_limit', 'waitlist_held', 'invitee_reserved']),
);
export async function takeMeetingSeat(
  trx: Db,
  meetingId: number,
  kind: SeatKind = 'public',
): Promise<SeatTaken | undefined> {
  await queueForMeetingRow(trx, meetingId);
  const row =
    (kind === 'reserved' ? await reservedSeat.takeFirst(trx, { meetingId }) : undefined) ??
    (kind === 'bypass'
      ? await bypassSeat.takeFirst(trx, { meetingId })
      : await meetingSeat.takeFirst(trx, { meetingId }));
  if (!row) return undefined;
  const limit = Number(row.registration_limit);
  const taken = Number(row.registered_count) + Number(row.waitlist_held) + Number(row.invitee_reserved);
  return { filled: limit > 0 && taken >= limit };
}

/**
 * PostgreSQL: sign-ups queue for a meeting's row in arrival order on a transaction-level advisory
 * lock, taken just before the seat UPDATE. Hundreds waiting on the row lock itself all wake at each
 * COMMIT and fight over the lock manager; the queue hands the row to one at a time (measured: p99
 * 1.45 s → 0.9 s for 5,000 sign-ups on one meeting). SQLite runs one writer: nothing to queue.
 */
async function queueForMeetingRow(trx: Db, meetingId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${MEETING_SEAT_QUEUE}, ${meetingId})`.execute(trx);
}
/** The advisory locks' first key: this queue's own number space. */
const MEETING_SEAT_QUEUE = 1;

/** The same for a session's seat. */
const sessionSeat = preparedQuery<{ scheduleId: number }>()((db, p) =>
  db
    .updateTable('schedules')
    .set({ signup_count: sql<number>`signup_count + 1` })
    .where('id', '=', p('scheduleId'))
    .where((eb) =>
      eb.or([eb('signup_limit', '=', 0), sql<boolean>`signup_count + waitlist_held < signup_limit`]),
    )
    .returning(['id', 'name', 'name_cn', 'name_en', 'signup_count', 'signup_limit', 'waitlist_held']),
);
export async function takeSessionSeat(trx: Db, scheduleId: number): Promise<SessionSeatTaken | undefined> {
  const row = await sessionSeat.takeFirst(trx, { scheduleId });
  if (!row) return undefined;
  const limit = Number(row.signup_limit);
  return {
    id: Number(row.id),
    name: row.name,
    name_cn: row.name_cn,
    name_en: row.name_en,
    filled: limit > 0 && Number(row.signup_count) + Number(row.waitlist_held) >= limit,
  };
}

/**
 * Locks a session's row without changing it (a full session whose waiting list a sign-up joins):
 * taken in the ascending pass with the others, so the list's later UPDATE never locks out of order.
 */
export async function lockSessionRow(trx: Db, scheduleId: number): Promise<void> {
  await trx
    .updateTable('schedules')
    .set({ signup_count: sql<number>`signup_count` })
    .where('id', '=', scheduleId)
    .execute();
}

export async function releaseSessionSeat(trx: Db, scheduleId: number): Promise<void> {
  await trx
    .updateTable('schedules')
    .set({ signup_count: sql<number>`signup_count - 1` })
    .where('id', '=', scheduleId)
    .where('signup_count', '>', 0)
    .execute();
}

export async function insertGuest(trx: Db, values: Insertable<Database['guests']>): Promise<number> {
  const [row] = await insertRows<'guests', { id: number }>(trx, 'guests', [values], ['id']);
  return row!.id;
}

export async function insertGuestSchedules(
  trx: Db,
  guestId: number,
  scheduleIds: readonly number[],
  now: number,
): Promise<void> {
  if (scheduleIds.length === 0) return;
  await trx
    .insertInto('guest_schedules')
    .values(
      scheduleIds.map((scheduleId) => ({ guest_id: guestId, schedule_id: scheduleId, created_at: now })),
    )
    .execute();
}

/** Guests inserted in this transaction whose seats were refused: their terms and enrolments go with them. */
export async function deleteNewGuests(trx: Db, guestIds: readonly number[]): Promise<void> {
  if (guestIds.length === 0) return;
  await trx.deleteFrom('guests').where('id', 'in', guestIds).execute();
}

/** Gives back the seats of these sessions (one each). */
export async function releaseSessionSeats(trx: Db, scheduleIds: readonly number[]): Promise<void> {
  if (scheduleIds.length === 0) return;
  await trx
    .updateTable('schedules')
    .set({ signup_count: sql<number>`signup_count - 1` })
    .where('id', 'in', scheduleIds)
    .where('signup_count', '>', 0)
    .execute();
}

export async function releaseMeetingSeat(trx: Db, meetingId: number): Promise<void> {
  await trx
    .updateTable('meetings')
    .set({ registered_count: sql<number>`registered_count - 1` })
    .where('id', '=', meetingId)
    .where('registered_count', '>', 0)
    .execute();
}

/*
 * Batches (the bulk import): seats counted under lock and added at once, guests inserted many rows
 * per statement. PostgreSQL locks the meeting row, then the sessions in ascending id order — the
 * order a sign-up's conditional UPDATEs take — so the two never wait on each other in a cycle;
 * SQLite runs one write transaction at a time. The rows are locked FOR NO KEY UPDATE, as the seat
 * UPDATEs lock them: it excludes every other seat writer but not a foreign-key check's KEY SHARE, so
 * a batch that has already written rows referencing the meeting (a group's booking row) does not
 * deadlock with another such batch.
 */

export interface SeatCount {
  count: number;
  /** 0 = unlimited. */
  limit: number;
}

export async function lockMeetingSeats(
  trx: Db,
  locking: boolean,
  meetingId: number,
): Promise<SeatCount | undefined> {
  let query = trx
    .selectFrom('meetings')
    .select(['registered_count', 'registration_limit', 'waitlist_held', 'invitee_reserved'])
    .where('id', '=', meetingId);
  if (locking) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  // Seats held by open offers, or reserved for invitees, are not free.
  return (
    row && {
      count: Number(row.registered_count) + Number(row.waitlist_held) + Number(row.invitee_reserved),
      limit: Number(row.registration_limit),
    }
  );
}

export async function lockSessionSeats(
  trx: Db,
  locking: boolean,
  scheduleIds: readonly number[],
): Promise<Map<number, SeatCount & Omit<SessionSeatTaken, 'filled'>>> {
  if (scheduleIds.length === 0) return new Map();
  let query = trx
    .selectFrom('schedules')
    .select(['id', 'name', 'name_cn', 'name_en', 'signup_count', 'signup_limit', 'waitlist_held'])
    .where('id', 'in', [...scheduleIds])
    .orderBy('id');
  if (locking) query = query.forNoKeyUpdate();
  const rows = await query.execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: r.name,
        name_cn: r.name_cn,
        name_en: r.name_en,
        count: Number(r.signup_count) + Number(r.waitlist_held),
        limit: Number(r.signup_limit),
      },
    ]),
  );
}

export async function addMeetingSeats(trx: Db, meetingId: number, seats: number): Promise<void> {
  await trx
    .updateTable('meetings')
    .set({ registered_count: sql<number>`registered_count + ${seats}` })
    .where('id', '=', meetingId)
    .execute();
}

export async function addSessionSeats(trx: Db, scheduleId: number, seats: number): Promise<void> {
  await trx
    .updateTable('schedules')
    .set({ signup_count: sql<number>`signup_count + ${seats}` })
    .where('id', '=', scheduleId)
    .execute();
}

/**
 * Many guests, a bounded number of rows per statement; answers each new id by its guest code. With
 * `skipTakenPhones`, a row whose phone the meeting already has (or an earlier row of the same call
 * has) is left out instead of failing the statement: it gets no id.
 */
export async function insertGuests(
  trx: Db,
  rows: readonly Insertable<Database['guests']>[],
  options: { skipTakenPhones?: boolean } = {},
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const skipConflictsOn = options.skipTakenPhones ? ['meeting_id', 'area_code', 'phone'] : [];
  // The sign-ups of a batch fill the same columns: their INSERT is compiled once per shape
  // (Kysely building a 64-row INSERT on every batch cost a twentieth of a sign-up's CPU).
  if (sameColumns(rows)) {
    const inserted = await insertRows<'guests', { id: number; guest_code: string }>(
      trx,
      'guests',
      rows,
      ['id', 'guest_code'],
      skipConflictsOn,
    );
    for (const row of inserted) ids.set(row.guest_code, row.id);
    return ids;
  }
  // ~25 columns a row: 256 rows stay well under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
  for (const chunk of powerOfTwoChunks(rows)) {
    let insert = trx.insertInto('guests').values([...chunk]);
    if (skipConflictsOn.length) {
      insert = insert.onConflict((conflict) =>
        conflict.columns(['meeting_id', 'area_code', 'phone']).doNothing(),
      );
    }
    const inserted = await insert.returning(['id', 'guest_code']).execute();
    for (const row of inserted) ids.set(row.guest_code, row.id);
  }
  return ids;
}

export async function insertEnrolments(
  trx: Db,
  rows: readonly { guest_id: number; schedule_id: number; created_at: number }[],
): Promise<void> {
  await insertRows(trx, 'guest_schedules', rows);
}
