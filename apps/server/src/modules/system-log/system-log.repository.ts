import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export async function insertLog(db: Db, entry: Insertable<Database['system_logs']>): Promise<void> {
  await db.insertInto('system_logs').values(entry).execute();
}
