/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 45: an organisation's member list is uploaded, previewed and then applied. The guest
 * import's `imports` rows belong to a meeting; a member list belongs to an organisation, so its
 * uploads wait here: the rows as read (JSON, the file itself is not kept), the counts, and the
 * progress of the apply. The rows are cleared once applied.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_imports')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
    // 'uploaded' | 'running' | 'done' | 'failed'
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('uploaded'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    // JSON array of the valid rows as judged at upload; null once applied.
    .addColumn('rows_data', 'text')
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('member_imports_organization')
    .on('member_imports')
    .columns(['organization_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_imports').execute();
}
