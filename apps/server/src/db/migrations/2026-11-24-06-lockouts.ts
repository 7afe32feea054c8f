/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Login failures counted per key (an account, or an account from one address) with the time of the
 * last one, so the login answer can ask for a growing wait instead of locking the account; and the
 * guest tokens a code retrieval issues, one per device, beside the sign-up device's token in guests.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_last_failure_at')
    .on('login_failures')
    .column('last_failure_at')
    .execute();

  await db.schema
    .createTable('guest_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey()) // SHA-256 hex of the guest token
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('guest_tokens_guest_id')
    .on('guest_tokens')
    .columns(['guest_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('guest_tokens').execute();
  await db.schema.dropTable('login_failures').execute();
}
