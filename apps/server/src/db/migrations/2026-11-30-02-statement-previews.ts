/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 44: a bank statement is read and matched first (the preview), applied after the organiser
 * has looked at it. The lines as read and matched wait here under a random id for a short while
 * (STATEMENT_PREVIEW_MINUTES); applying reads them back, so the file is read once and what is
 * applied is what was shown. Expired previews are deleted when the next one is made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statement_previews')
    // 128-bit random, base64url: what the apply request sends back.
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // JSON array of the credit lines read: row, date, amount, text, hash, the order matched.
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('statement_previews_created')
    .on('statement_previews')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statement_previews').execute();
}
