/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * The search terms' index by guest also holds the term. A keyword that matches everyone (a hospital
 * name) is answered by walking the meeting's guests and probing each guest's own terms for one in
 * the keyword's range (guests.repository.ts, `walks`); the capped count probes 10,000 guests. On
 * PostgreSQL an index on guest_id alone sent every probe to the table's heap to read the term:
 * the count took 19–23 ms at 100,000 guests and the search's p95 was ~50 ms; with the term in the
 * index the probes stay in it (15–16 ms, p95 30–36 ms). On SQLite the old index already carried
 * the term (a WITHOUT ROWID table's indexes hold its key); one schema for both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('guest_search_terms_guest_term')
    .on('guest_search_terms')
    .columns(['guest_id', 'term'])
    .execute();
  await db.schema.dropIndex('guest_search_terms_guest').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('guest_search_terms_guest')
    .on('guest_search_terms')
    .column('guest_id')
    .execute();
  await db.schema.dropIndex('guest_search_terms_guest_term').execute();
}
