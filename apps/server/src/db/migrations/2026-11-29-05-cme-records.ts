/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 43: a doctor's CME record across an organisation's meetings. A person (`cme_people`) is
 * who the guests of several meetings are: linked by licence number, or by e-mail where there is
 * none; the organiser merges and splits, and a link set by hand ('manual') is never redone by the
 * automatic linking. `cme_access_codes` are the one-time e-mailed codes of the doctor's public
 * transcript page (kept hashed, with attempts counted) and the short-lived access token each gave. `cme_return_settings` keeps the columns an
 * organisation chose for its yearly return.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cme_people')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
    /** Normalised (upper case, no spaces); '' where the person has none. */
    .addColumn('licence_number', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    /** Lower case; '' where none. */
    .addColumn('email', 'varchar(320)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cme_people_licence')
    .on('cme_people')
    .columns(['organization_id', 'licence_number'])
    .execute();
  await db.schema
    .createIndex('cme_people_email')
    .on('cme_people')
    .columns(['organization_id', 'email'])
    .execute();
  await db.schema
    .createTable('cme_links')
    .addColumn('guest_id', 'integer', (c) => c.primaryKey().references('guests.id'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('cme_people.id'))
    /** 'auto' (by licence or e-mail) or 'manual' (a merge or split by the organiser). */
    .addColumn('linked_by', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cme_links_person').on('cme_links').column('person_id').execute();
  await db.schema
    .createTable('cme_access_codes')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    /** SHA-256 (hex) of the code; the code itself only goes in the mail. */
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    /** SHA-256 (hex) of the access token the right code gave; the token itself only in the answer. */
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('token_expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('cme_access_codes_email').on('cme_access_codes').column('email').execute();
  await db.schema.createIndex('cme_access_codes_token').on('cme_access_codes').column('token_hash').execute();
  await db.schema
    .createTable('cme_return_settings')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cme_return_settings', 'cme_access_codes', 'cme_links', 'cme_people'])
    await db.schema.dropTable(table).execute();
}
