import { preparedQuery } from '../../db/prepared-query.ts';
import type { Db } from '../../db/database.ts';

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
  'waitlist_enabled',
  'waitlist_max',
  'waiting_count',
  'waitlist_held',
  'privacy_notice_enabled',
  'privacy_notice',
  'privacy_notice_version',
  'purged_at',
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
export function findLiveMeetingByPublicId(db: Db, publicId: string) {
  return liveMeetingByPublicId.takeFirst(db, { publicId });
}

export function findLiveMeetingById(db: Db, id: number) {
  return db
    .selectFrom('meetings')
    .select(meetingColumns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The meeting's sessions with their time slot, in display order. */
export function listSchedulesWithTimes(db: Db, meetingId: number) {
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

export function listUserTypes(db: Db, meetingId: number) {
  return db
    .selectFrom('user_types')
    .select(['id', 'name', 'name_cn', 'name_en'])
    .where('meeting_id', '=', meetingId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** user_type_id → schedule_id pairs of the meeting's user types, ascending. */
export function listUserTypeSchedules(db: Db, meetingId: number) {
  return db
    .selectFrom('user_type_schedules')
    .innerJoin('user_types', 'user_types.id', 'user_type_schedules.user_type_id')
    .select(['user_type_schedules.user_type_id', 'user_type_schedules.schedule_id'])
    .where('user_types.meeting_id', '=', meetingId)
    .orderBy('user_type_schedules.schedule_id')
    .execute();
}

/** The global categories and those of `owners` (a meeting's organisation and the ones above it). */
export function listCollegeCategories(db: Db, owners: readonly number[]) {
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

/** True when the enrolment existed (and is now gone); the door stations' copies learn the guest changed. */
export async function deleteGuestSchedule(
  trx: Db,
  guestId: number,
  scheduleId: number,
  now: number,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('guest_schedules')
    .where('guest_id', '=', guestId)
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await trx.updateTable('guests').set({ updated_at: now }).where('id', '=', guestId).execute();
  return true;
}

export function hasGuestSchedule(db: Db, guestId: number, scheduleId: number) {
  return db
    .selectFrom('guest_schedules')
    .select('schedule_id')
    .where('guest_id', '=', guestId)
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirst();
}

export async function guestScheduleIds(db: Db, guestId: number): Promise<number[]> {
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
export function findGuestByPhone(db: Db, meetingId: number, areaCode: string, phone: string) {
  return guestByPhone.takeFirst(db, { meetingId, areaCode, phone });
}

/** A live guest by id (an accepted offer opens the guest page). */
export function findGuestById(db: Db, guestId: number) {
  return db
    .selectFrom('guests')
    .select(guestColumns)
    .where('id', '=', guestId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
}

/** The sign-up device's token is on the guest row; tokens from code retrievals are in guest_tokens. */
export async function findGuestByTokenHash(db: Db, tokenHash: string) {
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
export async function addGuestToken(trx: Db, guestId: number, tokenHash: string, now: number): Promise<void> {
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
  db: Db,
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
