import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/*
 * PG_POOL_MAX and PG_STATEMENT_TIMEOUT_MS applied to the app's PostgreSQL pool: a statement past the
 * timeout is cancelled by PostgreSQL and answered in the envelope; the pool opens no more
 * connections than allowed. PostgreSQL only (vitest.config.ts).
 */
describe('PostgreSQL pool settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PG_STATEMENT_TIMEOUT_MS: '300', PG_POOL_MAX: '2' });
  });
  afterAll(() => ctx.close());

  it('cancels a statement running past PG_STATEMENT_TIMEOUT_MS, and lets a shorter one finish', async () => {
    const started = Date.now();
    await expect(sql`select pg_sleep(5)`.execute(ctx.db)).rejects.toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(sql`select pg_sleep(0.05)`.execute(ctx.db)).resolves.toBeDefined();
  });

  it('answers a request whose statement timed out with the envelope, not a hung connection', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...ctx.config, logLevel: 'warn' },
      db: ctx.db,
      dbKind: 'postgres',
      logStream: { write: (line) => void lines.push(line) },
    });
    app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
      await sql`select pg_sleep(5)`.execute(ctx.db);
      return { code: 0, message: 'ok', data: null };
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test/slow' });
      expect(res.statusCode).toBe(ERRORS.SERVICE_UNAVAILABLE.status);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: ERRORS.SERVICE_UNAVAILABLE.code, data: null });
      expect(res.body).not.toContain('pg_sleep');
      const warning = lines.find((line) => line.includes('statement timeout'));
      expect(warning).toContain('canceling statement due to statement timeout');
      expect(warning).toContain('/api/test/slow');
    } finally {
      await app.close();
    }
  });

  it('opens at most PG_POOL_MAX connections, and sets no timeout when it is 0', async () => {
    const pids = await Promise.all(
      Array.from({ length: 6 }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(ctx.db),
      ),
    );
    expect(new Set(pids.map((r) => r.rows[0]!.pid)).size).toBe(2);

    const { db } = openDatabase(
      loadConfig({ DATABASE_URL: ctx.config.databaseUrl, PG_STATEMENT_TIMEOUT_MS: '0' }),
    );
    try {
      const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
      expect(shown.rows[0]!.statement_timeout).toBe('0');
    } finally {
      await db.destroy();
    }
  });
});
