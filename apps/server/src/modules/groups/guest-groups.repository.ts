import type { Db } from '../../db/database.ts';

/** The guest_groups table's owner (modules/groups): a group booking and its contact. */

export function findGroupByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('guest_groups')
    .select(['id', 'meeting_id', 'contact_name', 'size', 'language', 'created_at'])
    .where('token_hash', '=', tokenHash)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}
