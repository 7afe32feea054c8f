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

/** A new group booking's row, in the booking's transaction: its id goes onto each attendee's guest row. */
export async function insertGroup(trx: Db, row: Insertable<Database['guest_groups']>): Promise<number> {
  const inserted = await trx.insertInto('guest_groups').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}
