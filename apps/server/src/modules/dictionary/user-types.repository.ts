import type { Insertable, Updateable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Row = Database['user_types'];

/** Column lists shared by the reads of this table: `names` is what a form or a list shows of a type. */
export const userTypeColumns = {
  names: ['id', 'name', 'name_cn', 'name_en'],
  full: ['id', 'meeting_id', 'name', 'name_cn', 'name_en', 'sort', 'created_at', 'updated_at'],
} as const;

const columns = userTypeColumns.full;

export function listUserTypes(db: Db, meetingId: number) {
  return db
    .selectFrom('user_types')
    .select(columns)
    .where('meeting_id', '=', meetingId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A meeting's user types with their names in the three languages, in display order. */
export function listUserTypeNames(db: Db, meetingId: number) {
  return db
    .selectFrom('user_types')
    .select(userTypeColumns.names)
    .where('meeting_id', '=', meetingId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** user_type_id → schedule_id pairs of the meeting's user types, by session. */
export function listUserTypeSessions(db: Db, meetingId: number) {
  return db
    .selectFrom('user_type_schedules')
    .innerJoin('user_types', 'user_types.id', 'user_type_schedules.user_type_id')
    .select(['user_type_schedules.user_type_id', 'user_type_schedules.schedule_id'])
    .where('user_types.meeting_id', '=', meetingId)
    .orderBy('user_type_schedules.schedule_id')
    .execute();
}

const userTypeOfMeeting = preparedQuery<{ meetingId: number; userTypeId: number }>()((db, p) =>
  db
    .selectFrom('user_types')
    .leftJoin('user_type_schedules', 'user_type_schedules.user_type_id', 'user_types.id')
    .select('user_type_schedules.schedule_id')
    .where('user_types.id', '=', p('userTypeId'))
    .where('user_types.meeting_id', '=', p('meetingId'))
    .orderBy('user_type_schedules.schedule_id'),
);
/**
 * The sessions a user type of this meeting may enrol in, ascending, in one read; undefined when the
 * meeting has no such user type. Prepared: it is on the sign-up's hot path.
 */
export async function userTypeScheduleIds(
  db: Db,
  meetingId: number,
  userTypeId: number,
): Promise<number[] | undefined> {
  const rows = await userTypeOfMeeting.rows(db, { meetingId, userTypeId });
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) => (r.schedule_id === null ? [] : [Number(r.schedule_id)]));
}

const schedulesOfUserType = preparedQuery<{ userTypeId: number }>()((db, p) =>
  db
    .selectFrom('user_type_schedules')
    .select('schedule_id')
    .where('user_type_id', '=', p('userTypeId'))
    .orderBy('schedule_id'),
);
/** The sessions a user type may enrol in, ascending. */
export async function allowedScheduleIds(db: Db, userTypeId: number): Promise<number[]> {
  const rows = await schedulesOfUserType.rows(db, { userTypeId });
  return rows.map((r) => r.schedule_id);
}

/** Whether the user type is one of the meeting's. */
export async function isUserTypeOf(db: Db, userTypeId: number, meetingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_types')
    .select('id')
    .where('id', '=', userTypeId)
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
  return row !== undefined;
}

export function findUserType(db: Db, id: number) {
  return db.selectFrom('user_types').select(columns).where('id', '=', id).executeTakeFirst();
}

/** The session ids of each user type, in ascending order. */
export async function scheduleIdsByUserType(
  db: Db,
  userTypeIds: readonly number[],
): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(userTypeIds.map((id) => [id, []]));
  if (userTypeIds.length === 0) return map;
  const rows = await db
    .selectFrom('user_type_schedules')
    .select(['user_type_id', 'schedule_id'])
    .where('user_type_id', 'in', userTypeIds)
    .orderBy('schedule_id')
    .execute();
  for (const row of rows) map.get(row.user_type_id)?.push(row.schedule_id);
  return map;
}

export function insertUserType(db: Db, values: Insertable<Row>) {
  return db.insertInto('user_types').values(values).returning(columns).executeTakeFirstOrThrow();
}

export function updateUserType(db: Db, id: number, values: Updateable<Row>) {
  return db.updateTable('user_types').set(values).where('id', '=', id).returning(columns).executeTakeFirst();
}

/** Replaces the set of sessions a user type may enrol in (call inside a transaction). */
export async function replaceScheduleSet(
  trx: Db,
  userTypeId: number,
  scheduleIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('user_type_schedules').where('user_type_id', '=', userTypeId).execute();
  if (scheduleIds.length === 0) return;
  await trx
    .insertInto('user_type_schedules')
    .values(scheduleIds.map((schedule_id) => ({ user_type_id: userTypeId, schedule_id })))
    .execute();
}

/** Whether any guest (a cancelled one too: the row stays for the scan log) holds the user type. */
export async function userTypeHeld(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('guests').select('id').where('user_type_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the user type and its session set unless a guest holds it, checked in the delete itself
 * (a sign-up may land after an earlier check). Call inside a transaction: false leaves the set to
 * be rolled back by the caller's refusal.
 */
export async function deleteUnheldUserType(trx: Db, id: number): Promise<boolean> {
  await trx.deleteFrom('user_type_schedules').where('user_type_id', '=', id).execute();
  const result = await trx
    .deleteFrom('user_types')
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('guests').select('guests.id').where('guests.user_type_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The meeting's registration types whose sign-ups wait for approval (issue 45), ascending. */
export async function approvalUserTypeIds(db: Db, meetingId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_types')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .where('needs_approval', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Whether a registration type's sign-ups wait for approval (with the meeting's approval 'types'). */
export async function userTypeNeedsApproval(db: Db, userTypeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_types')
    .select('needs_approval')
    .where('id', '=', userTypeId)
    .executeTakeFirst();
  return row?.needs_approval === 1;
}

/** Marks exactly `ids` among the meeting's registration types as waiting for approval. */
export async function setApprovalUserTypes(db: Db, meetingId: number, ids: readonly number[]): Promise<void> {
  let clear = db.updateTable('user_types').set({ needs_approval: 0 }).where('meeting_id', '=', meetingId);
  if (ids.length > 0) clear = clear.where('id', 'not in', ids);
  await clear.execute();
  if (ids.length > 0)
    await db
      .updateTable('user_types')
      .set({ needs_approval: 1 })
      .where('meeting_id', '=', meetingId)
      .where('id', 'in', ids)
      .execute();
}
