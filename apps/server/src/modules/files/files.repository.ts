import type { Db } from '../../db/database.ts';

export interface StoredFile {
  id: string;
  mime: string;
  size: number;
  data: Uint8Array;
}

/** Content-addressed: storing the same bytes twice keeps the first row. */
export async function insertFileIfAbsent(
  db: Db,
  file: { id: string; mime: string; size: number; data: Uint8Array; createdAt: number },
): Promise<void> {
  await db
    .insertInto('files')
    .values({ id: file.id, mime: file.mime, size: file.size, data: file.data, created_at: file.createdAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('files')
    .select(['id', 'mime', 'size', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size) };
}

/** The mime type of each existing file among `ids` (the bytes stay in the database). */
export async function findFileMimes(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('files').select(['id', 'mime']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.mime]));
}

export async function deleteFiles(db: Db, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('files').where('id', 'in', ids).execute();
}
