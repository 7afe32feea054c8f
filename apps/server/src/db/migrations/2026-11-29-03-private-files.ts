/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 42: a visitor's file answer (proof of membership) is personal data. `files.private` = 1
 * keeps it off the public `GET /api/files/:id` (banners and PDFs stay public); the back office opens
 * it through the guest it belongs to. The index serves the daily sweep of private uploads that no
 * sign-up ever named.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('private', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('files_private_created')
    .on('files')
    .columns(['private', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_private_created').execute();
  await db.schema.alterTable('files').dropColumn('private').execute();
}
