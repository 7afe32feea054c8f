import type { Db } from '../../db/database.ts';

/** The applications table's owner (modules/approval): the approval queue. */

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
