import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { insertRows } from '../../db/prepared-query.ts';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';

export type ImportRow = Selectable<Database['imports']>;
/** An import without its file: what lists and progress read. */
export type ImportInfo = Omit<ImportRow, 'file_data'>;

const INFO_COLUMNS = [
  'id',
  'kind',
  'meeting_id',
  'status',
  'file_name',
  'file_size',
  'file_sha256',
  'format',
  'encoding',
  'headers',
  'sample',
  'mapping',
  'options',
  'total',
  'processed',
  'created',
  'updated',
  'skipped',
  'failed',
  'error',
  'created_by',
  'created_at',
  'started_at',
  'finished_at',
  'read_at',
] as const;

export async function insertImport(db: Db, values: Insertable<Database['imports']>): Promise<number> {
  const row = await db.insertInto('imports').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findImport(db: Db, id: number): Promise<ImportInfo | undefined> {
  return db.selectFrom('imports').select(INFO_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Data rows of an uploaded file, as read: many rows per statement. */
export async function insertImportRows(db: Db, importId: number, rows: readonly SheetRow[]): Promise<void> {
  await insertRows(
    db,
    'import_rows',
    rows.map((row) => ({ import_id: importId, row_number: row.number, cells: JSON.stringify(row.cells) })),
  );
}

/** The `size` data rows after row `afterRow`, in row order: the preview and the job read them page by page. */
export async function importRowsAfter(
  db: Db,
  importId: number,
  afterRow: number,
  size: number,
): Promise<SheetRow[]> {
  const rows = await db
    .selectFrom('import_rows')
    .select(['row_number', 'cells'])
    .where('import_id', '=', importId)
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(size)
    .execute();
  return rows.map((row) => ({ number: row.row_number, cells: JSON.parse(row.cells) as string[] }));
}

/** Drops an import's data rows: once it has run, or before its file is read again. */
export async function deleteImportRows(db: Db, importId: number): Promise<void> {
  await db.deleteFrom('import_rows').where('import_id', '=', importId).execute();
}

export async function findImportFile(db: Db, id: number): Promise<Uint8Array | null> {
  const row = await db.selectFrom('imports').select('file_data').where('id', '=', id).executeTakeFirst();
  return row?.file_data ?? null;
}

export function listImports(db: Db, meetingId: number, kind: 'guests' | 'schedule', limit: number) {
  return db
    .selectFrom('imports')
    .select(INFO_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The latest finished or running import of the same file into the meeting, other than `exceptId`. */
export function findSameFile(db: Db, meetingId: number, sha256: string, exceptId: number) {
  return db
    .selectFrom('imports')
    .select(['id', 'finished_at'])
    .where('meeting_id', '=', meetingId)
    .where('file_sha256', '=', sha256)
    .where('status', 'in', ['queued', 'running', 'done'])
    .where('id', '<>', exceptId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The imports whose file began to be read before `before` and is still being read. */
export async function readsBegunBefore(db: Db, before: number): Promise<number[]> {
  const rows = await db
    .selectFrom('imports')
    .select('id')
    .where('status', '=', 'reading')
    .where('read_at', '<', before)
    .execute();
  return rows.map((row) => row.id);
}

/** Changes an import only while it is in the status given (the caller's view of it); answers whether it did. */
export async function updateImportIf(
  db: Db,
  id: number,
  status: ImportRow['status'] | readonly ImportRow['status'][],
  values: Updateable<Database['imports']>,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', typeof status === 'string' ? [status] : [...status])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves a running import's counters on from where the caller read them; answers whether it did. */
export async function advanceImport(
  db: Db,
  id: number,
  fromProcessed: number,
  values: Updateable<Database['imports']>,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('processed', '=', fromProcessed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteImport(db: Db, id: number): Promise<void> {
  await db.deleteFrom('import_failures').where('import_id', '=', id).execute();
  await deleteImportRows(db, id);
  await db.deleteFrom('imports').where('id', '=', id).execute();
}

export async function insertFailures(
  db: Db,
  rows: readonly Insertable<Database['import_failures']>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto('import_failures')
      .values(rows.slice(start, start + 1000))
      .execute();
  }
}

/** The failed rows after `afterRow`, in row order: the failed-rows file reads them batch by batch. */
export function failuresAfter(db: Db, importId: number, afterRow: number | undefined, size: number) {
  return db
    .selectFrom('import_failures')
    .select(['row_number', 'cells', 'reason'])
    .where('import_id', '=', importId)
    .where('row_number', '>', afterRow ?? 0)
    .orderBy('row_number')
    .limit(size)
    .execute();
}

export async function rememberedMapping(db: Db, meetingId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('meeting_import_mappings')
    .select('mapping')
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
  return row?.mapping;
}

export async function saveMapping(db: Db, meetingId: number, mapping: string, now: number): Promise<void> {
  await db
    .insertInto('meeting_import_mappings')
    .values({ meeting_id: meetingId, mapping, updated_at: now })
    .onConflict((oc) => oc.column('meeting_id').doUpdateSet({ mapping, updated_at: now }))
    .execute();
}

/* The meeting's dictionary, as a row of a guest file may name it: the dictionary module's reads. */
export {
  collegeCategoryNames as collegeCategoriesFor,
  sessionNames as sessionsOf,
  userTypeNames as userTypesOf,
  userTypeSessions as allowedSessionsOf,
} from '../dictionary/dictionary.reads.ts';

/**
 * The meeting's live guests with these phones (E.164): who a row would duplicate, with the answers
 * an update keeps; locked in id order if asked, in no particular order otherwise. Ordered only to
 * lock: SQLite answered "order by id" by walking every guest of the meeting in id order (the
 * `(meeting_id, id)` index) instead of looking the phones up, a whole meeting read per batch.
 */
export function liveGuestsByPhone(db: Db, meetingId: number, phones: readonly string[], lock = false) {
  if (phones.length === 0) return Promise.resolve([]);
  const query = db
    .selectFrom('guests')
    .select(['id', 'area_code', 'phone', 'answers'])
    .where('meeting_id', '=', meetingId)
    .where('cancelled_at', 'is', null)
    .where('phone', 'in', [...phones]);
  return lock ? query.orderBy('id').forUpdate().execute() : query.execute();
}

/**
 * PostgreSQL's planner statistics of the guest tables, refreshed after a bulk load. Until autovacuum
 * comes by (up to a minute or more), the planner takes a meeting that just got thousands of guests
 * for empty: a match-everyone search of 100,000 guests sorted every match (560 ms instead of 30).
 */
export async function refreshGuestStatistics(db: Db): Promise<void> {
  await sql`analyze guests, guest_search_terms, guest_schedules`.execute(db);
}
