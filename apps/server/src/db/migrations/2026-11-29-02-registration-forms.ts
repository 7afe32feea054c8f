/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 42: forms that organisers design. A meeting's own fields are one JSON document
 * (`registration_forms.fields`, the shared form definition), versioned so that two organisers
 * editing at once do not overwrite each other. A guest's answers are one JSON object on the guest
 * row (`guests.answers`, field key → value): the sign-up writes them in the insert it already
 * makes, and a retired field's answers stay under its key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registration_forms')
    .addColumn('meeting_id', 'integer', (col) => col.primaryKey().references('meetings.id'))
    .addColumn('fields', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .alterTable('guests')
    .addColumn('answers', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('guests').dropColumn('answers').execute();
  await db.schema.dropTable('registration_forms').execute();
}
