import type { Db } from '../../db/database.ts';

/* A session with its live meeting (organisation for scoping): the dictionary module's read. */
export { sessionMeeting as findScheduleMeeting } from '../dictionary/dictionary.reads.ts';

/* Per session: guests ever checked in and inside now: the attendance module's read. */
export { sessionCounts } from '../attendance/attendance.reads.ts';

function enrolled(db: Db, scheduleId: number) {
  return db
    .selectFrom('guest_schedules as gs')
    .innerJoin('guests as g', 'g.id', 'gs.guest_id')
    .where('gs.schedule_id', '=', scheduleId)
    .where('g.cancelled_at', 'is', null);
}

function withColumns(query: ReturnType<typeof enrolled>, scheduleId: number) {
  return query
    .leftJoin('guest_attendance as ga', (join) =>
      join.onRef('ga.guest_id', '=', 'g.id').on('ga.scope_id', '=', scheduleId),
    )
    .leftJoin('user_types as ut', 'ut.id', 'g.user_type_id')
    .select([
      'g.id as guest_id',
      'g.name',
      'g.name_zh',
      'g.name_en',
      'ut.name as ut_name',
      'ut.name_cn as ut_name_cn',
      'ut.name_en as ut_name_en',
      'gs.created_at as enrolled_at',
      'ga.inside',
      'ga.first_in_at',
      'ga.last_in_at',
      'ga.last_out_at',
    ]);
}

export type EnrolledRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

/** One page of a session's guests (by guest id) and their number: two statements on the schedule_id index. */
export async function listEnrolled(
  db: Db,
  scheduleId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: EnrolledRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    withColumns(enrolled(db, scheduleId), scheduleId)
      .orderBy('g.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    enrolled(db, scheduleId)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The `size` guests of a session after guest id `after` in id order: one keyset batch of the export. */
export function enrolledAfter(
  db: Db,
  scheduleId: number,
  after: number,
  size: number,
): Promise<EnrolledRow[]> {
  return withColumns(enrolled(db, scheduleId), scheduleId)
    .where('g.id', '>', after)
    .orderBy('g.id')
    .limit(size)
    .execute();
}
