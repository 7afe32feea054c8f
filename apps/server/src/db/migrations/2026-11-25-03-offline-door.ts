/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 17: the offline door. A station keeps a copy of its scope's guests and refreshes it with
 * what changed since its last copy: `updated_at` on guests (name, type, enrolments, cancellation)
 * and on attendance summaries (another station's scan) says what did. 0 = never changed since it
 * was created (a guest's `created_at` covers that). Offline scans that no longer fit when they are
 * uploaded (the same guest scanned at two stations, a guest cancelled meanwhile) are kept in
 * `scan_conflicts` for the organiser, outside the scan log, whose entries and exits alternate.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('guests')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('guest_attendance')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // What a station already holds counts as changed once: copies taken from now on start afresh.
  await sql`update guest_attendance set updated_at = coalesce(last_out_at, last_in_at, 0)`.execute(db);

  await db.schema
    .createTable('scan_conflicts')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('set null'))
    // The name as the station showed it: the guest may be gone or renamed since.
    .addColumn('guest_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(3)', (c) => c.notNull())
    // 'already_inside' | 'not_inside' | 'later_scan' | 'guest_cancelled' | 'not_enrolled' | 'unknown_guest'
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('station', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('operator_name', 'varchar(255)')
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull().unique())
    // When the station scanned it, and when it reached the server.
    .addColumn('scanned_at', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scan_conflicts_meeting')
    .on('scan_conflicts')
    .columns(['meeting_id', 'scanned_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_conflicts').execute();
  await db.schema.alterTable('guest_attendance').dropColumn('updated_at').execute();
  await db.schema.alterTable('guests').dropColumn('updated_at').execute();
}
