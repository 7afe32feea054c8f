/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Door check-in (issue 5). `check_ins` is the append-only scan log: one row per accepted scan, never
 * updated or deleted; a client nonce makes a retried scan a no-op. `guest_attendance` is the per-guest
 * summary for a scope (scope_id 0 = the whole meeting, otherwise a session id), written in the same
 * transaction as the log row, so the list, filters and today's statistics read one indexed row per guest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('check_ins')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id').onDelete('cascade'))
    .addColumn('scope_id', 'integer', (c) => c.notNull()) // 0 = whole meeting, else schedules.id
    .addColumn('type', 'varchar(3)', (c) => c.notNull()) // 'in' | 'out'
    .addColumn('station', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'integer', (c) => c.references('users.id'))
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('check_ins_meeting_created_at')
    .on('check_ins')
    .columns(['meeting_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('check_ins_guest_created_at')
    .on('check_ins')
    .columns(['guest_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('guest_attendance')
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id').onDelete('cascade'))
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('inside', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_in_at', 'bigint')
    .addColumn('last_in_at', 'bigint')
    .addColumn('last_out_at', 'bigint')
    .addPrimaryKeyConstraint('guest_attendance_pk', ['guest_id', 'scope_id'])
    .execute();
  await db.schema
    .createIndex('guest_attendance_scope_last_in')
    .on('guest_attendance')
    .columns(['meeting_id', 'scope_id', 'last_in_at'])
    .execute();
  await db.schema
    .createIndex('guest_attendance_scope_last_out')
    .on('guest_attendance')
    .columns(['meeting_id', 'scope_id', 'last_out_at'])
    .execute();
  await db.schema
    .createIndex('guest_attendance_scope_inside')
    .on('guest_attendance')
    .columns(['meeting_id', 'scope_id', 'inside'])
    .execute();

  // The guest list searches by keyword within a meeting; these keep exact lookups (code, phone) indexed.
  await db.schema
    .createIndex('guests_meeting_phone_lookup')
    .on('guests')
    .columns(['meeting_id', 'phone'])
    .execute();
  await db.schema
    .createIndex('guests_meeting_user_type')
    .on('guests')
    .columns(['meeting_id', 'user_type_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('guests_meeting_user_type').execute();
  await db.schema.dropIndex('guests_meeting_phone_lookup').execute();
  await db.schema.dropTable('guest_attendance').execute();
  await db.schema.dropTable('check_ins').execute();
}
