import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { indexGuests } from '../modules/guests/guest-search.ts';
import type { Db } from '../db/database.ts';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits for our widest table. */
const BATCH = 200;

/** Runs `insert` on consecutive slices of `rows`. */
async function inBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** Every meeting row, soft-deleted ones too: the seed only fills a database that has none. */
export async function countMeetings(db: Db): Promise<number> {
  const row = await db
    .selectFrom('meetings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findRoleIdsByCode(db: Db) {
  return db.selectFrom('roles').select(['id', 'code']).where('code', 'is not', null).execute();
}

/** The first enabled administrator: the demo meetings are created in their name. */
export async function findAdministratorId(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select('users.id')
    .where('roles.is_admin', '=', 1)
    .where('users.enabled', '=', 1)
    .orderBy('users.id')
    .executeTakeFirst();
  return row?.id;
}

/** Inserts the guests and answers guest_code → id (read back: RETURNING order is not guaranteed). */
export async function insertGuests(
  trx: Db,
  meetingId: number,
  rows: readonly Insertable<Database['guests']>[],
): Promise<Map<string, number>> {
  await inBatches(rows, (batch) => trx.insertInto('guests').values(batch).execute());
  const ids = await trx
    .selectFrom('guests')
    .select(['id', 'guest_code'])
    .where('meeting_id', '=', meetingId)
    .execute();
  const byCode = new Map(ids.map((r) => [r.guest_code, Number(r.id)]));
  await indexGuests(
    trx,
    rows.map((row) => ({ ...row, id: byCode.get(row.guest_code)!, answers: row.answers })),
  );
  return byCode;
}

export function insertGuestSchedules(trx: Db, rows: readonly Insertable<Database['guest_schedules']>[]) {
  return inBatches(rows, (batch) => trx.insertInto('guest_schedules').values(batch).execute());
}

/** Scan rows with each operator's name as it is now, the moment the demo scans are made. */
export async function insertCheckIns(trx: Db, rows: readonly Insertable<Database['check_ins']>[]) {
  const operatorIds = [...new Set(rows.flatMap((row) => (row.operator_id == null ? [] : [row.operator_id])))];
  const names = new Map(
    operatorIds.length === 0
      ? []
      : (await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', operatorIds).execute()).map(
          (user) => [Number(user.id), user.name],
        ),
  );
  const named = rows.map((row) => ({
    ...row,
    operator_name: row.operator_id == null ? null : (names.get(row.operator_id) ?? null),
  }));
  return inBatches(named, (batch) => trx.insertInto('check_ins').values(batch).execute());
}

export function insertAttendance(trx: Db, rows: readonly Insertable<Database['guest_attendance']>[]) {
  return inBatches(rows, (batch) => trx.insertInto('guest_attendance').values(batch).execute());
}

/**
 * Sets the capacity counters from the rows they count, so that they agree by construction:
 * the meeting's live guests and each session's enrolments.
 */
export async function syncCounters(trx: Db, meetingId: number): Promise<void> {
  await trx
    .updateTable('meetings')
    .set({
      registered_count: (eb) =>
        eb
          .selectFrom('guests')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('guests.meeting_id', '=', meetingId)
          .where('guests.cancelled_at', 'is', null),
    })
    .where('id', '=', meetingId)
    .execute();
  await trx
    .updateTable('schedules')
    .set({
      signup_count: sql<number>`(select count(*) from guest_schedules where guest_schedules.schedule_id = schedules.id)`,
    })
    .where('meeting_id', '=', meetingId)
    .execute();
}

/** A meeting's own form fields (the builder's document, version 1). */
export async function insertForm(trx: Db, meetingId: number, fields: string, now: number): Promise<void> {
  await trx
    .insertInto('registration_forms')
    .values({ meeting_id: meetingId, fields, version: 1, updated_at: now })
    .execute();
}
