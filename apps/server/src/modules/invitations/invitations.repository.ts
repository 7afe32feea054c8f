import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** The invitations table's owner (modules/invitations): codes, their uses, personal invitations. */

const COLUMNS = [
  'id',
  'meeting_id',
  'code',
  'kind',
  'seats',
  'user_type_id',
  'max_uses',
  'used_count',
  'enabled',
  'valid_until',
  'note',
  'invitee_name',
  'invitee_email',
  'language',
  'sent_at',
  'created_at',
] as const;

/** A meeting's invitation by its stored code (upper case). */
export function findByCode(db: Db, meetingId: number, code: string) {
  return db
    .selectFrom('invitations')
    .select([
      'id',
      'code',
      'kind',
      'seats',
      'user_type_id',
      'max_uses',
      'used_count',
      'enabled',
      'valid_until',
    ])
    .where('meeting_id', '=', meetingId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** One use, if one is left: the conditional UPDATE is the check (true when counted). */
export async function takeUse(trx: Db, invitationId: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('invitations')
    .set({ used_count: sql<number>`used_count + 1`, updated_at: now })
    .where('id', '=', invitationId)
    .where('enabled', '=', 1)
    .where(sql<boolean>`used_count < max_uses`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type InvitationRow = Awaited<ReturnType<typeof findById>>;

export function findById(db: Db, id: number) {
  return db.selectFrom('invitations').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function listOfMeeting(db: Db, meetingId: number) {
  return db
    .selectFrom('invitations')
    .select(COLUMNS)
    .where('meeting_id', '=', meetingId)
    .orderBy('id', 'desc')
    .execute();
}

export async function insert(db: Db, values: Insertable<Database['invitations']>): Promise<number> {
  const row = await db.insertInto('invitations').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Changes an invitation; its maximum never below the uses counted when the UPDATE runs (a use
 * counted between the form's check and this statement makes it change nothing: false).
 */
export async function update(
  db: Db,
  id: number,
  values: Updateable<Database['invitations']> & { max_uses: number },
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set(values)
    .where('id', '=', id)
    .where('used_count', '<=', values.max_uses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes an invitation nobody used (false: used meanwhile, or gone). */
export async function deleteUnused(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('invitations')
    .where('id', '=', id)
    .where('used_count', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Uses taken, by the invitations' seat kind (a use whose guest was since cancelled still counts). */
export async function usesBySeats(db: Db, meetingId: number) {
  const rows = await db
    .selectFrom('invitations')
    .select(['seats', (eb) => eb.fn.sum<number>('used_count').as('n')])
    .where('meeting_id', '=', meetingId)
    .groupBy('seats')
    .execute();
  const of = (seats: string) => Number(rows.find((r) => r.seats === seats)?.n ?? 0);
  return { reserved: of('reserved'), bypass: of('bypass') };
}

/** The meeting's invitees' names and e-mails, blanked (the meeting's purge); the codes stay counted. */
export async function eraseInvitees(trx: Db, meetingId: number): Promise<void> {
  await trx
    .updateTable('invitations')
    .set({ invitee_name: '', invitee_email: '' })
    .where('meeting_id', '=', meetingId)
    .where((eb) => eb.or([eb('invitee_name', '!=', ''), eb('invitee_email', '!=', '')]))
    .execute();
}

/** Which of these addresses the meeting's personal invitations already name (lower case). */
export async function invitedEmails(db: Db, meetingId: number, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('invitations')
    .select('invitee_email')
    .where('meeting_id', '=', meetingId)
    .where('kind', '=', 'personal')
    .where('invitee_email', 'in', emails)
    .execute();
  return rows.map((r) => r.invitee_email);
}

/** When a personal invitation's mail was last handed to the outbox. */
export async function markSent(trx: Db, id: number, at: number): Promise<void> {
  await trx.updateTable('invitations').set({ sent_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** A personal invitation as its mail needs it: unused, enabled and with an address, else undefined. */
export function findMailable(db: Db, id: number) {
  return db
    .selectFrom('invitations')
    .select(['id', 'meeting_id', 'code', 'user_type_id', 'invitee_name', 'invitee_email', 'language'])
    .where('id', '=', id)
    .where('kind', '=', 'personal')
    .where('enabled', '=', 1)
    .where(sql<boolean>`used_count < max_uses`)
    .where('invitee_email', '!=', '')
    .executeTakeFirst();
}
