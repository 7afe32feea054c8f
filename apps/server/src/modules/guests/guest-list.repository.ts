import { sql } from 'kysely';
import type { AttendanceStatus } from '@meetflow/shared/schemas/attendance';
import type { GuestSortField } from '@meetflow/shared/schemas/guests';
import { attendanceStatusIs } from '../../core/attendance-status.ts';
import {
  answerGuests,
  answerProbe,
  countAnswerTerms,
  countsFirst,
  pageCountedFirst,
  planAnswers,
  type AnswerMatch,
  type AnswerPlan,
  type CappedCount,
} from './guest-list-answers.repository.ts';
import { keywordRange } from './guest-search.ts';
import type { Db } from '../../db/database.ts';

/*
 * The guest list's queries (issue 5): filters, the keyword's plan (narrow or broad, see the module's
 * README), the page with its capped count, the export's keyset batches and a broadcast's recipients.
 */

export type { AnswerMatch } from './guest-list-answers.repository.ts';

export interface GuestFilter {
  meetingId: number;
  keyword?: string | undefined;
  userTypeId?: number | undefined;
  /** The status and the start of today, which a status depends on (core/attendance-status.ts). */
  status?: { is: AttendanceStatus; today: number } | undefined;
  signedUpFrom?: number | undefined;
  signedUpTo?: number | undefined;
  /** Answers to the meeting's own fields (checked against its form): every key has one of its values. */
  answers?: AnswerMatch[] | undefined;
}

export interface GuestOrder {
  sortBy: GuestSortField;
  sortOrder: 'asc' | 'desc';
  /** The name a guest is sorted by: `name` (general form) or `name_zh` (date-schedule form). */
  nameColumn: 'name' | 'name_zh';
}

/** A whole guest code (24 random bytes, base64url): looked up on its unique index alone. */
const GUEST_CODE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * How the keyword narrows the guests, decided once per list, export or broadcast (`planSearch`): a
 * whole guest code (one unique-index lookup), or a range of the search-term index (guest-search.ts).
 * The range is `broad` when it holds more terms than the count cap and than a quarter of the
 * meeting's sign-ups (a common hospital name matches every guest).
 */
export type GuestSearch =
  | { kind: 'none' }
  | { kind: 'code'; code: string }
  | { kind: 'terms'; range: { from: string; to: string }; broad: boolean };

/** A filter with its keyword and answers planned: what every list, export and broadcast query starts from. */
export interface PlannedFilter extends GuestFilter {
  search: GuestSearch;
  answerPlan?: AnswerPlan | undefined;
}

/** The keyword's search, not yet told broad. */
function keywordSearch(keyword: string | undefined): GuestSearch {
  const text = keyword?.trim();
  if (text && GUEST_CODE_PATTERN.test(text)) return { kind: 'code', code: text };
  const range = text ? keywordRange(text) : null;
  return range ? { kind: 'terms', range, broad: false } : { kind: 'none' };
}

/**
 * Plans the keyword (see `GuestSearch`). Telling a broad one costs one bounded read of the term
 * index: is there a term past the first `broadAt`?
 */
export async function planSearch(
  db: Db,
  filter: GuestFilter,
  sizes: { countCap: number; meetingGuests: number },
): Promise<PlannedFilter> {
  const search = keywordSearch(filter.keyword);
  if (search.kind !== 'terms')
    return { ...filter, search, answerPlan: await planAnswersOf(db, filter, search, sizes) };
  const broadAt = Math.max(sizes.countCap, Math.floor(sizes.meetingGuests / 4));
  const pastBroad = await db
    .selectFrom('guest_search_terms')
    .select('guest_id')
    .where('meeting_id', '=', filter.meetingId)
    .where('term', '>=', search.range.from)
    .where('term', '<', search.range.to)
    .offset(broadAt)
    .limit(1)
    .executeTakeFirst();
  const planned = { ...search, broad: pastBroad !== undefined };
  return { ...filter, search: planned, answerPlan: await planAnswersOf(db, filter, planned, sizes) };
}

/** The answer filters' plan, unless a guest code or a narrow keyword drives the reads. */
function planAnswersOf(
  db: Db,
  filter: GuestFilter,
  search: GuestSearch,
  sizes: { countCap: number; meetingGuests: number },
) {
  if (!filter.answers?.length || search.kind === 'code') return undefined;
  if (search.kind === 'terms' && !search.broad) return undefined;
  return planAnswers(db, filter.meetingId, filter.answers, sizes);
}

/**
 * Whether a read walks the meeting's guests in its order, checking each for a matching term, instead
 * of reading the matches off the term range: for a broad keyword, when the read stops early — a page
 * or an export batch in an indexed order, or the capped count (with matches spread evenly, at most
 * four guests walked per row). Reading and sorting 100,000 matches for one page costs hundreds of
 * milliseconds. A read of every match (sorted by last entry, which no index holds; a broadcast)
 * takes them off the range.
 */
function walks(filter: PlannedFilter, order: GuestOrder | 'count'): boolean {
  return (
    filter.search.kind === 'terms' &&
    filter.search.broad &&
    (order === 'count' || order.sortBy !== 'last_in_at')
  );
}

/** Where a read starts: the keyword's term range, an answer key's terms, or the meeting's guests. */
type Driver = 'keyword' | 'answer' | 'meeting';

/**
 * The keyword drives unless it walks (see `walks`). Else answer filters drive from their fewest
 * terms (`AnswerPlan`) for a count (it stops at the cap: ~10,000 index entries and row probes
 * against 40,000 guests walked for a quarter of them matching) and for reads of every match; a
 * page in an indexed order drives from them only when they are not dense, and otherwise walks the
 * meeting's guests, probing each guest's own terms until the page is full.
 */
function driverOf(filter: PlannedFilter, order: GuestOrder | 'count' | 'all'): Driver {
  const { search, answerPlan } = filter;
  if (search.kind === 'code') return 'meeting';
  const walking = order !== 'all' && walks(filter, order);
  if (search.kind === 'terms' && !walking) return 'keyword';
  const everyMatch = order === 'all' || (order !== 'count' && order.sortBy === 'last_in_at');
  if (answerPlan && (order === 'count' || everyMatch || !answerPlan.dense)) return 'answer';
  return 'meeting';
}

/**
 * The live guests of one meeting with their whole-meeting attendance summary (scope 0: one primary
 * key probe per guest), narrowed by the filters. Every query starts from the meeting's rows
 * (indexes on meeting_id), never from the whole table.
 */
function filtered(db: Db, filter: PlannedFilter, drive: Driver = 'meeting') {
  let query = db
    .selectFrom('guests')
    .leftJoin('guest_attendance as ga', (join) =>
      join.onRef('ga.guest_id', '=', 'guests.id').on('ga.scope_id', '=', 0),
    )
    .where('guests.cancelled_at', 'is', null);

  const { search } = filter;
  const driving = drive === 'answer' ? filter.answers?.[filter.answerPlan?.driver ?? 0] : undefined;
  if (search.kind === 'terms' && drive === 'keyword') {
    // Word starts, any Chinese character, runs of phone digits: one range of the search-term index,
    // never a scan of the meeting's guests. The terms belong to the meeting already: leaving
    // guests.meeting_id out keeps the planner from walking the meeting's (meeting_id, created_at)
    // index to sort, and makes it fetch just the matching rows by id.
    const { from, to } = search.range;
    query = query.where('guests.id', 'in', (eb) =>
      eb
        .selectFrom('guest_search_terms')
        .select('guest_id')
        .where('meeting_id', '=', filter.meetingId)
        .where('term', '>=', from)
        .where('term', '<', to),
    );
  } else if (driving) {
    // The same for an answer key's terms (see `driverOf`).
    query = query.where('guests.id', 'in', answerGuests(db, filter.meetingId, driving));
  } else {
    query = query.where('guests.meeting_id', '=', filter.meetingId);
    // A scanned or pasted guest code: one unique-index lookup.
    if (search.kind === 'code') query = query.where('guests.guest_code', '=', search.code);
  }
  if (search.kind === 'terms' && drive !== 'keyword') {
    // The walk (see `walks`): per guest a probe of its own dozen terms, by guest_id alone — with
    // the meeting in it, SQLite would scan the whole term range for every guest.
    const { from, to } = search.range;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('guest_search_terms as t')
          .select('t.guest_id')
          .whereRef('t.guest_id', '=', 'guests.id')
          .where('t.term', '>=', from)
          .where('t.term', '<', to),
      ),
    );
  }
  if (filter.userTypeId !== undefined) query = query.where('guests.user_type_id', '=', filter.userTypeId);
  if (filter.signedUpFrom !== undefined) query = query.where('guests.created_at', '>=', filter.signedUpFrom);
  if (filter.signedUpTo !== undefined) query = query.where('guests.created_at', '<=', filter.signedUpTo);
  if (filter.status) query = query.where(attendanceStatusIs(filter.status.is, 'ga', filter.status.today));
  // Each other key: a probe of the guest's own answer terms on (guest_id, term), never their JSON.
  for (const match of filter.answers ?? [])
    if (match !== driving) query = query.where((eb) => eb.exists(answerProbe(db, match, 'guests.id')));
  return query;
}

/** The list row: the guest, their registration type and college category names, their attendance. */
function withColumns(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin('user_types as ut', 'ut.id', 'guests.user_type_id')
    .leftJoin('college_categories as cc', 'cc.id', 'guests.college_category_id')
    .select([
      'guests.id',
      'guests.meeting_id',
      'guests.guest_code',
      'guests.area_code',
      'guests.phone',
      'guests.email',
      'guests.name',
      'guests.gender',
      'guests.local_guest',
      'guests.institution',
      'guests.job_title',
      'guests.contact_name',
      'guests.contact_number',
      'guests.contact_phone',
      'guests.name_zh',
      'guests.name_en',
      'guests.organization',
      'guests.user_type_id',
      'guests.license_number',
      'guests.other',
      'guests.academy_member',
      'guests.college_category_id',
      'guests.created_at',
      'guests.answers',
      'guests.walk_in',
      'guests.over_capacity',
      'ut.name as ut_name',
      'ut.name_cn as ut_name_cn',
      'ut.name_en as ut_name_en',
      'cc.name as cc_name',
      'cc.name_cn as cc_name_cn',
      'cc.name_en as cc_name_en',
      'ga.inside',
      'ga.first_in_at',
      'ga.last_in_at',
      'ga.last_out_at',
    ]);
}

export type GuestListRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

/** The column a non-entry order sorts by. */
function sortColumn(order: GuestOrder) {
  return order.sortBy === 'name' ? (`guests.${order.nameColumn}` as const) : 'guests.created_at';
}

function ordered(query: ReturnType<typeof withColumns>, order: GuestOrder) {
  const direction = order.sortOrder;
  if (order.sortBy === 'last_in_at') {
    // Guests never checked in come last either way, on both databases (their NULL default differs).
    return query
      .orderBy(sql`case when ${sql.ref('ga.last_in_at')} is null then 1 else 0 end`)
      .orderBy('ga.last_in_at', direction)
      .orderBy('guests.id', direction);
  }
  // The id breaks ties, so that pages never repeat or skip rows.
  return query.orderBy(sortColumn(order), direction).orderBy('guests.id', direction);
}

/** The rows that come after `last` in `ordered`'s order: the keyset condition of the next batch. */
function after(query: ReturnType<typeof withColumns>, order: GuestOrder, last: GuestListRow) {
  const later = order.sortOrder === 'asc' ? '>' : '<';
  return query.where((eb) => {
    const tieBrokenBy = (column: 'ga.last_in_at' | ReturnType<typeof sortColumn>, value: string | number) =>
      eb.or([eb(column, later, value), eb.and([eb(column, '=', value), eb('guests.id', later, last.id)])]);
    if (order.sortBy !== 'last_in_at') {
      const value = order.sortBy === 'name' ? last[order.nameColumn] : last.created_at;
      // The redundant bound lets the index range start at `last`: with the OR alone the database
      // walks the meeting's index from its first row on every batch (an export of 100,000 guests
      // in batches of 100 stepped over fifty million index entries).
      return eb.and([eb(sortColumn(order), `${later}=`, value), tieBrokenBy(sortColumn(order), value)]);
    }
    // Never checked in come last: after one of them only the rest of them, after an entry every one of them.
    if (last.last_in_at === null) {
      return eb.and([eb('ga.last_in_at', 'is', null), eb('guests.id', later, last.id)]);
    }
    return eb.or([eb('ga.last_in_at', 'is', null), tieBrokenBy('ga.last_in_at', last.last_in_at)]);
  });
}

/** Whether the filter narrows the meeting's live guests at all. */
export function isUnfiltered(filter: GuestFilter): boolean {
  return (
    !filter.keyword?.trim() &&
    filter.userTypeId === undefined &&
    filter.status === undefined &&
    filter.signedUpFrom === undefined &&
    filter.signedUpTo === undefined &&
    !filter.answers?.length
  );
}

/**
 * How many guests match, counting no further than `cap` (then `capped`): an exact count of 100,000
 * matches would read all of them on every page.
 */
async function countMatching(db: Db, filter: PlannedFilter, cap: number): Promise<CappedCount> {
  if (answersOnly(filter)) return capped(await countAnswerTerms(db, filter, cap), cap);
  const { total } = await db
    .selectFrom(
      filtered(db, filter, driverOf(filter, 'count'))
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return capped(Number(total), cap);
}

function capped(count: number, cap: number): CappedCount {
  return count > cap ? { total: cap, capped: true } : { total: count, capped: false };
}

/**
 * Whether answers are the only filter: then the count reads the answer terms alone, which only
 * live guests hold (a cancellation unindexes the guest, an erasure deletes its terms).
 */
function answersOnly(filter: PlannedFilter): boolean {
  return isUnfiltered({ ...filter, answers: undefined }) && (filter.answers?.length ?? 0) > 0;
}

/**
 * One page and the total. Sorting by sign-up time walks the (meeting_id, created_at) index and by
 * name the (meeting_id, name…, id) ones; sorting by last entry keeps the top rows of the meeting's
 * matching guests. The total is counted up to `count.cap` (`capped` past it); `count.known` (the
 * meeting's live sign-up count, for an unfiltered list) spares counting every guest on every page.
 */
export async function listGuests(
  db: Db,
  filter: PlannedFilter,
  order: GuestOrder,
  page: { offset: number; limit: number },
  count: { cap: number; known?: number | undefined },
): Promise<{ rows: GuestListRow[] } & CappedCount> {
  const pageOf = (drive: Driver) =>
    ordered(withColumns(filtered(db, filter, drive)), order)
      .offset(page.offset)
      .limit(page.limit)
      .execute();
  const drive = driverOf(filter, order);
  // Answer keys that would walk the meeting's guests: their count may spare the walk (decision 0126).
  if (
    count.known === undefined &&
    countsFirst(filter, { answersOnly: answersOnly(filter), walks: drive === 'meeting' })
  )
    return pageCountedFirst(
      filter.answerPlan!,
      () => countMatching(db, filter, count.cap),
      (offTerms) => pageOf(offTerms ? 'answer' : drive),
    );
  const [rows, total] = await Promise.all([
    pageOf(drive),
    count.known !== undefined ? { total: count.known, capped: false } : countMatching(db, filter, count.cap),
  ]);
  return { rows, ...total };
}

/**
 * The `size` matching guests after `last` in the list's order (one keyset query, see `after`): the
 * export pipeline reads batch after batch, so an export of any size holds one batch in memory, in
 * the order on screen. The filter is planned once for the whole export.
 */
export function guestsAfter(
  db: Db,
  filter: PlannedFilter,
  order: GuestOrder,
  last: GuestListRow | undefined,
  size: number,
): Promise<GuestListRow[]> {
  const query = withColumns(filtered(db, filter, driverOf(filter, order)));
  return ordered(last ? after(query, order, last) : query, order)
    .limit(size)
    .execute();
}

/** The ids of the matching guests in id order (a broadcast's recipients), without the opted-out. */
export async function matchingGuestIds(db: Db, filter: GuestFilter): Promise<number[]> {
  // Every match is read: off the term range, whatever the keyword (see `walks`), or off the first
  // answer key's terms.
  const search = keywordSearch(filter.keyword);
  const answerPlan = filter.answers?.length ? { driver: 0, dense: false, fewAt: 0 } : undefined;
  const rows = await filtered(
    db,
    { ...filter, search, answerPlan },
    driverOf({ ...filter, search, answerPlan }, 'all'),
  )
    .select('guests.id')
    .where('guests.broadcast_opt_out', '=', 0)
    .orderBy('guests.id')
    .execute();
  return rows.map((r) => r.id);
}

/** One guest as a list row (live guests of the meeting only). */
export function findGuestRow(db: Db, meetingId: number, guestId: number) {
  return withColumns(filtered(db, { meetingId, search: { kind: 'none' } }))
    .where('guests.id', '=', guestId)
    .executeTakeFirst();
}
