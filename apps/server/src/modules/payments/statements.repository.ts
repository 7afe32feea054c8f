import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/*
 * Bank statement lines imported into a meeting. A line's hash is unique per meeting: the same
 * statement imported twice adds nothing and pays nothing twice.
 */

/** The line's id, or null when the same line was imported before. */
export async function insertLine(
  trx: Db,
  values: Insertable<Database['statement_lines']>,
): Promise<number | null> {
  const row = await trx
    .insertInto('statement_lines')
    .values(values)
    .onConflict((oc) => oc.columns(['meeting_id', 'line_hash']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function linesByHash(db: Db, meetingId: number, hashes: readonly string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('statement_lines')
    .select(['id', 'line_hash', 'order_id', 'state'])
    .where('meeting_id', '=', meetingId)
    .where('line_hash', 'in', hashes)
    .execute();
}

// ——— Previews: a statement read and matched, kept for a while to be applied ———

export async function insertPreview(
  db: Db,
  values: Insertable<Database['statement_previews']>,
): Promise<void> {
  await db.insertInto('statement_previews').values(values).execute();
}

export function findPreview(db: Db, id: string) {
  return db
    .selectFrom('statement_previews')
    .select(['id', 'meeting_id', 'user_id', 'lines', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Deletes the preview once applied; true for the one caller that deleted it. */
export async function deletePreview(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('statement_previews').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Forgets previews made before `before` (they can no longer be applied). */
export async function deletePreviewsBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('statement_previews').where('created_at', '<', before).execute();
}
