/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: personal data over its whole life. A meeting gets its privacy notice (on/off, the
 * organiser's texts as JSON, a version raised by each change, every version kept in
 * `privacy_notices` so a guest's consent names the exact words) and its retention period, with when
 * the organisers were told of the purge and when it ran. A guest keeps the consent they gave and
 * when their personal fields were erased. An audit entry keeps the fields a change touched (JSON).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const meetingColumns: [string, 'integer' | 'bigint' | 'text', number | string | null][] = [
    ['privacy_notice_enabled', 'integer', 0],
    ['privacy_notice', 'text', '{}'],
    ['privacy_notice_version', 'integer', 0],
    ['retention_days', 'integer', 180],
    ['retention_notified_at', 'bigint', null],
    ['purged_at', 'bigint', null],
  ];
  for (const [name, type, fallback] of meetingColumns) {
    await db.schema
      .alterTable('meetings')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  // Meetings that ended long ago would be purged on the first pass after the upgrade: give each at
  // least 30 days from now (the organisers are told a week before, and can extend).
  const day = 86_400_000;
  const earliest = Date.now() + 30 * day;
  await db
    .updateTable('meetings')
    .set({
      // At most the form's maximum (3650 days): only meetings over ten years old would be purged at once.
      retention_days: sql`CASE WHEN (${earliest} - end_at) / ${day} < 3649
        THEN CAST((${earliest} - end_at) / ${day} AS INTEGER) + 1 ELSE 3650 END`,
    })
    .where(sql`end_at + 180 * CAST(${day} AS BIGINT)`, '<', earliest)
    .execute();

  await db.schema
    .createTable('privacy_notices')
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('privacy_notices_pk', ['meeting_id', 'version'])
    .execute();

  await db.schema.alterTable('guests').addColumn('consent_version', 'integer').execute();
  await db.schema.alterTable('guests').addColumn('consent_at', 'bigint').execute();
  await db.schema.alterTable('guests').addColumn('erased_at', 'bigint').execute();

  await db.schema.alterTable('system_logs').addColumn('changes', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('system_logs').dropColumn('changes').execute();
  for (const column of ['erased_at', 'consent_at', 'consent_version']) {
    await db.schema.alterTable('guests').dropColumn(column).execute();
  }
  await db.schema.dropTable('privacy_notices').execute();
  for (const column of [
    'purged_at',
    'retention_notified_at',
    'retention_days',
    'privacy_notice_version',
    'privacy_notice',
    'privacy_notice_enabled',
  ]) {
    await db.schema.alterTable('meetings').dropColumn(column).execute();
  }
}
