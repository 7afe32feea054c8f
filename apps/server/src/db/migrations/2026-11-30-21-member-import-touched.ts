/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 45: a member list's apply that crashed stayed 'running' for good, and nothing told it from
 * one still writing. `touched_at` moves when the apply claims the upload and after each batch; a
 * running upload untouched for a while is one nobody is writing any more (modules/members).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('member_imports').addColumn('touched_at', 'bigint').execute();
  await db.schema
    .createIndex('member_imports_status')
    .on('member_imports')
    .columns(['status', 'touched_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('member_imports_status').execute();
  await db.schema.alterTable('member_imports').dropColumn('touched_at').execute();
}
