import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePhone } from '@meetflow/shared/phone';
import type { GuestImport } from '@meetflow/shared/schemas/imports';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  GENERAL_HEADERS,
  generalRow,
  liveGuests,
  seats,
  uploadedGuestFile,
  xlsxOf,
} from './import-fixtures.ts';
import { createMeeting, createOrganization, macaoPhone } from './registration-fixtures.ts';
import { waitFor } from './server-process.ts';

/*
 * What a guest import does on PostgreSQL alone: row locks taken in the order a sign-up takes them
 * (SQLite runs one write transaction at a time), and the planner's statistics refreshed after the
 * load. The API project runs this file in the PostgreSQL run only (see vitest.config.ts).
 */

describe('PostgreSQL: a guest import', () => {
  let ctx: TestContext;
  let token: string;
  let api: Api;
  let org: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.login()).access_token;
    api = adminApi(ctx, token);
    org = await createOrganization(ctx.db);
  });
  afterAll(() => ctx.close());

  it('lets a sign-up that wrote its row take its seat while an import of the same phone waits on that row', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 10 });
    const imp = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([GENERAL_HEADERS, generalRow(1301), generalRow(1302)]),
    );
    const started = await api('POST', `/api/guest-imports/${imp.id}/start`, { mapping: imp.mapping });
    expect(started.statusCode, started.body).toBe(200);

    const connect = async () => {
      const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
      await client.connect();
      return client;
    };
    // The sign-up's own transaction, and a client to watch it from outside.
    const [visitor, observer] = await Promise.all([connect(), connect()]);
    const visitorPid = (visitor as unknown as { processID: number }).processID;
    let importing: Promise<number> | undefined;
    try {
      // A sign-up of the file's second phone that has written its guest row, not yet its seat.
      await visitor.query('begin');
      await visitor.query("set local statement_timeout = '5s'");
      await visitor.query(
        `insert into guests (meeting_id, guest_code, token_hash, area_code, phone, email, name, created_at)
         values ($1, $2, $3, '853', $4, 'visitor@example.com', 'Visitor', $5)`,
        [
          meeting.id,
          randomBytes(16).toString('base64url'),
          randomBytes(32).toString('hex'),
          normalizePhone('853', macaoPhone(1302)),
          ctx.now(),
        ],
      );
      importing = ctx.app.jobs.runDue();
      // The import's batch meets the sign-up's uncommitted row and waits for its transaction.
      await waitFor(async () => {
        const { rows } = await observer.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [visitorPid],
        );
        return rows[0]!.n > 0;
      }, 10_000);
      // The sign-up takes its seat. Had the waiting import locked the meeting's row already, this
      // would close a cycle: a deadlock PostgreSQL breaks after deadlock_timeout by aborting one side.
      await visitor.query('select registered_count from meetings where id = $1 for update', [meeting.id]);
      await visitor.query('update meetings set registered_count = registered_count + 1 where id = $1', [
        meeting.id,
      ]);
      await visitor.query('commit');
      await importing;
    } finally {
      await Promise.all([visitor.end(), observer.end()]);
      await importing?.catch(() => undefined);
    }

    // The batch went through at its first attempt (a deadlock would have aborted it, or the sign-up).
    const job = await ctx.db
      .selectFrom('jobs')
      .select(['attempts', 'last_error'])
      .where('kind', '=', 'guest-import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ attempts: 1, last_error: null });
    // The phone the sign-up took is an existing guest, left as it is; the other row is created.
    const done = (await api('GET', `/api/guest-imports/${imp.id}`)).json().data as GuestImport;
    expect(done.status).toBe('done');
    expect(done.progress).toMatchObject({ created: 1, updated: 0, skipped: 1, failed: 0 });
    expect((await liveGuests(ctx.db, meeting.id)).map((g) => g.name).sort()).toEqual([
      'Imported 1301',
      'Visitor',
    ]);
    expect(await seats(ctx.db, meeting.id)).toBe(2);
  });

  it('refreshes the planner statistics of the guest tables before it reports done', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const analysed = async () => {
      const { rows } = await sql<{ relname: string; analyze_count: number }>`
        select relname, analyze_count::int as analyze_count from pg_stat_user_tables
        where relname in ('guests', 'guest_search_terms') order by relname`.execute(ctx.db);
      return rows;
    };
    const before = await analysed();
    const imp = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([GENERAL_HEADERS, generalRow(1401), generalRow(1402)]),
    );
    expect(
      (await api('POST', `/api/guest-imports/${imp.id}/start`, { mapping: imp.mapping })).statusCode,
    ).toBe(200);
    await ctx.app.jobs.runDue();
    const done = (await api('GET', `/api/guest-imports/${imp.id}`)).json().data as GuestImport;
    expect(done.status).toBe('done');
    // Straight after a bulk load the planner would still take the meeting for empty until autovacuum
    // came by (a match-everyone search of 100,000 guests: 560 ms instead of 30).
    const after = await analysed();
    expect(after.map((t) => t.relname)).toEqual(['guest_search_terms', 'guests']);
    after.forEach((table, i) => expect(table.analyze_count).toBeGreaterThan(before[i]?.analyze_count ?? 0));
  });
});
