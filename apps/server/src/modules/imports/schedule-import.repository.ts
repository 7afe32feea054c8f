import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * The schedule workbook's queries: a date-schedule meeting's sessions, registration types and the
 * college categories and time slots its organisation may use, and the writes of an applied workbook
 * (always inside the caller's transaction).
 */

/** The meeting's sessions, with their seats taken. */
export function sessionsOfMeeting(db: Db, meetingId: number) {
  return db
    .selectFrom('schedules')
    .select([
      'id',
      'name',
      'name_cn',
      'name_en',
      'date',
      'signup_limit',
      'signup_count',
      'meeting_time_id',
      'sort',
    ])
    .where('meeting_id', '=', meetingId)
    .orderBy('date')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * PostgreSQL: holds the meeting's sessions until the transaction ends, so that the seats taken
 * read while judging the workbook are the seats taken when it is written.
 */
export async function lockSessionsOfMeeting(trx: Db, meetingId: number): Promise<void> {
  await trx
    .selectFrom('schedules')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .orderBy('id') // the order sign-ups and imports lock sessions in
    .forUpdate()
    .execute();
}

export function userTypesOfMeeting(db: Db, meetingId: number) {
  return db
    .selectFrom('user_types')
    .select(['id', 'name', 'name_cn', 'name_en', 'sort'])
    .where('meeting_id', '=', meetingId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** College categories that are global or owned by one of `owners`, with their owner. */
export function categoriesFor(db: Db, owners: readonly number[]) {
  return db
    .selectFrom('college_categories')
    .select(['id', 'organization_id', 'name', 'name_cn', 'name_en', 'sort'])
    .where((eb) =>
      owners.length > 0
        ? eb.or([eb('organization_id', 'is', null), eb('organization_id', 'in', [...owners])])
        : eb('organization_id', 'is', null),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/* The time slots a file may name: the dictionary module's reads. */
export { timeSlotsByIds, timeSlotsFor } from '../dictionary/dictionary.reads.ts';

/* Writes: new entries in batches (a workbook may hold thousands), each one transaction's part. */

/** Rows per INSERT: well within both databases' limits on bound parameters. */
const BATCH = 500;

interface Names {
  name: string;
  name_cn: string;
  name_en: string;
}

function* batches<T>(rows: readonly T[], size = BATCH): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/**
 * Adds sessions; answers each new id with its sort value, which the caller makes unique among
 * them (the order RETURNING gives rows is not promised, the values are).
 */
export async function insertSessions(
  trx: Db,
  rows: readonly (Names & {
    meeting_id: number;
    date: string;
    signup_limit: number;
    meeting_time_id: number | null;
    sort: number;
    created_at: number;
    updated_at: number;
  })[],
): Promise<{ id: number; sort: number }[]> {
  const created: { id: number; sort: number }[] = [];
  for (const batch of batches(rows))
    created.push(...(await trx.insertInto('schedules').values(batch).returning(['id', 'sort']).execute()));
  return created;
}

/**
 * Changes a session of the meeting unless its new limit is below the seats taken, checked by the
 * update itself (0 = unlimited always fits). Answers whether it did.
 */
export async function updateSessionWithinCount(
  trx: Db,
  meetingId: number,
  id: number,
  values: Names & { signup_limit: number; meeting_time_id?: number | null; updated_at: number },
): Promise<boolean> {
  let query = trx
    .updateTable('schedules')
    .set(values)
    .where('id', '=', id)
    .where('meeting_id', '=', meetingId);
  // Seats held by open offers of the waiting list count as taken.
  if (values.signup_limit > 0)
    query = query.where(sql<boolean>`signup_count + waitlist_held <= ${values.signup_limit}`);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds registration types; answers each new id with its (unique among them) sort value. */
export async function insertUserTypes(
  trx: Db,
  rows: readonly (Names & { meeting_id: number; sort: number; created_at: number; updated_at: number })[],
): Promise<{ id: number; sort: number }[]> {
  const created: { id: number; sort: number }[] = [];
  for (const batch of batches(rows))
    created.push(...(await trx.insertInto('user_types').values(batch).returning(['id', 'sort']).execute()));
  return created;
}

export async function updateUserType(
  trx: Db,
  meetingId: number,
  id: number,
  values: Names & { updated_at: number },
): Promise<void> {
  await trx
    .updateTable('user_types')
    .set(values)
    .where('id', '=', id)
    .where('meeting_id', '=', meetingId)
    .execute();
}

/** Replaces the sessions each of these registration types may enrol in with the links given. */
export async function replaceAllowedSessions(
  trx: Db,
  userTypeIds: readonly number[],
  links: readonly { user_type_id: number; schedule_id: number }[],
): Promise<void> {
  for (const batch of batches(userTypeIds))
    await trx.deleteFrom('user_type_schedules').where('user_type_id', 'in', batch).execute();
  for (const batch of batches(links)) await trx.insertInto('user_type_schedules').values(batch).execute();
}

export async function insertCategories(
  trx: Db,
  rows: readonly (Names & {
    organization_id: number;
    sort: number;
    created_at: number;
    updated_at: number;
  })[],
): Promise<void> {
  for (const batch of batches(rows)) await trx.insertInto('college_categories').values(batch).execute();
}

/** Renames a category the organisation owns (never a global one or another organisation's). */
export async function updateOwnCategory(
  trx: Db,
  organizationId: number,
  id: number,
  values: Names & { updated_at: number },
): Promise<void> {
  await trx
    .updateTable('college_categories')
    .set(values)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .execute();
}
