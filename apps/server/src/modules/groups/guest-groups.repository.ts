import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** The guest_groups table's owner (modules/groups): a group booking and its contact. */

export function findGroupByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('guest_groups')
    .select(['id', 'meeting_id', 'contact_name', 'size', 'language', 'created_at'])
    .where('token_hash', '=', tokenHash)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** A group's contact as their mail needs it; undefined once erased. */
export function findGroupForMail(db: Db, groupId: number) {
  return db
    .selectFrom('guest_groups')
    .select(['id', 'meeting_id', 'contact_name', 'contact_email', 'language', 'size', 'created_at'])
    .where('id', '=', groupId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** The group's token hash, once its id (which the token is derived from) is known. */
export async function setTokenHash(trx: Db, groupId: number, tokenHash: string): Promise<void> {
  await trx.updateTable('guest_groups').set({ token_hash: tokenHash }).where('id', '=', groupId).execute();
}

/** The erasure of a meeting's group contacts (groups.writes.ts); the row and its size stay. */
export async function eraseContacts(trx: Db, meetingId: number, now: number): Promise<void> {
  await trx
    .updateTable('guest_groups')
    .set({ contact_name: '', contact_email: '', contact_area_code: '', contact_phone: '', erased_at: now })
    .where('meeting_id', '=', meetingId)
    .where('erased_at', 'is', null)
    .execute();
}

/** A new group booking's row, in the booking's transaction: its id goes onto each attendee's guest row. */
export async function insertGroup(trx: Db, row: Insertable<Database['guest_groups']>): Promise<number> {
  const inserted = await trx.insertInto('guest_groups').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}
