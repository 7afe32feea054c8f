/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('account', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('language', 'varchar(8)')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_id')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_at').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('system_logs')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('action_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('ip_location', 'varchar(128)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('system_logs_created_at').on('system_logs').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'system_logs',
    'captchas',
    'refresh_tokens',
    'sessions',
    'users',
    'roles',
    'app_secrets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
