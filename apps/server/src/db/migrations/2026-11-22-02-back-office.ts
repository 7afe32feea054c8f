/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId, binaryType } from './helpers.ts';

/**
 * The back office: organisation tree, meetings with their sessions and user types, the dictionaries,
 * uploaded files and the built-in roles. Multi-language text uses the spec's suffixes: '' zh-tw, _cn, _en.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('organizations.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organizations_parent_id').on('organizations').column('parent_id').execute();

  // null: the user sees every organisation (administrators); otherwise that organisation's subtree.
  await db.schema
    .alterTable('users')
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id'))
    .execute();
  // A stable key for the built-in roles (the name may be edited); null for roles made by users.
  await db.schema.alterTable('roles').addColumn('code', 'varchar(32)').execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey()) // SHA-256 of the content, hex
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', binaryType(db), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('meetings')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('public_id', 'varchar(32)', (c) => c.notNull().unique()) // unguessable, used in public URLs
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_cn', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('location_cn', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('location_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('registration_limit', 'integer', (c) => c.notNull().defaultTo(0)) // 0 = unlimited
    .addColumn('registered_count', 'integer', (c) => c.notNull().defaultTo(0)) // the capacity counter
    .addColumn('registration_deadline', 'bigint')
    .addColumn('multi_language', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('signup_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('meeting_type', 'varchar(16)', (c) => c.notNull().defaultTo('general'))
    .addColumn('banner_file_id', 'varchar(64)', (c) => c.references('files.id'))
    .addColumn('schedule_file_id', 'varchar(64)', (c) => c.references('files.id'))
    .addColumn('guide_file_id', 'varchar(64)', (c) => c.references('files.id'))
    .addColumn('display_config', 'text', (c) => c.notNull().defaultTo('{}')) // JSON, see meeting_config
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint') // soft delete: guests and records are kept
    .execute();
  await db.schema.createIndex('meetings_organization_id').on('meetings').column('organization_id').execute();
  await db.schema.createIndex('meetings_start_at').on('meetings').column('start_at').execute();

  await db.schema
    .createTable('meeting_times')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull()) // HH:mm
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark_cn', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('schedules')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_cn', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('signup_limit', 'integer', (c) => c.notNull().defaultTo(0)) // 0 = unlimited
    .addColumn('signup_count', 'integer', (c) => c.notNull().defaultTo(0)) // the capacity counter
    .addColumn('date', 'varchar(10)', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('meeting_time_id', 'integer', (c) => c.references('meeting_times.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedules_meeting_id').on('schedules').column('meeting_id').execute();

  await db.schema
    .createTable('user_types')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_cn', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_types_meeting_id').on('user_types').column('meeting_id').execute();

  // The guest–schedule map: which sessions a registration type may enrol in.
  await db.schema
    .createTable('user_type_schedules')
    .addColumn('user_type_id', 'integer', (c) => c.notNull().references('user_types.id').onDelete('cascade'))
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_type_schedules_pk', ['user_type_id', 'schedule_id'])
    .execute();
  await db.schema
    .createIndex('user_type_schedules_schedule_id')
    .on('user_type_schedules')
    .column('schedule_id')
    .execute();

  await db.schema
    .createTable('college_categories')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_cn', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dictionary_entries')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('dictionary_entries_type_value', ['type', 'value'])
    .execute();

  // Built-in roles. Permission strings are copied here on purpose: migrations are frozen in time.
  const now = Date.now();
  await db.updateTable('roles').set({ code: 'administrator' }).where('is_admin', '=', 1).execute();
  await db
    .insertInto('roles')
    .values([
      {
        name: 'Organiser',
        code: 'organiser',
        is_admin: 0,
        created_at: now,
        permissions: JSON.stringify([
          'dashboard:view',
          'meeting:view',
          'meeting:edit',
          'guest:view',
          'guest:edit',
          'guest:export',
          'records:view',
          'records:scan',
          'schedule:view',
          'schedule:export',
          'organization:view',
          'organization:edit', // within their own subtree only; never a top-level node
          'dictionary:view',
          'dictionary:edit',
        ]),
      },
      {
        name: 'Door staff',
        code: 'door_staff',
        is_admin: 0,
        created_at: now,
        permissions: JSON.stringify(['meeting:view', 'records:view', 'records:scan']),
      },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('roles').where('code', 'in', ['organiser', 'door_staff']).execute();
  for (const table of [
    'dictionary_entries',
    'college_categories',
    'user_type_schedules',
    'user_types',
    'schedules',
    'meeting_times',
    'meetings',
    'files',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('roles').dropColumn('code').execute();
  await db.schema.alterTable('users').dropColumn('organization_id').execute();
  await db.schema.dropTable('organizations').execute();
}
