/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 15: the one durable job table (every kind of background work, starting with guest mail),
 * the guest's language for mail written later than the sign-up, and per-meeting mail settings.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // Writing the same key twice enqueues once: the idempotency of whatever caused the job.
    .addColumn('idempotency_key', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    // queued → running → done | failed; a running job whose lease passed is taken again.
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('meeting_id', 'integer')
    .addColumn('guest_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_status_run_at').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_guest').on('jobs').columns(['guest_id', 'id']).execute();
  await db.schema.createIndex('jobs_meeting_kind').on('jobs').columns(['meeting_id', 'kind']).execute();

  await db.schema
    .alterTable('guests')
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('zh-tw'))
    .execute();
  // 1: the sign-up's confirmation is still to be written into the outbox. Set by the sign-up's own
  // INSERT, so the sign-up pays no extra statement inside its seat lock; the runner turns pending
  // guests into mail jobs (modules/mail). The partial index holds only those few rows.
  await db.schema
    .alterTable('guests')
    .addColumn('mail_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('guests_mail_pending')
    .on('guests')
    .column('id')
    .where(sql.ref('mail_pending'), '=', 1)
    .execute();
  // 1: the guest unsubscribed from organisers' broadcasts (confirmations and reminders still go).
  await db.schema
    .alterTable('guests')
    .addColumn('broadcast_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('meeting_mail_settings')
    .addColumn('meeting_id', 'integer', (c) => c.primaryKey().references('meetings.id').onDelete('cascade'))
    .addColumn('confirmation_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // 0: no reminder; otherwise hours before the meeting (general) or each session (date schedule).
    .addColumn('reminder_hours', 'integer', (c) => c.notNull().defaultTo(0))
    // 1: the phone look-up on the check-in page also needs a one-time code sent by e-mail.
    .addColumn('lookup_code_by_email', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: { [kind]: { [language]: { subject, body } } }; a missing entry means the default text.
    .addColumn('templates', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meeting_mail_settings').execute();
  await db.schema.alterTable('guests').dropColumn('broadcast_opt_out').execute();
  await db.schema.dropIndex('guests_mail_pending').execute();
  await db.schema.alterTable('guests').dropColumn('mail_pending').execute();
  await db.schema.alterTable('guests').dropColumn('language').execute();
  await db.schema.dropTable('jobs').execute();
}
