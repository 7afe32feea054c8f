import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrate.ts';
import { TABLE_OWNERS } from '../src/db/table-owners.ts';
import { adminApi, scan } from './guest-fixtures.ts';
import { ADMIN, CAPTCHA_ANSWER, TEST_DB, type TestContext } from './helpers.ts';
import {
  addEdgeRows,
  fillEveryTable,
  freshPostgres,
  pgRows,
  runMove,
  seedDemoInto,
  sqliteCounts,
  sqliteDeployment,
} from './move-fixtures.ts';
import { generalBody, signUp } from './registration-fixtures.ts';

const EVERY_TABLE = Object.keys(TABLE_OWNERS).sort();

/** Row counts of every MeetFlow table of the PostgreSQL database at `url`. */
async function postgresCounts(url: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of EVERY_TABLE) {
    const [row] = await pgRows<{ n: string }>(url, `select count(*) as n from "${table}"`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** The app on the moved database, as createTestContext builds one on a fresh database. */
async function appOn(url: string): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    TIME_ZONE: Intl.DateTimeFormat().resolvedOptions().timeZone,
    MF_CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
    WEB_DIST: path.join(os.tmpdir(), 'mf-no-web-build'),
    DATABASE_URL: url,
  });
  const { db, kind } = openDatabase(config);
  // As createTestContext: an error the server logs fails the test (a 500 always logs one).
  const errors: string[] = [];
  const logStream = {
    write: (line: string) => (JSON.parse(line).level >= 50 ? errors.push(line) : undefined),
  };
  const app = await buildApp({ config, db, dbKind: kind, clock: () => Date.now(), logStream });
  const ctx: TestContext = {
    app,
    db,
    config,
    advance: () => undefined,
    now: () => Date.now(),
    captcha: async () => (await app.inject({ method: 'GET', url: '/api/captcha' })).json().data.captcha_id,
    async login(credentials = ADMIN) {
      const payload = { ...credentials, captcha_id: await ctx.captcha(), verify_code: CAPTCHA_ANSWER };
      const res = await app.inject({ method: 'POST', url: '/api/login', payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.token;
    },
    takeErrorLogs: () => [],
    async close() {
      await app.close();
      await db.destroy();
      expect(errors).toEqual([]);
    },
  };
  return ctx;
}

describe(`db:move-to-postgres (SQLite file → PostgreSQL; suite run on ${TEST_DB})`, () => {
  let source: Awaited<ReturnType<typeof sqliteDeployment>>;
  let target: Awaited<ReturnType<typeof freshPostgres>>;
  let moved: ReturnType<typeof runMove>;
  let before: Record<string, number>;
  let freedLogId: number;
  let filled: string[];

  beforeAll(async () => {
    source = await sqliteDeployment();
    await seedDemoInto(source.dataDir);
    ({ freedLogId } = addEdgeRows(source.file));
    filled = fillEveryTable(source.file);
    before = sqliteCounts(source.file);
    target = await freshPostgres();
    moved = runMove(source.dataDir, ['--to', target.url]);
  }, 120_000);
  afterAll(async () => {
    await target?.drop();
    source?.drop();
  });

  it('starts from a source with rows in every table of the schema', () => {
    // A table added to schema.ts and table-owners.ts without rows here fails this test.
    expect(Object.keys(before).sort()).toEqual(EVERY_TABLE);
    for (const table of EVERY_TABLE) expect(before[table], table).toBeGreaterThan(0);
    expect(filled.length).toBeGreaterThan(10); // what the demo leaves empty (tokens, jobs, webhooks…)
    expect(before.guests).toBeGreaterThan(300);
  });

  it('exits 0 with every table verified, and the same row counts on both sides', async () => {
    expect(moved.stderr).toBe('');
    expect(moved.status, moved.stdout).toBe(0);
    for (const table of EVERY_TABLE) {
      expect(moved.stdout).toMatch(
        new RegExp(`^  ${table} +${before[table]!.toLocaleString('en-US')} +[\\d.]+ +ok$`, 'm'),
      );
    }
    expect(moved.stdout).not.toContain('MISMATCH');
    expect(moved.stdout).toContain('set DATABASE_URL');
    // One row more than the source: the move's own entry in the system log.
    expect(await postgresCounts(target.url)).toEqual({ ...before, system_logs: before.system_logs! + 1 });
    const [entry] = await pgRows<{ username: string; message_key: string; content: string }>(
      target.url,
      'select username, message_key, content from system_logs order by id desc limit 1',
    );
    expect(entry).toMatchObject({ username: 'command line', message_key: 'database.moved_from_sqlite' });
    expect(entry!.content).toContain(`${EVERY_TABLE.length} tables`);
  });

  it('prints no personal data', () => {
    const db = new DatabaseSync(source.file, { readOnly: true });
    const guests = db.prepare('select phone, email, name, name_zh from guests limit 50').all();
    db.close();
    const output = moved.stdout + moved.stderr;
    for (const guest of guests) {
      for (const value of Object.values(guest)) if (value) expect(output).not.toContain(String(value));
    }
  });

  it('keeps parents whose id is higher than their child, and the ids AUTOINCREMENT gave', async () => {
    const [child] = await pgRows<{ parent_id: number }>(
      target.url,
      'select parent_id from organizations where id = 6000',
    );
    expect(child!.parent_id).toBe(7001);
    const [sequence] = await pgRows<{ next: string }>(
      target.url,
      "select nextval(pg_get_serial_sequence('system_logs', 'id'))::text as next",
    );
    expect(Number(sequence!.next)).toBeGreaterThan(freedLogId);
  });

  it('serves the app from the copy: log in, list guests, a visitor signs up, a scan', async () => {
    const ctx = await appOn(target.url);
    try {
      const token = (await ctx.login()).access_token;
      const api = adminApi(ctx, token);
      const meetings = (await api('GET', '/api/meetings?page_size=50')).json().data.items as {
        id: number;
        public_id: string;
        meeting_type: string;
        signup_count: number;
      }[];
      const general = meetings.find((m) => m.meeting_type === 'general')!;
      const listed = await api('GET', `/api/meetings/${general.id}/guests?page_size=10`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data.total).toBe(general.signup_count);

      const [highest] = await pgRows<{ max: number }>(target.url, 'select max(id) as max from guests');
      const res = await signUp(ctx, general.public_id, generalBody(990_001), 990_001);
      expect(res.statusCode, res.body).toBe(200);
      const code = res.json().data.guest.guest_code as string;
      const [guest] = await pgRows<{ id: number }>(
        target.url,
        'select id from guests where guest_code = $1',
        [code],
      );
      expect(guest!.id).toBe(highest!.max + 1); // the sequence was set: no collision, no gap
      await scan(api, general.id, code, 'in');
      const [scans] = await pgRows<{ n: string }>(
        target.url,
        'select count(*) as n from check_ins where guest_id = $1',
        [guest!.id],
      );
      expect(Number(scans!.n)).toBe(1);
    } finally {
      await ctx.close();
    }
  });

  it('refuses a target that is no longer empty, and changes nothing', async () => {
    const counts = await postgresCounts(target.url);
    const again = runMove(source.dataDir, ['--to', target.url]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/not empty: .*users/);
    expect(await postgresCounts(target.url)).toEqual(counts);
  });
});

describe('db:move-to-postgres refusals', () => {
  it('refuses a target holding tables that are not MeetFlow’s, before any migration', async () => {
    const source = await sqliteDeployment();
    const target = await freshPostgres();
    try {
      await pgRows(target.url, 'create table other_app (x int)');
      const result = runMove(source.dataDir, ['--to', target.url]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('not MeetFlow');
      const tables = await pgRows(
        target.url,
        "select 1 from pg_tables where schemaname = 'public' and tablename <> 'other_app'",
      );
      expect(tables).toEqual([]);
    } finally {
      await target.drop();
      source.drop();
    }
  });

  it('refuses a source that a running server holds open, and one not at the latest migration', async () => {
    const latest = Object.keys(migrations);
    const running = await sqliteDeployment();
    const old = await sqliteDeployment(latest.at(-2));
    const target = await freshPostgres();
    const server = openDatabase({ dataDir: running.dataDir, databaseUrl: undefined, env: 'test' });
    try {
      // The server's own connections, open and idle after a read: what a running server holds.
      await server.db.selectFrom('users').select('id').execute();
      const inUse = runMove(running.dataDir, ['--to', target.url]);
      expect(inUse.status).toBe(1);
      expect(inUse.stderr).toContain('is in use');

      const unmigrated = runMove(old.dataDir, ['--to', target.url]);
      expect(unmigrated.status).toBe(1);
      expect(unmigrated.stderr).toContain('npm run db:migrate');
      expect(await pgRows(target.url, "select 1 from pg_tables where schemaname = 'public'")).toEqual([]);
    } finally {
      await server.db.destroy();
      await target.drop();
      running.drop();
      old.drop();
    }
  });

  it('rolls the copy back when PostgreSQL rejects a row, without printing its value', async () => {
    const source = await sqliteDeployment();
    const target = await freshPostgres();
    try {
      const db = new DatabaseSync(source.file);
      // PostgreSQL text cannot hold a NUL character; SQLite can.
      db.prepare('insert into app_secrets (name, value) values (?, ?)').run(
        'broken',
        'secret-value\u0000tail',
      );
      db.close();
      const failed = runMove(source.dataDir, ['--to', target.url]);
      expect(failed.status).toBe(2);
      expect(failed.stderr).toMatch(/rolled back.*app_secrets/s);
      expect(failed.stdout + failed.stderr).not.toContain('secret-value');
      const [users] = await pgRows<{ n: string }>(target.url, 'select count(*) as n from users');
      expect(Number(users!.n)).toBe(0);
    } finally {
      await target.drop();
      source.drop();
    }
  });
});
