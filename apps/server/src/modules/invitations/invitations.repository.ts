import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The invitations table's owner (modules/invitations): codes, their uses, personal invitations. */

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
