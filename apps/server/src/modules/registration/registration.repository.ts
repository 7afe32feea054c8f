import { preparedQuery } from '../../db/prepared-query.ts';
import type { Db } from '../../db/database.ts';

/* The meeting as the visitor's pages read it: the meetings module's reads. */
export {
  liveMeetingById as findLiveMeetingById,
  liveMeetingByPublicId as findLiveMeetingByPublicId,
  type VisitorMeeting as PublicMeetingRow,
} from '../meetings/meetings.reads.ts';

/* The form's options: the dictionary module's reads. */
export {
  collegeCategoryNames as listCollegeCategories,
  isSessionOf as scheduleBelongsToMeeting,
  sessionsWithTimes as listSchedulesWithTimes,
  userTypeNames as listUserTypes,
  userTypeSessions as listUserTypeSchedules,
  userTypeNeedsApproval,
} from '../dictionary/dictionary.reads.ts';

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
  'unpaid',
  'approval',
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

/**
 * The guest a token was given to, cancelled or not (issue 44: a guest whose unpaid order expired
 * still sees it). Ids and state only; the guest page's reads stay live-only.
 */
export async function findTokenHolderAnyState(db: Db, tokenHash: string) {
  const columns = ['id', 'meeting_id', 'cancelled_at', 'erased_at'] as const;
  const signUpDevice = await db
    .selectFrom('guests')
    .select(columns)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    signUpDevice ??
    db
      .selectFrom('guest_tokens')
      .innerJoin('guests', 'guests.id', 'guest_tokens.guest_id')
      .select(columns.map((column) => `guests.${column}` as const))
      .where('guest_tokens.token_hash', '=', tokenHash)
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
