import type { Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

/** A live guest with its meeting's type and organisation, for scoping and answers. */
export function findGuestMeeting(db: Db, guestId: number) {
  return db
    .selectFrom('guests')
    .innerJoin('meetings', 'meetings.id', 'guests.meeting_id')
    .select([
      'guests.id',
      'guests.meeting_id',
      'guests.area_code',
      'guests.phone',
      'guests.user_type_id',
      'guests.erased_at',
      'meetings.organization_id',
      'meetings.meeting_type',
      'meetings.name as meeting_name',
      'meetings.name_cn as meeting_name_cn',
      'meetings.name_en as meeting_name_en',
    ])
    .where('guests.id', '=', guestId)
    .where('guests.cancelled_at', 'is', null)
    .where('meetings.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A guest's names and language, cancelled or not (what a receipt prints of them). */
export function findGuestNameAndLanguage(db: Db, guestId: number) {
  return db
    .selectFrom('guests')
    .select(['name', 'name_zh', 'name_en', 'language'])
    .where('id', '=', guestId)
    .executeTakeFirst();
}

/** A guest's stored row (the fields an edit compares for its audit entry). */
export function findGuestFields(db: Db, guestId: number) {
  return db.selectFrom('guests').selectAll().where('id', '=', guestId).executeTakeFirst();
}

/** The guest's sessions with their attendance for each, in schedule order. */
export function listEnrolments(db: Db, guestId: number) {
  return db
    .selectFrom('guest_schedules as gs')
    .innerJoin('schedules as s', 's.id', 'gs.schedule_id')
    .leftJoin('meeting_times as mt', 'mt.id', 's.meeting_time_id')
    .leftJoin('guest_attendance as ga', (join) =>
      join.onRef('ga.guest_id', '=', 'gs.guest_id').onRef('ga.scope_id', '=', 'gs.schedule_id'),
    )
    .select([
      'gs.schedule_id',
      's.name',
      's.name_cn',
      's.name_en',
      's.date',
      'ga.first_in_at',
      'ga.last_in_at',
      'ga.last_out_at',
    ])
    .where('gs.guest_id', '=', guestId)
    .orderBy('s.date')
    .orderBy('mt.start_time')
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
}

/** The guest's most recent scans, newest first (index on guest_id, created_at). */
export function listScans(db: Db, guestId: number, limit: number) {
  return db
    .selectFrom('check_ins as c')
    .leftJoin('schedules as s', (join) => join.onRef('s.id', '=', 'c.scope_id').on('c.scope_id', '>', 0))
    .select(['c.id', 'c.type', 'c.station', 'c.created_at', 's.name', 's.name_cn', 's.name_en'])
    .where('c.guest_id', '=', guestId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

export async function guestScheduleIds(db: Db, guestId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('guest_schedules')
    .select('schedule_id')
    .where('guest_id', '=', guestId)
    .execute();
  return rows.map((r) => r.schedule_id);
}

/** Answers whether a live guest was updated; `now` tells the door stations' copies it changed. */
export async function updateGuest(
  trx: Db,
  guestId: number,
  values: Updateable<Database['guests']>,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('guests')
    .set({ ...values, updated_at: now })
    .where('id', '=', guestId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Tells the door stations' copies that the guest changed (an enrolment added or dropped). */
export async function touchGuest(trx: Db, guestId: number, now: number): Promise<void> {
  await trx.updateTable('guests').set({ updated_at: now }).where('id', '=', guestId).execute();
}

export async function deleteGuestSchedules(
  trx: Db,
  guestId: number,
  scheduleIds: readonly number[],
): Promise<void> {
  if (scheduleIds.length === 0) return;
  await trx
    .deleteFrom('guest_schedules')
    .where('guest_id', '=', guestId)
    .where('schedule_id', 'in', scheduleIds)
    .execute();
}

/**
 * The guest's order is paid (issue 44): the guest code and the confirmation mail come now
 * (`mailColumns`: the mail module's), and the door copies see the change. False when the guest was
 * not waiting for a payment.
 */
export async function markGuestPaid(
  trx: Db,
  guestId: number,
  now: number,
  mailColumns: { mail_pending?: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('guests')
    .set({ unpaid: 0, updated_at: now, ...mailColumns })
    .where('id', '=', guestId)
    .where('unpaid', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A guest seated from a paid meeting's waiting list owes its order (issue 44): unpaid, and the
 * confirmation queued with the row waits for the payment (markGuestPaid queues it again).
 */
export async function markGuestUnpaid(trx: Db, guestId: number, now: number): Promise<void> {
  await trx
    .updateTable('guests')
    .set({ unpaid: 1, mail_pending: 0, updated_at: now })
    .where('id', '=', guestId)
    .execute();
}

/** Whether a live guest of the meeting has this number (the unique key's columns). */
const BY_PHONE_COLUMNS = [
  'id',
  'name',
  'name_zh',
  'name_en',
  'cancelled_at',
  'unpaid',
  'approval',
  'walk_in',
  'over_capacity',
] as const;

/** The meeting's live guest with this phone (the unique index allows one). */
export function findGuestByPhone(db: Db, meetingId: number, areaCode: string, phone: string) {
  return db
    .selectFrom('guests')
    .select(BY_PHONE_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .where('area_code', '=', areaCode)
    .where('phone', '=', phone)
    .executeTakeFirst();
}

/**
 * The meeting's newest cancelled guest who had this phone: a cancellation moves the number out of
 * the unique key as `phone#id` (cancelGuest), so it is found by that prefix. E.164 numbers hold
 * no LIKE wildcard.
 */
export function findCancelledGuestByPhone(db: Db, meetingId: number, areaCode: string, phone: string) {
  return db
    .selectFrom('guests')
    .select(BY_PHONE_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .where('area_code', '=', areaCode)
    .where('phone', 'like', `${phone}#%`)
    .where('cancelled_at', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function phoneTaken(
  db: Db,
  meetingId: number,
  areaCode: string,
  phone: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('guests')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .where('area_code', '=', areaCode)
    .where('phone', '=', phone)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A cancelled guest live again with this phone (see reinstateGuest); false when not cancelled. */
export async function reinstateGuestRow(
  trx: Db,
  guestId: number,
  phone: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('guests')
    .set({ cancelled_at: null, phone, updated_at: now })
    .where('id', '=', guestId)
    .where('cancelled_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks the guest cancelled and moves the phone out of the unique (meeting, area code, phone) key,
 * so the same number can sign up again. Answers false when the guest was already gone.
 */
export async function cancelGuest(
  trx: Db,
  guest: { id: number; phone: string },
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('guests')
    .set({ cancelled_at: now, updated_at: now, phone: `${guest.phone}#${guest.id}` })
    .where('id', '=', guest.id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A guest's stored answers with what decides which fields they see, for answers given at the door. */
export function findGuestAnswers(db: Db, guestId: number) {
  return db
    .selectFrom('guests')
    .select(['id', 'meeting_id', 'user_type_id', 'answers', 'cancelled_at', 'erased_at'])
    .where('id', '=', guestId)
    .executeTakeFirst();
}

/**
 * Replaces a live guest's answers if they are still `before` (a parallel writer's change is never
 * overwritten: the caller reads again and merges afresh); `now` tells the door copies. Answers
 * whether it wrote.
 */
export async function updateGuestAnswers(
  trx: Db,
  guestId: number,
  answers: { before: string; after: string },
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('guests')
    .set({ answers: answers.after, updated_at: now })
    .where('id', '=', guestId)
    .where('cancelled_at', 'is', null)
    .where('answers', '=', answers.before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Names and e-mail addresses of a meeting's live guests among `ids`, by id (at most 1,000 ids a call). */
export function findGuestContacts(db: Db, meetingId: number, ids: readonly number[]) {
  return db
    .selectFrom('guests')
    .select(['id', 'name', 'name_zh', 'name_en', 'email'])
    .where('meeting_id', '=', meetingId)
    .where('id', 'in', ids.length ? ids : [0])
    .where('cancelled_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * A guest awaiting approval decided (issue 45): 'approved' with the confirmation queued (the code
 * is mailed now), 'rejected' once cancelled. False when the guest was not pending.
 */
export async function setGuestApproval(
  trx: Db,
  guestId: number,
  approval: 'approved' | 'rejected',
  now: number,
  mailColumns: { mail_pending?: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('guests')
    .set({ approval, updated_at: now, ...mailColumns })
    .where('id', '=', guestId)
    .where('approval', '=', 'pending')
    // A cancelled guest is never approved (their seat is gone); a rejection marks one cancelled.
    .$if(approval === 'approved', (q) => q.where('cancelled_at', 'is', null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The guests a group booking brought (issue 45), cancelled ones too, in the order they were written. */
export function findGroupGuests(db: Db, groupId: number) {
  return db
    .selectFrom('guests')
    .select([
      'id',
      'meeting_id',
      'name',
      'name_zh',
      'name_en',
      'area_code',
      'phone',
      'email',
      'guest_code',
      'cancelled_at',
      'unpaid',
    ])
    .where('group_id', '=', groupId)
    .orderBy('id')
    .execute();
}
