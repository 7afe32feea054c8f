import { sql } from 'kysely';
import type { Language } from '@meetflow/shared/languages';
import { containsPattern, lowerLike } from '../../lib/like.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Db } from '../../db/database.ts';

export interface MeetingRow {
  id: number;
  public_id: string;
  organization_id: number;
  organization_name: string;
  name: string;
  name_cn: string;
  name_en: string;
  location: string;
  location_cn: string;
  location_en: string;
  start_at: number;
  end_at: number;
  registration_limit: number;
  registered_count: number;
  registration_deadline: number | null;
  multi_language: number;
  signup_enabled: number;
  meeting_type: 'general' | 'date_schedule';
  banner_file_id: string | null;
  schedule_file_id: string | null;
  guide_file_id: string | null;
  waitlist_enabled: number;
  waitlist_max: number;
  waitlist_offer_hours: number;
  waiting_count: number;
  created_at: number;
  updated_at: number;
}

/** The columns a meeting is written with (flags as 0/1). */
export interface MeetingValues {
  organization_id: number;
  name: string;
  name_cn: string;
  name_en: string;
  location: string;
  location_cn: string;
  location_en: string;
  start_at: number;
  end_at: number;
  registration_limit: number;
  registration_deadline: number | null;
  multi_language: number;
  signup_enabled: number;
  meeting_type: 'general' | 'date_schedule';
  banner_file_id: string;
  schedule_file_id: string | null;
  guide_file_id: string | null;
  waitlist_enabled: number;
  waitlist_max: number;
  waitlist_offer_hours: number;
}

export interface MeetingFilter {
  /** null: every organisation; otherwise only these (possibly none). */
  organizationIds: number[] | null;
  /** Meetings whose [start_at, end_at] overlaps [heldFrom, heldBefore) (ms). */
  heldFrom?: number | undefined;
  heldBefore?: number | undefined;
  keyword?: string | undefined;
}

export interface MeetingOrder {
  sortBy: 'start_at' | 'created_at' | 'name';
  sortOrder: 'asc' | 'desc';
  /** Sorting by name uses the name in this language. */
  lang: Language;
}

/** Column lists shared by the reads of this table (other modules take them from meetings.reads.ts). */
export const meetingColumns = {
  /** The back office's list and form, with the organisation's name (joined). */
  admin: [
    'meetings.id',
    'meetings.public_id',
    'meetings.organization_id',
    'organizations.name as organization_name',
    'meetings.name',
    'meetings.name_cn',
    'meetings.name_en',
    'meetings.location',
    'meetings.location_cn',
    'meetings.location_en',
    'meetings.start_at',
    'meetings.end_at',
    'meetings.registration_limit',
    'meetings.registered_count',
    'meetings.registration_deadline',
    'meetings.multi_language',
    'meetings.signup_enabled',
    'meetings.meeting_type',
    'meetings.banner_file_id',
    'meetings.schedule_file_id',
    'meetings.guide_file_id',
    'meetings.waitlist_enabled',
    'meetings.waitlist_max',
    'meetings.waitlist_offer_hours',
    'meetings.waiting_count',
    'meetings.created_at',
    'meetings.updated_at',
  ],
  /** What the visitor's pages and a sign-up read of a meeting. */
  visitor: [
    'id',
    'public_id',
    'organization_id',
    'name',
    'name_cn',
    'name_en',
    'location',
    'location_cn',
    'location_en',
    'start_at',
    'end_at',
    'registration_limit',
    'registered_count',
    'registration_deadline',
    'multi_language',
    'signup_enabled',
    'meeting_type',
    'banner_file_id',
    'schedule_file_id',
    'guide_file_id',
    'display_config',
    'waitlist_enabled',
    'waitlist_max',
    'waiting_count',
    'waitlist_held',
    'privacy_notice_enabled',
    'privacy_notice',
    'privacy_notice_version',
    'purged_at',
    // Paid registration (issue 44): null = free.
    'currency',
    // Who registers (issue 45).
    'approval',
    'approval_holds_seat',
    'invitee_reserved',
    'group_max',
  ],
  /** The meeting part of every mail (names are aliased, beside the guest's own). */
  mail: [
    'meetings.public_id',
    'meetings.name as meeting_name',
    'meetings.name_cn as meeting_name_cn',
    'meetings.name_en as meeting_name_en',
    'meetings.location',
    'meetings.location_cn',
    'meetings.location_en',
    'meetings.start_at',
    'meetings.end_at',
    'meetings.meeting_type',
    'meetings.display_config',
    'meetings.deleted_at',
  ],
} as const;

const NAME_COLUMN = {
  'zh-tw': 'meetings.name',
  'zh-cn': 'meetings.name_cn',
  en: 'meetings.name_en',
} as const;

function liveMeetings(db: Db, filter: MeetingFilter) {
  let query = db
    .selectFrom('meetings')
    .innerJoin('organizations', 'organizations.id', 'meetings.organization_id')
    .where('meetings.deleted_at', 'is', null);
  if (filter.organizationIds !== null) {
    if (filter.organizationIds.length === 0) return query.where(sql<boolean>`1 = 0`);
    query = query.where('meetings.organization_id', 'in', filter.organizationIds);
  }
  if (filter.heldFrom !== undefined) query = query.where('meetings.end_at', '>=', filter.heldFrom);
  if (filter.heldBefore !== undefined) query = query.where('meetings.start_at', '<', filter.heldBefore);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    query = query.where((eb) =>
      eb.or(
        (['meetings.name', 'meetings.name_cn', 'meetings.name_en'] as const).map((column) =>
          lowerLike(column, pattern),
        ),
      ),
    );
  }
  return query;
}

function normalise(row: MeetingRow): MeetingRow {
  // PostgreSQL answers bigint and some integers as strings through aggregates and joins: make them numbers.
  return {
    ...row,
    id: Number(row.id),
    organization_id: Number(row.organization_id),
    start_at: Number(row.start_at),
    end_at: Number(row.end_at),
    registration_limit: Number(row.registration_limit),
    registered_count: Number(row.registered_count),
    registration_deadline: row.registration_deadline === null ? null : Number(row.registration_deadline),
    multi_language: Number(row.multi_language),
    signup_enabled: Number(row.signup_enabled),
    waitlist_enabled: Number(row.waitlist_enabled),
    waitlist_max: Number(row.waitlist_max),
    waitlist_offer_hours: Number(row.waitlist_offer_hours),
    waiting_count: Number(row.waiting_count),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export async function listMeetings(
  db: Db,
  filter: MeetingFilter,
  order: MeetingOrder,
  page: { offset: number; limit: number },
): Promise<{ rows: MeetingRow[]; total: number }> {
  const column = order.sortBy === 'name' ? NAME_COLUMN[order.lang] : (`meetings.${order.sortBy}` as const);
  const [rows, count] = await Promise.all([
    liveMeetings(db, filter)
      .select(meetingColumns.admin)
      .orderBy(column, order.sortOrder)
      // A stable tie-break, so that pages never repeat or skip rows.
      .orderBy('meetings.id', order.sortOrder)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    liveMeetings(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normalise), total: Number(count.total) };
}

/** A live (not soft-deleted) meeting, or undefined. */
export async function findMeeting(db: Db, id: number): Promise<MeetingRow | undefined> {
  const row = await liveMeetings(db, { organizationIds: null })
    .select(meetingColumns.admin)
    .where('meetings.id', '=', id)
    .executeTakeFirst();
  return row && normalise(row);
}

export async function insertMeeting(
  trx: Db,
  values: MeetingValues & { public_id: string; created_by: number; now: number },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await trx
    .insertInto('meetings')
    .values({ ...rest, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Answers whether a live meeting was updated. */
export async function updateMeeting(
  trx: Db,
  id: number,
  values: MeetingValues,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('meetings')
    .set({
      ...values,
      updated_at: now,
      // A moved end moves the purge date (modules/privacy): the organisers are told again before it.
      retention_notified_at: sql<
        number | null
      >`CASE WHEN end_at = ${values.end_at} THEN retention_notified_at ELSE NULL END`,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Soft delete: the row, its guests and records stay; the meeting disappears from every list. */
export async function softDeleteMeeting(trx: Db, id: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('meetings')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const liveMeetingByPublicId = preparedQuery<{ publicId: string }>()((db, p) =>
  db
    .selectFrom('meetings')
    .leftJoin('registration_forms', 'registration_forms.meeting_id', 'meetings.id')
    .select(meetingColumns.visitor)
    // The meeting's own fields come with it: a sign-up reads its form in the read it already makes.
    .select('registration_forms.fields as form_fields')
    .where('public_id', '=', p('publicId'))
    .where('deleted_at', 'is', null),
);
/** A meeting that is not soft-deleted, by its public id, as the visitor's pages read it. */
export function findLiveMeetingByPublicId(db: Db, publicId: string) {
  return liveMeetingByPublicId.takeFirst(db, { publicId });
}

/** A meeting that is not soft-deleted, by id, as the visitor's pages read it. */
export function findLiveMeetingById(db: Db, id: number) {
  return db
    .selectFrom('meetings')
    .leftJoin('registration_forms', 'registration_forms.meeting_id', 'meetings.id')
    .select(meetingColumns.visitor)
    .select('registration_forms.fields as form_fields')
    .where('meetings.id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The meeting part of a mail, live or not. */
export function findMeetingForMail(db: Db, id: number) {
  return db
    .selectFrom('meetings')
    .select(meetingColumns.mail)
    .where('meetings.id', '=', id)
    .executeTakeFirst();
}

/** The meeting's display settings (JSON), live or not. */
export async function findDisplayConfig(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('meetings')
    .select('display_config')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.display_config;
}

/** A live meeting's display settings (JSON), or undefined. */
export async function findLiveDisplayConfig(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('meetings')
    .select('display_config')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.display_config;
}

/** Writes the display config column only; answers whether a live meeting was updated. */
export async function updateDisplayConfig(db: Db, id: number, json: string): Promise<boolean> {
  const result = await db
    .updateTable('meetings')
    .set({ display_config: json })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Meetings whose registration deadline passed within the window and has not been announced yet. */
export async function findDueDeadlines(db: Db, now: number, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('meetings')
    .select('id')
    .where('registration_deadline', '<=', now)
    .where('registration_deadline', '>', since)
    .where('deadline_notified_at', 'is', null)
    .where('deleted_at', 'is', null)
    .limit(100)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Claims the deadline's announcement atomically: of several instances only one gets the row back. */
export async function claimDeadline(db: Db, id: number, now: number) {
  const row = await db
    .updateTable('meetings')
    .set({ deadline_notified_at: now })
    .where('id', '=', id)
    .where('deadline_notified_at', 'is', null)
    .returning(['id', 'name', 'name_cn', 'name_en', 'registration_deadline'])
    .executeTakeFirst();
  return row
    ? {
        ...row,
        id: Number(row.id),
        registration_deadline: row.registration_deadline === null ? null : Number(row.registration_deadline),
      }
    : undefined;
}

/** The organisation a meeting belongs to, live or not. */
export async function findOrganizationOf(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('meetings')
    .select('organization_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.organization_id;
}

/** Whether the organisation holds any meeting, soft-deleted ones too. */
export async function organizationHasMeetings(db: Db, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('meetings')
    .select('id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A meeting's currency (null: free), live or not; undefined when there is no such meeting. */
export async function findCurrency(db: Db, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('meetings').select('currency').where('id', '=', id).executeTakeFirst();
  return row ? row.currency : undefined;
}

/** Sets a live meeting's currency (null: free); answers whether a live meeting was updated. */
export async function updateCurrency(db: Db, id: number, currency: string | null): Promise<boolean> {
  const result = await db
    .updateTable('meetings')
    .set({ currency })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Who may register (issue 45): a meeting's admission settings, live or not. */
export function findAdmission(db: Db, id: number) {
  return db
    .selectFrom('meetings')
    .select([
      'approval',
      'approval_holds_seat',
      'reject_erase_days',
      'group_max',
      'currency',
      'registration_limit',
      'registered_count',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets a live meeting's admission settings; answers whether a live meeting was updated. */
export async function updateAdmission(
  db: Db,
  id: number,
  values: {
    approval: 'none' | 'all' | 'types';
    approval_holds_seat: number;
    reject_erase_days: number;
    group_max: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('meetings')
    .set(values)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
