/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId, binaryType } from './helpers.ts';

/**
 * Issue 16: bulk imports. One row per uploaded file: the file itself until the import has run (the
 * job reads it again batch by batch), the column mapping, the chosen options and the counts, which
 * move in the same transaction as each batch of guests; the failed rows with their reason; and the
 * column mapping each meeting last used, so that next year's file maps itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'integer', autoId(db))
    // 'guests' | 'schedule'
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    // uploaded → queued → running → done | failed
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('uploaded'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('file_sha256', 'varchar(64)', (c) => c.notNull())
    // The file as uploaded, kept until the import starts (a CSV may be read again in another encoding).
    .addColumn('file_data', binaryType(db))
    // The data rows as read, JSON [[row number, cells], …]: the file is parsed once, at upload, and
    // the preview and the job read these. Dropped (null) once the import has finished.
    .addColumn('rows_data', 'text')
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('encoding', 'varchar(16)')
    // JSON: the header row, the sample rows and the mapping (one field or null per column).
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sample', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('mapping', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON: { on_existing, over_limit, send_confirmation, language } once started.
    .addColumn('options', 'text')
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    // Data rows handled (whole batches): the job resumes after them.
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('imports_meeting')
    .on('imports')
    .columns(['meeting_id', 'kind', 'id'])
    .execute();
  await db.schema.createIndex('imports_file').on('imports').columns(['meeting_id', 'file_sha256']).execute();

  await db.schema
    .createTable('import_failures')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    // The spreadsheet's row number (header = 1).
    .addColumn('row_number', 'integer', (c) => c.notNull())
    // JSON array of the row's cells as read, so that the failed-rows file can be fixed and imported again.
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_failures_pk', ['import_id', 'row_number'])
    .execute();

  await db.schema
    .createTable('meeting_import_mappings')
    .addColumn('meeting_id', 'integer', (c) => c.primaryKey().references('meetings.id').onDelete('cascade'))
    // JSON: { [normalised header]: field | null }
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meeting_import_mappings').execute();
  await db.schema.dropTable('import_failures').execute();
  await db.schema.dropTable('imports').execute();
}
