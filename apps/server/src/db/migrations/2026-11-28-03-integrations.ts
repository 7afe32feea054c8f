/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId, isSqlite } from './helpers.ts';

/**
 * Issue 21: integrations. `api_tokens` keeps a program's tokens by the SHA-256 of their secret, with
 * the permissions each may use (a subset of its owner's), when it expires, was last used and was
 * revoked. `webhook_endpoints` are where an organisation's events go; `webhook_deliveries` is the
 * durable outbox, one row per event and endpoint, written in the transaction of the change, and
 * `webhook_attempts` the log of every request sent. Organisers may manage both. The columns that
 * name who acted widen to 200 characters: a request with a token is named "account [token: name]".
 */
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite does not enforce a varchar's length (and cannot alter a column's type).
  if (!isSqlite(db)) {
    for (const [table, column] of [
      ['system_logs', 'username'],
      ['imports', 'created_by'],
      ['waitlist_entries', 'decided_by'],
    ] as const) {
      await db.schema
        .alterTable(table)
        .alterColumn(column, (c) => c.setDataType('varchar(200)'))
        .execute();
    }
  }
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('hint', 'varchar(32)', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('last_used_ip', 'varchar(64)')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').columns(['user_id']).execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'varchar(32)')
    .addColumn('failing_since', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('meeting_id', 'integer')
    .addColumn('guest_id', 'integer')
    // Deliveries with the same key reach an endpoint in the order they were written (one guest's events).
    .addColumn('ordering_key', 'varchar(64)')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .execute();
  // The dispatcher's claim: pending work by due time.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  // An endpoint's log, newest first, and the ordering check of one key.
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_order')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'ordering_key', 'state'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_meeting')
    .on('webhook_deliveries')
    .columns(['meeting_id'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('delivery_id', 'integer', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempted_at', 'bigint', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('response_body', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('manual', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id'])
    .execute();

  const roles = await db
    .selectFrom('roles')
    .select(['id', 'permissions'])
    .where('code', '=', 'organiser')
    .execute();
  for (const role of roles) {
    const permissions = JSON.parse(role.permissions) as string[];
    if (permissions.includes('integration:manage')) continue;
    await db
      .updateTable('roles')
      .set({ permissions: JSON.stringify([...permissions, 'integration:manage']) })
      .where('id', '=', role.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('api_tokens').execute();
}
