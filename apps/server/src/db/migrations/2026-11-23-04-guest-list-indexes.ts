/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * The guest list sorted by name on a meeting of 100,000 guests: the list orders by the form's name
 * column (`name` for general meetings, `name_zh` for date-schedule ones) and then by id, so each
 * index walks one meeting's guests in page order and a page reads only its own rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('guests_meeting_name')
    .on('guests')
    .columns(['meeting_id', 'name', 'id'])
    .execute();
  await db.schema
    .createIndex('guests_meeting_name_zh')
    .on('guests')
    .columns(['meeting_id', 'name_zh', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('guests_meeting_name_zh').execute();
  await db.schema.dropIndex('guests_meeting_name').execute();
}
