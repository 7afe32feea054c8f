import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, lowerLike } from '../../lib/like.ts';

/** The applications table's owner (modules/approval): the approval queue. */

type Status = Database['applications']['status'];

/** How many applications of a meeting wait for a decision. */
export async function countPending(db: Db, meetingId: number): Promise<number> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('meeting_id', '=', meetingId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A meeting's applications counted by status. */
export async function countByStatus(db: Db, meetingId: number): Promise<Record<Status, number>> {
  const rows = await db
    .selectFrom('applications')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('meeting_id', '=', meetingId)
    .groupBy('status')
    .execute();
  const counts: Record<Status, number> = { pending: 0, approved: 0, rejected: 0, withdrawn: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export const applicationColumns = [
  'applications.id',
  'applications.meeting_id',
  'applications.status',
  'applications.guest_id',
  'applications.form',
  'applications.schedule_ids',
  'applications.token_hash',
  'applications.area_code',
  'applications.phone',
  'applications.email',
  'applications.display_name',
  'applications.language',
  'applications.user_type_id',
  'applications.group_id',
  'applications.reason',
  'applications.created_at',
  'applications.decided_at',
  'applications.decided_by',
  'applications.erase_at',
  'applications.erased_at',
] as const;

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

function filtered(db: Db, meetingId: number, status: Status, keyword: string) {
  let query = db
    .selectFrom('applications')
    .where('applications.meeting_id', '=', meetingId)
    .where('applications.status', '=', status);
  if (keyword !== '') {
    const pattern = containsPattern(keyword);
    query = query.where((eb) =>
      eb.or([
        lowerLike('applications.display_name', pattern),
        lowerLike('applications.phone', pattern),
        lowerLike('applications.email', pattern),
      ]),
    );
  }
  return query;
}

/** One page of a meeting's applications of a status, oldest first (the queue's order). */
export async function listApplications(
  db: Db,
  meetingId: number,
  query: { status: Status; keyword: string; page: number; page_size: number },
) {
  const total = await filtered(db, meetingId, query.status, query.keyword)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await filtered(db, meetingId, query.status, query.keyword)
    // The held seat's guest row carries the answers (the application's form is its own otherwise).
    .leftJoin('guests', 'guests.id', 'applications.guest_id')
    .leftJoin('guest_groups', 'guest_groups.id', 'applications.group_id')
    .select(applicationColumns)
    .select(['guests.answers as guest_answers', 'guest_groups.contact_name as group_contact'])
    .orderBy('applications.id')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { total: Number(total?.n ?? 0), rows };
}

export function findApplication(db: Db, id: number) {
  return db.selectFrom('applications').select(applicationColumns).where('id', '=', id).executeTakeFirst();
}

/** Several applications of a meeting by id (a decision's). */
export function findApplications(db: Db, meetingId: number, ids: readonly number[]) {
  return db
    .selectFrom('applications')
    .select(applicationColumns)
    .where('meeting_id', '=', meetingId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** The application a visitor's token was given for (without a held seat). */
export function findApplicationByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('applications')
    .select(applicationColumns)
    .where('token_hash', '=', tokenHash)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** The newest application of a phone for a meeting (the look-up by phone). */
export function findApplicationByPhone(db: Db, meetingId: number, areaCode: string, phone: string) {
  return db
    .selectFrom('applications')
    .select(applicationColumns)
    .where('meeting_id', '=', meetingId)
    .where('area_code', '=', areaCode)
    .where('phone', '=', phone)
    .where('erased_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The held seat's application of a guest. */
export function findApplicationOfGuest(db: Db, guestId: number) {
  return db
    .selectFrom('applications')
    .select(applicationColumns)
    .where('guest_id', '=', guestId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertApplication(
  trx: Db,
  values: Insertable<Database['applications']>,
): Promise<number> {
  const row = await trx.insertInto('applications').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The row-level guard of a decision: the application leaves 'pending' once, whoever decides it
 * (two organisers at once, two instances): false when it was no longer pending.
 */
export async function decide(
  trx: Db,
  id: number,
  values: {
    status: 'approved' | 'rejected';
    reason: string;
    decided_at: number;
    decided_by: string;
    erase_at: number | null;
    guest_id?: number;
    token_hash?: string | null;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('applications')
    .set({
      ...values,
      // An unheld application's form became the guest row (or is no longer needed).
      form: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A held seat's application still pending when its guest was cancelled another way (the back
 * office, the guest's own withdrawal): withdrawn, leaving the queue and freeing the phone. Answers
 * the applications withdrawn (none when it was decided already).
 */
export async function withdrawPendingOfGuest(
  trx: Db,
  guestId: number,
  values: { decided_at: number; decided_by: string | null },
): Promise<number[]> {
  const rows = await trx
    .updateTable('applications')
    .set({ status: 'withdrawn', form: null, ...values })
    .where('guest_id', '=', guestId)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Rejected applications whose erasure is due. */
export async function dueErasures(db: Db, now: number, limit: number) {
  return db
    .selectFrom('applications')
    .select(['id', 'meeting_id', 'guest_id'])
    .where('erase_at', '<=', now)
    .where('erased_at', 'is', null)
    .orderBy('erase_at')
    .limit(limit)
    .execute();
}

/** The applicant's personal data goes: contact fields, the form, the token; status and dates stay. */
export async function eraseApplications(trx: Db, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('applications')
    .set({ ...ERASED, erased_at: now })
    .where('id', 'in', ids)
    .execute();
}

const ERASED = {
  form: null,
  token_hash: null,
  area_code: '',
  phone: '',
  email: '',
  display_name: '',
  reason: '',
} as const;

/**
 * Every application of a meeting (or a guest's) erased: the privacy module's erasure of its guests.
 * An undecided one is withdrawn as it goes: two erased rows would otherwise be two equal pending
 * rows (blank area code and phone) under the one-pending-application-per-phone index.
 */
export async function eraseApplicantsOf(
  trx: Db,
  meetingId: number,
  now: number,
  guestId?: number,
): Promise<void> {
  await trx
    .updateTable('applications')
    .set((eb) => ({
      ...ERASED,
      erased_at: now,
      status: eb
        .case()
        .when('status', '=', 'pending')
        .then('withdrawn')
        .else(eb.ref('status'))
        .end()
        .$castTo<Status>(),
    }))
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .where('erased_at', 'is', null)
    .execute();
}

/**
 * A phone's pending application without a held seat, taken over by the guest the waiting list just
 * seated for that phone (issue 45): it names the guest and holds its seat from now on (no form, no
 * token), keeping its place in the queue. False when it was no longer pending and unheld.
 */
export async function takeOverUnheld(
  trx: Db,
  id: number,
  values: {
    guest_id: number;
    schedule_ids: string;
    email: string;
    display_name: string;
    language: string;
    user_type_id: number | null;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('applications')
    .set({ ...values, form: null, token_hash: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('guest_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The guest an approved unheld application became. */
export async function setGuest(trx: Db, id: number, guestId: number): Promise<void> {
  await trx.updateTable('applications').set({ guest_id: guestId }).where('id', '=', id).execute();
}
