/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 6: back-office notifications, the marker that a meeting's registration deadline has been
 * announced, and indexes for the system-log filters (newest first within an action or a source).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('meeting_id', 'integer')
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_created_at')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_user_read_at')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();

  // Set once, atomically, by whichever instance announces the passed deadline first.
  await db.schema.alterTable('meetings').addColumn('deadline_notified_at', 'bigint').execute();
  await db.schema
    .createIndex('meetings_registration_deadline')
    .on('meetings')
    .column('registration_deadline')
    .execute();

  await db.schema
    .createIndex('system_logs_action_created_at')
    .on('system_logs')
    .columns(['action_type', 'created_at'])
    .execute();
  await db.schema
    .createIndex('system_logs_source_created_at')
    .on('system_logs')
    .columns(['source_type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('system_logs_source_created_at').execute();
  await db.schema.dropIndex('system_logs_action_created_at').execute();
  await db.schema.dropIndex('meetings_registration_deadline').execute();
  await db.schema.alterTable('meetings').dropColumn('deadline_notified_at').execute();
  await db.schema.dropTable('notifications').execute();
}
