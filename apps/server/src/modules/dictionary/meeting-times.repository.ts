import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Row = Database['meeting_times'];

/** Column lists shared by the reads of this table: `slot` is what a form or a file shows of a slot. */
export const meetingTimeColumns = {
  slot: ['id', 'start_time', 'end_time', 'remark', 'remark_cn', 'remark_en'],
  full: [
    'id',
    'organization_id',
    'start_time',
    'end_time',
    'remark',
    'remark_cn',
    'remark_en',
    'created_at',
    'updated_at',
  ],
} as const;

const columns = meetingTimeColumns.full;

/** The global time slots and those of `owners` (null: every slot). */
export function listMeetingTimes(db: Db, owners: readonly number[] | null) {
  let query = db.selectFrom('meeting_times').select(columns);
  if (owners !== null)
    query = query.where((eb) =>
      eb.or([eb('organization_id', 'is', null), eb('organization_id', 'in', owners.length ? owners : [-1])]),
    );
  return query.orderBy('start_time').orderBy('end_time').orderBy('id').execute();
}

export function findMeetingTime(db: Db, id: number) {
  return db.selectFrom('meeting_times').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findMeetingTimes(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('meeting_times').select(columns).where('id', 'in', ids).execute();
}

export function insertMeetingTime(db: Db, values: Insertable<Row>) {
  return db.insertInto('meeting_times').values(values).returning(columns).executeTakeFirstOrThrow();
}

export function updateMeetingTime(db: Db, id: number, values: Updateable<Row>) {
  return db
    .updateTable('meeting_times')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

/**
 * Deletes the time slot only while no session (of any meeting, soft-deleted ones included) uses it,
 * in one statement: a session added meanwhile cannot slip between a check and the delete.
 */
export async function deleteUnusedMeetingTime(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('meeting_times')
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('schedules').select('schedules.id').where('schedules.meeting_time_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the organisation owns any time slot. */
export async function organizationHasMeetingTimes(db: Db, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('meeting_times')
    .select('id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The time slots global or owned by one of `owners`, in time order. */
export function listTimeSlots(db: Db, owners: readonly number[]) {
  return db
    .selectFrom('meeting_times')
    .select(meetingTimeColumns.slot)
    .where((eb) =>
      owners.length > 0
        ? eb.or([eb('organization_id', 'is', null), eb('organization_id', 'in', [...owners])])
        : eb('organization_id', 'is', null),
    )
    .orderBy('start_time')
    .orderBy('end_time')
    .orderBy('id')
    .execute();
}

export function findTimeSlots(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('meeting_times')
    .select(meetingTimeColumns.slot)
    .where('id', 'in', [...ids])
    .execute();
}
