/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 18: proof of attendance. A meeting's attendance rule, credits and certificate template are
 * one JSON row each (they are read and saved whole); an issued certificate keeps what it certified
 * (name, minutes, credits, sessions) as it was when issued, so a later scan or rename does not change
 * a certificate already handed out. One certificate per guest: issuing again after a revocation gives
 * a new verification code (the revoked one is no longer known). Organisers get `certificate:manage`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificate_settings')
    .addColumn('meeting_id', 'integer', (c) => c.primaryKey().references('meetings.id').onDelete('cascade'))
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('guest_download', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('guest_id', 'integer', (c) => c.notNull().unique().references('guests.id').onDelete('cascade'))
    // 24 characters of Crockford base32 (120 random bits): the public verification key.
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('credits', 'double precision', (c) => c.notNull())
    // JSON array of the sessions attended (schedules.id).
    .addColumn('sessions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    // null: issued by the guest's own download.
    .addColumn('issued_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoke_reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('emailed_at', 'bigint')
    .execute();
  await db.schema.createIndex('certificates_meeting').on('certificates').columns(['meeting_id']).execute();
  // The certificate list reads a meeting's scan log guest by guest.
  await db.schema
    .createIndex('check_ins_meeting_guest')
    .on('check_ins')
    .columns(['meeting_id', 'guest_id', 'created_at'])
    .execute();

  const roles = await db
    .selectFrom('roles')
    .select(['id', 'permissions'])
    .where('code', '=', 'organiser')
    .execute();
  for (const role of roles) {
    const permissions = JSON.parse(role.permissions) as string[];
    if (permissions.includes('certificate:manage')) continue;
    await db
      .updateTable('roles')
      .set({ permissions: JSON.stringify([...permissions, 'certificate:manage']) })
      .where('id', '=', role.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('check_ins_meeting_guest').execute();
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('certificate_settings').execute();
}
