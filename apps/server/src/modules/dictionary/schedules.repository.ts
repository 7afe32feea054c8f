import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Row = Database['schedules'];

/** Column lists shared by the reads of this table: `names` is what a form or a list shows of a session. */
export const scheduleColumns = {
  names: ['id', 'name', 'name_cn', 'name_en'],
  /** A session with its time slot, for statements that left-join meeting_times (a mail's sessions). */
  timed: [
    'schedules.id',
    'schedules.name',
    'schedules.name_cn',
    'schedules.name_en',
    'schedules.date',
    'meeting_times.start_time',
    'meeting_times.end_time',
  ],
  full: [
    'id',
    'meeting_id',
    'name',
    'name_cn',
    'name_en',
    'signup_limit',
    'signup_count',
    'waitlist_enabled',
    'waitlist_max',
    'waiting_count',
    'date',
    'meeting_time_id',
    'sort',
    'created_at',
    'updated_at',
  ],
} as const;

const columns = scheduleColumns.full;

export type ScheduleRow = Awaited<ReturnType<typeof insertSchedule>>;

export function listSchedules(db: Db, meetingId: number) {
  return db.selectFrom('schedules').select(columns).where('meeting_id', '=', meetingId).execute();
}

export function findSchedule(db: Db, id: number) {
  return db.selectFrom('schedules').select(columns).where('id', '=', id).executeTakeFirst();
}

/** A session's names in the three languages. */
export function findSessionName(db: Db, id: number) {
  return db.selectFrom('schedules').select(scheduleColumns.names).where('id', '=', id).executeTakeFirst();
}

export async function isSessionOfMeeting(db: Db, scheduleId: number, meetingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('schedules')
    .select('id')
    .where('id', '=', scheduleId)
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A session with its live meeting (organisation for scoping). */
export function findSessionMeeting(db: Db, scheduleId: number) {
  return db
    .selectFrom('schedules')
    .innerJoin('meetings', 'meetings.id', 'schedules.meeting_id')
    .select(['schedules.id', 'schedules.meeting_id', 'meetings.organization_id'])
    .where('schedules.id', '=', scheduleId)
    .where('meetings.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A meeting's sessions with their names and day, in the order of the day. */
export function listSessionNames(db: Db, meetingId: number) {
  return db
    .selectFrom('schedules')
    .select([...scheduleColumns.names, 'date'])
    .where('meeting_id', '=', meetingId)
    .orderBy('date')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A meeting's sessions with their seats and time slot, in display order (the sign-up form's). */
export function listSessionsWithTimes(db: Db, meetingId: number) {
  return db
    .selectFrom('schedules')
    .leftJoin('meeting_times', 'meeting_times.id', 'schedules.meeting_time_id')
    .select([
      'schedules.id',
      'schedules.name',
      'schedules.name_cn',
      'schedules.name_en',
      'schedules.date',
      'schedules.signup_limit',
      'schedules.waitlist_enabled',
      'schedules.waitlist_max',
      'schedules.waiting_count',
      'schedules.waitlist_held',
      'schedules.signup_count',
      'meeting_times.start_time',
      'meeting_times.end_time',
    ])
    .where('schedules.meeting_id', '=', meetingId)
    .orderBy('schedules.date')
    .orderBy('meeting_times.start_time')
    .orderBy('schedules.sort')
    .orderBy('schedules.id')
    .execute();
}

/** Sessions by id, of one meeting, with their time slot. */
export function listSessionsByIds(db: Db, meetingId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('schedules')
    .leftJoin('meeting_times', 'meeting_times.id', 'schedules.meeting_time_id')
    .select(scheduleColumns.timed)
    .where('schedules.meeting_id', '=', meetingId)
    .where('schedules.id', 'in', ids)
    .execute();
}

/** Which of `ids` are sessions of the meeting. */
export async function scheduleIdsOfMeeting(
  db: Db,
  meetingId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('schedules')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export function insertSchedule(db: Db, values: Insertable<Row>) {
  return db.insertInto('schedules').values(values).returning(columns).executeTakeFirstOrThrow();
}

/**
 * Updates a session unless its new limit is below the seats already taken, checked in the same
 * statement as the write (sign-ups raise signup_count concurrently). 0 = unlimited always fits.
 */
export function updateScheduleWithinCount(
  db: Db,
  id: number,
  values: Updateable<Row> & { signup_limit: number },
) {
  let query = db.updateTable('schedules').set(values).where('id', '=', id);
  // Seats held by open offers of the waiting list count as taken.
  if (values.signup_limit > 0)
    query = query.where(sql<boolean>`signup_count + waitlist_held <= ${values.signup_limit}`);
  return query.returning(columns).executeTakeFirst();
}

/** User types for which this session is the only one they may enrol in. */
export async function countUserTypesOnlyWith(db: Db, scheduleId: number): Promise<number> {
  const row = await db
    .selectFrom('user_type_schedules as uts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uts.schedule_id', '=', scheduleId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_type_schedules as other')
            .select('other.schedule_id')
            .whereRef('other.user_type_id', '=', 'uts.user_type_id')
            .where('other.schedule_id', '<>', scheduleId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the session only while nobody has signed up for it (checked in the delete itself). */
export async function deleteScheduleWithoutSignups(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('schedules')
    .where('id', '=', id)
    .where('signup_count', '=', 0)
    // Nor while a seat is offered from its waiting list, or anyone waits for one.
    .where('waitlist_held', '=', 0)
    .where('waiting_count', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
