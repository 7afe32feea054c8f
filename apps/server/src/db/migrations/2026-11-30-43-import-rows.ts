/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 46: an uploaded guest file's rows, one table row each (decision 0110), instead of one JSON
 * text on the import: the preview and the job read them page by page, so memory no longer grows with
 * the file, and the import's counters, written after every batch, no longer sit beside megabytes of
 * rows that each such UPDATE rewrote. Rows already uploaded move over; the JSON column goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    // The spreadsheet's row number (header = 1).
    .addColumn('row_number', 'integer', (c) => c.notNull())
    // JSON array of the row's cells as read.
    .addColumn('cells', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rows_pk', ['import_id', 'row_number'])
    .execute();
  const pending = await db
    .selectFrom('imports')
    .select(['id', 'rows_data'])
    .where('rows_data', 'is not', null)
    .execute();
  for (const { id, rows_data } of pending as { id: number; rows_data: string }[]) {
    const rows = (JSON.parse(rows_data) as [number, string[]][]).map(([number, cells]) => ({
      import_id: id,
      row_number: number,
      cells: JSON.stringify(cells),
    }));
    for (let start = 0; start < rows.length; start += 1000)
      await db
        .insertInto('import_rows')
        .values(rows.slice(start, start + 1000))
        .execute();
  }
  await db.schema.alterTable('imports').dropColumn('rows_data').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('rows_data', 'text').execute();
  await db.schema.dropTable('import_rows').execute();
}
