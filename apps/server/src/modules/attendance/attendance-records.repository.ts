import { sql } from 'kysely';
import type { Language } from '@meetflow/shared/languages';
import { type AttendanceStatus, type ScanType } from '@meetflow/shared/schemas/attendance';
import { containsPattern } from '../../lib/like.ts';
import { attendanceStatusIs } from '../../core/attendance-status.ts';
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
