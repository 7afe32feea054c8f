/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 19: waiting lists. Each meeting and session gets its list's settings and two counters:
 * `waitlist_seq` numbers the places in the order their joins commit (it is taken by the same
 * conditional UPDATE that checks the maximum, whose row lock lasts until the commit), and
 * `waiting_count` counts those still waiting, for the maximum and the lists' figures; `waitlist_held`
 * counts the seats held by open offers, which the seat checks add to the guests counted. A place is a
 * row of `waitlist_entries`, scope 0 being the meeting itself. A visitor on the meeting's list is not
 * a guest yet: the entry keeps their form (JSON) until a seat makes them one; a session's entry
 * belongs to a guest. Contact columns are copied for both, so the lists and their export read one table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['meetings', 'schedules']) {
    await db.schema
      .alterTable(table)
      .addColumn('waitlist_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('waitlist_max', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('waitlist_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('waiting_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Seats held by open offers: not guests (or enrolments) yet, but not free either.
    await db.schema
      .alterTable(table)
      .addColumn('waitlist_held', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // 0: a freed seat goes to the first in line at once; otherwise an offer held this many hours.
  await db.schema
    .alterTable('meetings')
    .addColumn('waitlist_offer_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
    .addColumn('area_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('zh-tw'))
    // The meeting's list: the sign-up form as it will become the guest row, and the sessions chosen.
    .addColumn('form', 'text')
    .addColumn('schedule_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('offered_at', 'bigint')
    .addColumn('offer_expires_at', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('waitlist_entries_line')
    .on('waitlist_entries')
    .columns(['meeting_id', 'scope_id', 'status', 'seq'])
    .execute();
  await db.schema
    .createIndex('waitlist_entries_guest')
    .on('waitlist_entries')
    .columns(['guest_id'])
    .execute();
  // One live place per phone and list: two concurrent joins of one visitor add one place.
  await db.schema
    .createIndex('waitlist_entries_one_place')
    .on('waitlist_entries')
    .columns(['meeting_id', 'scope_id', 'area_code', 'phone'])
    .unique()
    .where(sql.ref('status'), 'in', ['waiting', 'offered'])
    .execute();

  // Devices of a visitor on the meeting's list (sign-up, look-ups): they become guest tokens on promotion.
  await db.schema
    .createTable('waitlist_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('entry_id', 'integer', (c) =>
      c.notNull().references('waitlist_entries.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('waitlist_tokens_entry').on('waitlist_tokens').columns(['entry_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist_tokens').execute();
  await db.schema.dropTable('waitlist_entries').execute();
  await db.schema.alterTable('meetings').dropColumn('waitlist_offer_hours').execute();
  for (const table of ['meetings', 'schedules']) {
    for (const column of [
      'waitlist_enabled',
      'waitlist_max',
      'waitlist_seq',
      'waiting_count',
      'waitlist_held',
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
