/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * System-log entries keep a message key and its parameters (JSON text) so that they read in the
 * reader's language. Both are null on older rows, which keep showing their stored `content`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('system_logs').addColumn('message_key', 'varchar(64)').execute();
  await db.schema.alterTable('system_logs').addColumn('message_params', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('system_logs').dropColumn('message_params').execute();
  await db.schema.alterTable('system_logs').dropColumn('message_key').execute();
}
