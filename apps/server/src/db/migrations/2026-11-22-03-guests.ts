/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Guests (public sign-ups) and their session enrolments. One sign-up per phone per meeting is the
 * unique index (meeting_id, area_code, phone); the guest token is stored only as its SHA-256.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guests')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('guest_code', 'varchar(64)', (c) => c.notNull().unique()) // ≥128-bit CSPRNG, base64url
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique()) // SHA-256 hex of the guest token
    .addColumn('area_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull()) // E.164, e.g. +85366123456
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    // The general form.
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'varchar(8)')
    .addColumn('local_guest', 'integer')
    .addColumn('institution', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('job_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_number', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    // The date-schedule form.
    .addColumn('name_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('organization', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_type_id', 'integer', (c) => c.references('user_types.id'))
    .addColumn('license_number', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('other', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('academy_member', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('college_category_id', 'integer', (c) => c.references('college_categories.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .addUniqueConstraint('guests_meeting_phone', ['meeting_id', 'area_code', 'phone'])
    .execute();
  await db.schema
    .createIndex('guests_meeting_id_created_at')
    .on('guests')
    .columns(['meeting_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('guest_schedules')
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id').onDelete('cascade'))
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('schedules.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('guest_schedules_pk', ['guest_id', 'schedule_id'])
    .execute();
  await db.schema
    .createIndex('guest_schedules_schedule_id')
    .on('guest_schedules')
    .column('schedule_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('guest_schedules').execute();
  await db.schema.dropTable('guests').execute();
}
