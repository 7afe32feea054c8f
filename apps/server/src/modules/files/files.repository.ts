import type { Db } from '../../db/database.ts';

export interface StoredFile {
  id: string;
  mime: string;
  size: number;
  data: Uint8Array;
  /** A visitor's file answer: served only to the back office, through its guest. */
  private: boolean;
}

/**
 * Content-addressed: storing the same bytes twice keeps the first row. A private file (a visitor's
 * answer) stored again as private stays as it was; stored again by an organiser (`private: false`)
 * it becomes public: the same bytes are now their banner or PDF. Bytes already public stay public.
 */
export async function insertFileIfAbsent(
  db: Db,
  file: { id: string; mime: string; size: number; data: Uint8Array; createdAt: number; private?: boolean },
): Promise<void> {
  await db
    .insertInto('files')
    .values({
      id: file.id,
      mime: file.mime,
      size: file.size,
      data: file.data,
      created_at: file.createdAt,
      private: file.private ? 1 : 0,
    })
    .onConflict((oc) =>
      file.private ? oc.column('id').doNothing() : oc.column('id').doUpdateSet({ private: 0 }),
    )
    .execute();
}

export async function findFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('files')
    .select(['id', 'mime', 'size', 'data', 'private'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size), private: Number(row.private) === 1 };
}

/** The mime type of each existing file among `ids` (the bytes stay in the database). */
export async function findFileMimes(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('files').select(['id', 'mime']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.mime]));
}

/** A public file's mime type (what a 304 re-sends), without its bytes; undefined for a private one. */
export async function findPublicFileMime(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('files')
    .select('mime')
    .where('id', '=', id)
    .where('private', '=', 0)
    .executeTakeFirst();
  return row?.mime;
}

/**
 * A page of the private files (visitors' uploads) stored before `before`, in id order after
 * `after`: the sweep's candidates, ids only (the index on (private, created_at) finds them).
 */
export async function findPrivateFilesBefore(db: Db, before: number, limit: number, after?: string) {
  return (
    await db
      .selectFrom('files')
      .select('id')
      .where('private', '=', 1)
      .where('created_at', '<', before)
      .$if(after !== undefined, (q) => q.where('id', '>', after!))
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((r) => r.id);
}

export async function deleteFiles(db: Db, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('files').where('id', 'in', ids).execute();
}
