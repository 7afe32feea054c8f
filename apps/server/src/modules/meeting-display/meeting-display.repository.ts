import type { Db } from '../../db/database.ts';

export interface MeetingDisplayRow {
  id: number;
  name: string;
  organization_id: number;
  display_config: string;
}

/** A live (not soft-deleted) meeting with its stored display config, or undefined. */
export async function findMeetingDisplay(db: Db, meetingId: number): Promise<MeetingDisplayRow | undefined> {
  const row = await db
    .selectFrom('meetings')
    .select(['id', 'name', 'organization_id', 'display_config'])
    .where('id', '=', meetingId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), organization_id: Number(row.organization_id) };
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
