import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Db } from '../src/db/database.ts';
import { sha256 } from '../src/lib/secure-random.ts';
import { TEST_DB, type TestContext } from './helpers.ts';

/** The waiting-list tests' helpers: another instance on the same database, and the lists' state. */

/**
 * A second server instance: its own connection pool on the test's database and its own job runner,
 * on the test's clock — what a second process behind the load balancer is, minus the process.
 */
export async function secondInstance(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  // SQLite has one writer per file, and two connections of one process would wait on each other
  // while blocking the event loop: there the instances share the connection, as two processes share
  // the file's lock (multi-instance.test.ts runs real processes).
  const db = TEST_DB === 'postgres' ? openDatabase(ctx.config).db : ctx.db;
  const app = await buildApp({ config: ctx.config, db, dbKind: TEST_DB, clock: () => ctx.now() });
  return {
    app,
    async close() {
      await app.close();
      if (db !== ctx.db) await db.destroy();
    },
  };
}

export async function openList(
  db: Db,
  meetingId: number,
  settings: { max?: number; offerHours?: number } = {},
): Promise<void> {
  await db
    .updateTable('meetings')
    .set({
      waitlist_enabled: 1,
      waitlist_max: settings.max ?? 0,
      waitlist_offer_hours: settings.offerHours ?? 0,
    })
    .where('id', '=', meetingId)
    .execute();
}

export async function openSessionList(db: Db, scheduleId: number, max = 0): Promise<void> {
  await db
    .updateTable('schedules')
    .set({ waitlist_enabled: 1, waitlist_max: max })
    .where('id', '=', scheduleId)
    .execute();
}

/** A list's places in line order, with what the counters say. */
export async function listState(db: Db, meetingId: number, scopeId = 0) {
  const entries = await db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('meeting_id', '=', meetingId)
    .where('scope_id', '=', scopeId)
    .orderBy('seq')
    .execute();
  const counter =
    scopeId === 0
      ? await db
          .selectFrom('meetings')
          .select([
            'registered_count as taken',
            'registration_limit as limit',
            'waiting_count as waiting',
            'waitlist_held as held',
          ])
          .where('id', '=', meetingId)
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom('schedules')
          .select([
            'signup_count as taken',
            'signup_limit as limit',
            'waiting_count as waiting',
            'waitlist_held as held',
          ])
          .where('id', '=', scopeId)
          .executeTakeFirstOrThrow();
  const withStatus = (status: string) => entries.filter((e) => e.status === status);
  return {
    entries,
    withStatus,
    taken: Number(counter.taken),
    limit: Number(counter.limit),
    waiting: Number(counter.waiting),
    /** Seats held by open offers. */
    held: Number(counter.held),
  };
}

/** A meeting's guests (rows with their id), oldest first. */
export function guestsOf(db: Db, meetingId: number) {
  return db.selectFrom('guests').select('id').where('meeting_id', '=', meetingId).orderBy('id').execute();
}

export async function liveGuestCount(db: Db, meetingId: number): Promise<number> {
  const row = await db
    .selectFrom('guests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('meeting_id', '=', meetingId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The place a visitor's token belongs to (tokens of the meeting's list). */
export async function entryOfToken(db: Db, token: string) {
  return db
    .selectFrom('waitlist_tokens')
    .innerJoin('waitlist_entries', 'waitlist_entries.id', 'waitlist_tokens.entry_id')
    .selectAll('waitlist_entries')
    .where('waitlist_tokens.token_hash', '=', sha256(token))
    .executeTakeFirst();
}

export async function auditCount(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('system_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('message_key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
