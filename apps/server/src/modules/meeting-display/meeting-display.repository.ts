import type { Db } from '../../db/database.ts';

/** A live (not soft-deleted) meeting's stored display config, or undefined. */
export async function findDisplayConfig(db: Db, meetingId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('meetings')
    .select('display_config')
    .where('id', '=', meetingId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.display_config;
}

/** Writes the display config column only; answers whether a live meeting was updated. */
export async function updateMeetingDisplay(db: Db, meetingId: number, json: string): Promise<boolean> {
  const result = await db
    .updateTable('meetings')
    .set({ display_config: json })
    .where('id', '=', meetingId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
