/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * A guest upload was created 'uploaded' before its rows were stored: a process that died mid-read
 * left an import that looked ready, without headers and with part of its rows, for good. An import
 * is now 'reading' until its rows are all stored, and `read_at` says since when; the job runner's
 * pass drops a read begun long ago (modules/imports). The half-read uploads already there are
 * recognised by their total: a whole read has at least one data row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('read_at', 'bigint').execute();
  await db.schema.createIndex('imports_status').on('imports').columns(['status', 'read_at']).execute();
  await db
    .updateTable('imports')
    .set((eb: any) => ({ status: 'reading', read_at: eb.ref('created_at') }))
    .where('kind', '=', 'guests')
    .where('status', '=', 'uploaded')
    .where('total', '=', 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('imports_status').execute();
  await db.schema.alterTable('imports').dropColumn('read_at').execute();
}
