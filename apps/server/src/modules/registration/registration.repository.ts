import { sql, type Insertable, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

type Trx = Kysely<Database>;

const meetingColumns = [
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
] as const;

export type PublicMeetingRow = NonNullable<Awaited<ReturnType<typeof findLiveMeetingByPublicId>>>;

const liveMeetingByPublicId = preparedQuery<{ publicId: string }>()((db, p) =>
  db
    .selectFrom('meetings')
    .select(meetingColumns)
    .where('public_id', '=', p('publicId'))
    .where('deleted_at', 'is', null),
);
/** A meeting that is not soft-deleted, by its public id. */
export function findLiveMeetingByPublicId(db: Trx, publicId: string) {
  return liveMeetingByPublicId.takeFirst(db, { publicId });
}

export function findLiveMeetingById(db: Trx, id: number) {
  return db
    .selectFrom('meetings')
    .select(meetingColumns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The meeting's sessions with their time slot, in display order. */
export function listSchedulesWithTimes(db: Trx, meetingId: number) {
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

export function listUserTypes(db: Trx, meetingId: number) {
  return db
    .selectFrom('user_types')
    .select(['id', 'name', 'name_cn', 'name_en'])
    .where('meeting_id', '=', meetingId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** user_type_id → schedule_id pairs of the meeting's user types, ascending. */
export function listUserTypeSchedules(db: Trx, meetingId: number) {
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
    .select('id')
    .where('id', '=', p('userTypeId'))
    .where('meeting_id', '=', p('meetingId')),
);
export function findUserTypeOfMeeting(db: Trx, meetingId: number, userTypeId: number) {
  return userTypeOfMeeting.takeFirst(db, { meetingId, userTypeId });
}

const schedulesOfUserType = preparedQuery<{ userTypeId: number }>()((db, p) =>
  db
    .selectFrom('user_type_schedules')
    .select('schedule_id')
    .where('user_type_id', '=', p('userTypeId'))
    .orderBy('schedule_id'),
);
/** The sessions a user type may enrol in, ascending. */
export async function allowedScheduleIds(db: Trx, userTypeId: number): Promise<number[]> {
  const rows = await schedulesOfUserType.rows(db, { userTypeId });
  return rows.map((r) => r.schedule_id);
}

/** The global categories and those of `owners` (a meeting's organisation and the ones above it). */
export function listCollegeCategories(db: Trx, owners: readonly number[]) {
  return db
    .selectFrom('college_categories')
    .select(['id', 'name', 'name_cn', 'name_en'])
    .where((eb) =>
      eb.or([eb('organization_id', 'is', null), eb('organization_id', 'in', owners.length ? owners : [-1])]),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

const collegeCategory = preparedQuery<{ id: number }>()((db, p) =>
  db.selectFrom('college_categories').select(['id', 'organization_id']).where('id', '=', p('id')),
);
export function findCollegeCategory(db: Trx, id: number) {
  return collegeCategory.takeFirst(db, { id });
}

/** A seat just taken; `filled` when it was the last one (the count has reached a non-zero limit). */
export interface SeatTaken {
  filled: boolean;
}
export interface SessionSeatTaken extends SeatTaken {
  id: number;
  name: string;
  name_cn: string;
  name_en: string;
}
/** Collects the seats a transaction filled, so that the organisers are notified after the commit. */
export interface FilledSeats {
  meeting: boolean;
  sessions: SessionSeatTaken[];
}

/**
 * Takes one seat of the meeting if one is left (0 = unlimited): the conditional UPDATE is the
 * capacity check (DESIGN.md, Data). Undefined means full. Call inside the sign-up transaction.
 * RETURNING the new count tells, at no extra cost, whether this was the last seat.
 */
const meetingSeat = preparedQuery<{ meetingId: number }>()((db, p) =>
  db
    .updateTable('meetings')
    .set({ registered_count: sql<number>`registered_count + 1` })
    .where('id', '=', p('meetingId'))
    .where((eb) =>
      eb.or([eb('registration_limit', '=', 0), eb('registered_count', '<', eb.ref('registration_limit'))]),
    )
    .returning(['registered_count', 'registration_limit']),
);
export async function takeMeetingSeat(trx: Trx, meetingId: number): Promise<SeatTaken | undefined> {
  const row = await meetingSeat.takeFirst(trx, { meetingId });
  if (!row) return undefined;
  const limit = Number(row.registration_limit);
  return { filled: limit > 0 && Number(row.registered_count) >= limit };
}

/** The same for a session's seat. */
const sessionSeat = preparedQuery<{ scheduleId: number }>()((db, p) =>
  db
    .updateTable('schedules')
    .set({ signup_count: sql<number>`signup_count + 1` })
    .where('id', '=', p('scheduleId'))
    .where((eb) => eb.or([eb('signup_limit', '=', 0), eb('signup_count', '<', eb.ref('signup_limit'))]))
    .returning(['id', 'name', 'name_cn', 'name_en', 'signup_count', 'signup_limit']),
);
export async function takeSessionSeat(trx: Trx, scheduleId: number): Promise<SessionSeatTaken | undefined> {
  const row = await sessionSeat.takeFirst(trx, { scheduleId });
  if (!row) return undefined;
  const limit = Number(row.signup_limit);
  return {
    id: Number(row.id),
    name: row.name,
    name_cn: row.name_cn,
    name_en: row.name_en,
    filled: limit > 0 && Number(row.signup_count) >= limit,
  };
}

export async function releaseSessionSeat(trx: Trx, scheduleId: number): Promise<void> {
  await trx
    .updateTable('schedules')
    .set({ signup_count: sql<number>`signup_count - 1` })
    .where('id', '=', scheduleId)
    .where('signup_count', '>', 0)
    .execute();
}

export async function insertGuest(trx: Trx, values: Insertable<Database['guests']>): Promise<number> {
  const row = await trx.insertInto('guests').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertGuestSchedules(
  trx: Trx,
  guestId: number,
  scheduleIds: readonly number[],
  now: number,
): Promise<void> {
  if (scheduleIds.length === 0) return;
  await trx
    .insertInto('guest_schedules')
    .values(
      scheduleIds.map((scheduleId) => ({ guest_id: guestId, schedule_id: scheduleId, created_at: now })),
    )
    .execute();
}

/** True when the enrolment existed (and is now gone). */
export async function deleteGuestSchedule(trx: Trx, guestId: number, scheduleId: number): Promise<boolean> {
  const result = await trx
    .deleteFrom('guest_schedules')
    .where('guest_id', '=', guestId)
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function hasGuestSchedule(db: Trx, guestId: number, scheduleId: number) {
  return db
    .selectFrom('guest_schedules')
    .select('schedule_id')
    .where('guest_id', '=', guestId)
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
}

export async function guestScheduleIds(db: Trx, guestId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('guest_schedules')
    .select('schedule_id')
    .where('guest_id', '=', guestId)
    .orderBy('schedule_id')
    .execute();
  return rows.map((r) => r.schedule_id);
}

const guestColumns = [
  'id',
  'meeting_id',
  'guest_code',
  'area_code',
  'phone',
  'email',
  'name',
  'name_zh',
  'name_en',
  'user_type_id',
  'created_at',
] as const;

export type GuestRow = NonNullable<Awaited<ReturnType<typeof findGuestByPhone>>>;

const guestByPhone = preparedQuery<{ meetingId: number; areaCode: string; phone: string }>()((db, p) =>
  db
    .selectFrom('guests')
    .select(guestColumns)
    .where('meeting_id', '=', p('meetingId'))
    .where('area_code', '=', p('areaCode'))
    .where('phone', '=', p('phone'))
    .where('cancelled_at', 'is', null),
);
/** One indexed lookup on the unique (meeting_id, area_code, phone) key. */
export function findGuestByPhone(db: Trx, meetingId: number, areaCode: string, phone: string) {
  return guestByPhone.takeFirst(db, { meetingId, areaCode, phone });
}

/** The sign-up device's token is on the guest row; tokens from code retrievals are in guest_tokens. */
export async function findGuestByTokenHash(db: Trx, tokenHash: string) {
  const signUpDevice = await db
    .selectFrom('guests')
    .select(guestColumns)
    .where('token_hash', '=', tokenHash)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return (
    signUpDevice ??
    db
      .selectFrom('guest_tokens')
      .innerJoin('guests', 'guests.id', 'guest_tokens.guest_id')
      .select(guestColumns.map((column) => `guests.${column}` as const))
      .where('guest_tokens.token_hash', '=', tokenHash)
      .where('guests.cancelled_at', 'is', null)
      .executeTakeFirst()
  );
}

/** Retrieved tokens kept per guest: enough devices, and a bound on what repeated look-ups can store. */
export const GUEST_TOKENS_KEPT = 20;

/**
 * Adds a device's token and drops the guest's oldest retrieved ones beyond GUEST_TOKENS_KEPT; the
 * sign-up device's token is never dropped.
 */
export async function addGuestToken(
  trx: Trx,
  guestId: number,
  tokenHash: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('guest_tokens')
    .values({ token_hash: tokenHash, guest_id: guestId, created_at: now })
    .execute();
  await trx
    .deleteFrom('guest_tokens')
    .where('guest_id', '=', guestId)
    .where('token_hash', 'not in', (eb) =>
      eb
        .selectFrom('guest_tokens')
        .select('token_hash')
        .where('guest_id', '=', guestId)
        .orderBy('created_at', 'desc')
        .orderBy('token_hash')
        .limit(GUEST_TOKENS_KEPT),
    )
    .execute();
}

export async function scheduleBelongsToMeeting(
  db: Trx,
  scheduleId: number,
  meetingId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('schedules')
    .select('id')
    .where('id', '=', scheduleId)
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A unique-constraint violation on either database: PostgreSQL's SQLSTATE 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE (2067) / SQLITE_CONSTRAINT_PRIMARYKEY (1555) extended codes.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === '23505') return true;
  if (e.errcode === 2067 || e.errcode === 1555) return true;
  return (
    typeof e.message === 'string' && /UNIQUE constraint failed|PRIMARY KEY constraint failed/.test(e.message)
  );
}
