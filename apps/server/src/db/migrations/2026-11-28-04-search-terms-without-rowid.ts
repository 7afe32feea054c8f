/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './helpers.ts';

/**
 * On SQLite the search terms become a WITHOUT ROWID table: the rows live in their primary key's
 * B-tree alone, where an ordinary table keeps them twice (the rowid table and the key's index). A
 * sign-up writes about fifteen terms, so this takes a third of the B-tree writes off every sign-up
 * and import row, and the terms of a keyword are read from one tree. PostgreSQL keeps a heap and
 * its indexes whatever the table says: nothing changes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await rebuild(db, sql`without rowid`);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await rebuild(db, sql``);
}

async function rebuild(db: Kysely<any>, options: ReturnType<typeof sql>): Promise<void> {
  await db.schema
    .createTable('guest_search_terms_new')
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('term', 'varchar(200)', (c) => c.notNull())
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('guest_search_terms_pk', ['meeting_id', 'term', 'guest_id'])
    .modifyEnd(options)
    .execute();
  await sql`insert into guest_search_terms_new (meeting_id, term, guest_id)
            select meeting_id, term, guest_id from guest_search_terms`.execute(db);
  await db.schema.dropTable('guest_search_terms').execute();
  await db.schema.alterTable('guest_search_terms_new').renameTo('guest_search_terms').execute();
  await db.schema
    .createIndex('guest_search_terms_guest')
    .on('guest_search_terms')
    .column('guest_id')
    .execute();
}
