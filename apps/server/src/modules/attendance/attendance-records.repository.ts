import { sql } from 'kysely';
import type { Language } from '@meetflow/shared/languages';
import { type AttendanceStatus, type ScanType } from '@meetflow/shared/schemas/attendance';
import { containsPattern } from '../../lib/like.ts';
import { attendanceStatusIs, isInsideTodaySql } from '../../core/attendance-status.ts';
import { nameColumn } from './attendance.repository.ts';
import type { Db } from '../../db/database.ts';

/* What the back office reads of the door: today's figures, the scan records, check-in counts. */

/**
 * Today's figures of a scope in one round trip: each count is an index range on guest_attendance
 * (last_in_at, last_out_at), the sign-up count is the capacity counter. Inside means entered today
 * (core/attendance-status.ts): whoever is still marked inside from an earlier day was closed out then.
 */
export async function countStats(
  db: Db,
  scope: { meetingId: number; scopeId: number; signupsFrom: 'meeting' | 'schedule' },
  since: number,
) {
  const { meetingId, scopeId } = scope;
  const row = await db
    .selectNoFrom((eb) => [
      (scope.signupsFrom === 'schedule'
        ? eb.selectFrom('schedules').select('signup_count').where('id', '=', scopeId)
        : eb.selectFrom('meetings').select('registered_count').where('id', '=', meetingId)
      ).as('signed_up'),
      (scopeId !== 0
        ? eb.selectFrom('schedules').select('waiting_count').where('id', '=', scopeId)
        : eb.selectFrom('meetings').select('waiting_count').where('id', '=', meetingId)
      ).as('waiting'),
      eb
        .selectFrom('guest_attendance')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('meeting_id', '=', meetingId)
        .where('scope_id', '=', scopeId)
        .where('last_in_at', '>=', since)
        .as('checked_in_today'),
      eb
        .selectFrom('guest_attendance')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('meeting_id', '=', meetingId)
        .where('scope_id', '=', scopeId)
        .where('last_in_at', '>=', since)
        .where('inside', '=', 1)
        .as('inside'),
      eb
        .selectFrom('guest_attendance')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('meeting_id', '=', meetingId)
        .where('scope_id', '=', scopeId)
        .where('last_out_at', '>=', since)
        .where('inside', '=', 0)
        .as('left'),
    ])
    .executeTakeFirstOrThrow();
  return {
    signed_up: Number(row.signed_up ?? 0),
    waiting: Number(row.waiting ?? 0),
    checked_in_today: Number(row.checked_in_today ?? 0),
    inside: Number(row.inside ?? 0),
    left: Number(row.left ?? 0),
  };
}

export interface RecordFilter {
  meetingId: number;
  scopeId?: number | undefined;
  type?: ScanType | undefined;
  station?: string | undefined;
  status?: AttendanceStatus | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** The start of today: whose status is read from a summary depends on it. */
  today: number;
}

function filteredRecords(db: Db, f: RecordFilter) {
  let query = db.selectFrom('check_ins').where('check_ins.meeting_id', '=', f.meetingId);
  if (f.scopeId !== undefined) query = query.where('check_ins.scope_id', '=', f.scopeId);
  if (f.type) query = query.where('check_ins.type', '=', f.type);
  if (f.from !== undefined) query = query.where('check_ins.created_at', '>=', f.from);
  if (f.to !== undefined) query = query.where('check_ins.created_at', '<=', f.to);
  if (f.station) {
    // LIKE wildcards typed by the user are matched literally; lower() makes both databases case-insensitive.
    const pattern = containsPattern(f.station);
    query = query.where(sql<boolean>`lower(check_ins.station) like ${pattern} escape '\\'`);
  }
  const status = f.status;
  // The guest's all-time status for the whole meeting, as the guest list shows it: one primary-key
  // probe per record.
  return query.$if(status !== undefined, (qb) =>
    qb
      .leftJoin('guest_attendance as summary', (join) =>
        join.onRef('summary.guest_id', '=', 'check_ins.guest_id').on('summary.scope_id', '=', 0),
      )
      .where(attendanceStatusIs(status!, 'summary', f.today)),
  );
}

export async function listRecords(
  db: Db,
  filter: RecordFilter,
  page: { offset: number; limit: number },
  lang: Language,
) {
  const [rows, total] = await Promise.all([
    filteredRecords(db, filter)
      .innerJoin('guests', 'guests.id', 'check_ins.guest_id')
      .leftJoin('schedules', 'schedules.id', 'check_ins.scope_id')
      .select([
        'check_ins.id',
        'check_ins.guest_id',
        'check_ins.meeting_id',
        'check_ins.scope_id',
        'check_ins.type',
        'check_ins.station',
        'check_ins.created_at',
        'guests.guest_code',
        'guests.name as guest_name',
        'guests.name_zh as guest_name_zh',
        'guests.name_en as guest_name_en',
        `${nameColumn('schedules', lang)} as schedule_name`,
        'check_ins.operator_name',
      ])
      .orderBy('check_ins.created_at', 'desc')
      .orderBy('check_ins.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filteredRecords(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
export type RecordRow = Awaited<ReturnType<typeof listRecords>>['rows'][number];

/** Guests checked in to the whole meeting at least once, for a page of meetings (one grouped query). */
export async function checkinCounts(db: Db, meetingIds: readonly number[]): Promise<Map<number, number>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('guest_attendance')
    .select(['meeting_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('meeting_id', 'in', meetingIds)
    .where('scope_id', '=', 0)
    .where('first_in_at', 'is not', null)
    .groupBy('meeting_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.meeting_id), Number(r.n)]));
}

/** What the records export reads of each record: the guest's name, code and phone with it. */
function exportedRecords(db: Db, filter: RecordFilter, lang: Language) {
  return filteredRecords(db, filter)
    .innerJoin('guests', 'guests.id', 'check_ins.guest_id')
    .leftJoin('schedules', 'schedules.id', 'check_ins.scope_id')
    .select([
      'check_ins.id',
      'check_ins.guest_id',
      'check_ins.scope_id',
      'check_ins.type',
      'check_ins.station',
      'check_ins.operator_name',
      'check_ins.created_at',
      'guests.guest_code',
      'guests.name as guest_name',
      'guests.name_zh as guest_name_zh',
      'guests.name_en as guest_name_en',
      'guests.area_code',
      'guests.phone',
      'guests.erased_at',
      `${nameColumn('schedules', lang)} as schedule_name`,
    ]);
}
export type ExportedRecordRow = Awaited<ReturnType<ReturnType<typeof exportedRecords>['execute']>>[number];

/** The records page's order (newest first), `size` records after `last`: one keyset batch of the export. */
export function recordsAfter(
  db: Db,
  filter: RecordFilter,
  lang: Language,
  last: ExportedRecordRow | undefined,
  size: number,
) {
  return exportedRecords(db, filter, lang)
    .$if(last !== undefined, (qb) =>
      qb.where(({ eb, refTuple, tuple }) =>
        eb(refTuple('check_ins.created_at', 'check_ins.id'), '<', tuple(last!.created_at, last!.id)),
      ),
    )
    .orderBy('check_ins.created_at', 'desc')
    .orderBy('check_ins.id', 'desc')
    .limit(size)
    .execute();
}

/**
 * Each guest's whole log per scope in the export's window, in time order, `size` records after
 * `last` (guest, scope, time): what the per-guest summary is counted from. The type and station
 * filters pick which guests and scopes appear (one record there matches) without cutting their
 * time present short.
 */
export function guestLogsAfter(
  db: Db,
  filter: RecordFilter,
  lang: Language,
  last: ExportedRecordRow | undefined,
  size: number,
) {
  const { type, station, ...window } = filter;
  return exportedRecords(db, window, lang)
    .$if(Boolean(type || station), (qb) =>
      qb.where(({ exists, selectFrom }) => {
        let matching = selectFrom('check_ins as matching')
          .select('matching.id')
          .whereRef('matching.guest_id', '=', 'check_ins.guest_id')
          .whereRef('matching.scope_id', '=', 'check_ins.scope_id');
        if (type) matching = matching.where('matching.type', '=', type);
        if (station) {
          const pattern = containsPattern(station);
          matching = matching.where(sql<boolean>`lower(matching.station) like ${pattern} escape '\\'`);
        }
        if (window.from !== undefined) matching = matching.where('matching.created_at', '>=', window.from);
        if (window.to !== undefined) matching = matching.where('matching.created_at', '<=', window.to);
        return exists(matching);
      }),
    )
    .$if(last !== undefined, (qb) =>
      qb.where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('check_ins.guest_id', 'check_ins.scope_id', 'check_ins.created_at', 'check_ins.id'),
          '>',
          tuple(last!.guest_id, last!.scope_id, last!.created_at, last!.id),
        ),
      ),
    )
    .orderBy('check_ins.guest_id')
    .orderBy('check_ins.scope_id')
    .orderBy('check_ins.created_at')
    .orderBy('check_ins.id')
    .limit(size)
    .execute();
}

/** Scans of a meeting's guests from `fromGuest` on (by guest, then time): the list reads them in slices. */
export async function findScans(db: Db, meetingId: number, guestIds: readonly number[]) {
  return db
    .selectFrom('check_ins')
    .select(['guest_id', 'scope_id', 'type', 'created_at'])
    .where('meeting_id', '=', meetingId)
    .where('guest_id', 'in', guestIds.length ? guestIds : [0])
    .orderBy('guest_id')
    .orderBy('created_at')
    .execute();
}

/** Entries per bucket of `bucketMs` from `from` (inclusive) to `to` (exclusive) in one scope. */
export async function arrivalsPerBucket(
  db: Db,
  q: { meetingId: number; scopeId: number; from: number; to: number; bucketMs: number },
) {
  const bucket = sql<number>`(check_ins.created_at - ${sql.lit(Math.trunc(q.from))}) / ${sql.lit(Math.trunc(q.bucketMs))}`;
  const rows = await db
    .selectFrom('check_ins')
    .select([bucket.as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('check_ins.meeting_id', '=', q.meetingId)
    .where('check_ins.created_at', '>=', q.from)
    .where('check_ins.created_at', '<', q.to)
    .where('check_ins.scope_id', '=', q.scopeId)
    .where('check_ins.type', '=', 'in')
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({ bucket: Number(r.bucket), count: Number(r.n) }));
}

/**
 * Per session of the meeting: guests ever checked in and guests inside now (entered today: see
 * core/attendance-status.ts), from the attendance summaries (one grouped query over the
 * (meeting_id, scope_id, …) indexes). Deleted guests are not counted.
 */
export async function sessionCounts(
  db: Db,
  meetingId: number,
  today: number,
): Promise<Map<number, { checked_in: number; inside: number }>> {
  const rows = await db
    .selectFrom('guest_attendance as ga')
    .innerJoin('guests as g', 'g.id', 'ga.guest_id')
    .select([
      'ga.scope_id',
      sql<number | string>`sum(case when ${sql.ref('ga.first_in_at')} is not null then 1 else 0 end)`.as(
        'checked_in',
      ),
      sql<number | string>`sum(case when ${isInsideTodaySql('ga', today)} then 1 else 0 end)`.as('inside'),
    ])
    .where('ga.meeting_id', '=', meetingId)
    .where('ga.scope_id', '>', 0)
    .where('g.cancelled_at', 'is', null)
    .groupBy('ga.scope_id')
    .execute();
  return new Map(
    rows.map((r) => [Number(r.scope_id), { checked_in: Number(r.checked_in), inside: Number(r.inside) }]),
  );
}

/** A guest's scans in time order, with their session's names (the guest's own data). */
export function listGuestScans(db: Db, guestId: number) {
  return db
    .selectFrom('check_ins as c')
    .leftJoin('schedules as s', 's.id', 'c.scope_id')
    .select(['c.type', 'c.created_at', 'c.station', 'c.scope_id', 's.name', 's.name_cn', 's.name_en'])
    .where('c.guest_id', '=', guestId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}
