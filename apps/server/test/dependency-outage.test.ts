import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type HealthResponse } from '@meetflow/shared';
import { openStream } from './event-stream.ts';
import { ADMIN, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { clientIp, createMeeting, createOrganization, generalBody } from './registration-fixtures.ts';
import { call, freePort, startInstance, stopInstance, type Instance } from './server-process.ts';

/*
 * A dependency goes away under running instances (issue 12, item 8): a private Redis is stopped and
 * started again during the test; PostgreSQL cuts the connections the instances are using.
 */

/** A throw-away Redis (no persistence) on `port`; resolves once it accepts connections. */
function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
}

function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL'); // as when its host fails: no goodbye to the clients
  });
}

/** Runs `request`, giving its result and how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await request();
  return { result, ms: Date.now() - started };
}

/** Polls until `ready` holds, giving the time that took. */
async function waitFor(ready: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await ready())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe(`Redis going away (${TEST_DB})`, () => {
  let ctx: TestContext;
  let redisPort: number;
  let redis: ChildProcess;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    ctx = await createTestContext();
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const env = { REDIS_URL: `redis://127.0.0.1:${redisPort}` };
    [a, b] = await Promise.all([
      startInstance(ctx, await freePort(), env),
      startInstance(ctx, await freePort(), env),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
    if (redis) await stopRedis(redis);
    await ctx.close();
  });

  it('health says which dependency is down, logins and look-ups answer within a second, and all comes back with Redis', async () => {
    const login = async (url: string) => {
      const captcha = await call(url, '/api/captcha');
      return call(url, '/api/login', {
        body: { ...ADMIN, captcha_id: captcha.body.data.captcha_id, verify_code: CAPTCHA_ANSWER },
      });
    };
    const token = (await login(a.url)).body.data.token.access_token;
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const signUp = (n: number) =>
      call(a.url, `/api/public/meetings/${meeting.publicId}/sign-ups`, {
        body: generalBody(n),
        headers: { 'x-forwarded-for': clientIp(n) },
      });
    const guest = await signUp(1);
    expect(guest.status).toBe(200);
    const health = async (url: string) => {
      const response = await fetch(`${url}/api/health`, { headers: { 'accept-language': 'en' } });
      return {
        status: response.status,
        body: (await response.json()) as { code: number; data: HealthResponse | null },
      };
    };
    expect((await health(a.url)).body.data?.dependencies).toEqual({ database: 'up', redis: 'up' });

    // b streams the live figures; a's scans reach it through Redis.
    const stream = await openStream(b.url, token, `meeting_id=${meeting.id}`);
    try {
      expect((await stream.next()).inside).toBe(0);

      await stopRedis(redis);
      const downAfterMs = await waitFor(async () => (await health(a.url)).status === 503, 2_000);
      const down = await timed(() => health(a.url));
      console.warn(
        `Redis down (${TEST_DB}): health ${down.result.status} in ${down.ms} ms, ${downAfterMs} ms after the stop: ${JSON.stringify(down.result.body)}`,
      );
      expect(down.ms).toBeLessThan(1_000);
      expect(down.result.body).toMatchObject({
        code: ERRORS.SERVICE_UNAVAILABLE.code,
        data: { status: 'unavailable', dependencies: { database: 'up', redis: 'down' } },
      });

      // Rate limits count in memory meanwhile: nothing waits on the dead Redis, nothing fails.
      const loggedIn = await timed(() => login(a.url));
      expect(loggedIn.result.status).toBe(200);
      expect(loggedIn.ms).toBeLessThan(1_000);
      const lookup = await timed(() =>
        call(a.url, `/api/public/meetings/${meeting.publicId}/lookup`, {
          body: { area_code: '853', phone: generalBody(1).phone },
          headers: { 'x-forwarded-for': clientIp(1) },
        }),
      );
      expect(lookup.result.status).toBe(200);
      expect(lookup.ms).toBeLessThan(1_000);
      const signedUp = await timed(() => signUp(2));
      expect(signedUp.result.status).toBe(200);
      expect(signedUp.ms).toBeLessThan(1_000);

      // Long enough for the clients to have tried to reconnect (and logged it).
      await waitFor(
        async () => [a, b].every((i) => i.output.some((l) => l.includes('Redis unavailable'))),
        3_000,
      );
      redis = await startRedis(redisPort);
      const recoveredMs = await waitFor(
        async () => (await health(a.url)).status === 200 && (await health(b.url)).status === 200,
        5_000,
      );
      console.warn(`Redis back (${TEST_DB}): both instances healthy after ${recoveredMs} ms`);

      // Counters are in Redis again (it came back empty).
      expect((await login(b.url)).status).toBe(200);
      const store = new Redis(`redis://127.0.0.1:${redisPort}`);
      try {
        expect((await store.keys('mf_rl_*')).length).toBeGreaterThan(0);
      } finally {
        store.disconnect();
      }

      // Logged as structured lines, one per Redis connection and outage, with no stack traces.
      for (const instance of [a, b]) {
        const lines = instance.output.map((line) => JSON.parse(line) as { msg: string; connection?: string });
        const outages = lines
          .filter((line) => line.msg === 'Redis unavailable')
          .map((line) => line.connection);
        expect(outages).toContain('commands');
        expect(new Set(outages).size).toBe(outages.length);
      }

      // b's subscription is back: a scan through a reaches b's stream.
      const scan = await call(a.url, '/api/attendance/scans', {
        body: {
          meeting_id: meeting.id,
          schedule_id: null,
          guest_code: guest.body.data.guest.guest_code,
          direction: 'in',
          station: 'door-a',
          nonce: `outage-${Date.now()}`,
        },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scan.body.data.result).toBe('success');
      expect((await stream.next((stats) => stats.inside === 1)).inside).toBe(1);
    } finally {
      stream.close();
    }
  }, 60_000);
});

// Only PostgreSQL has connections a server can cut; the SQLite run has nothing to terminate.
describe.runIf(TEST_DB === 'postgres')('PostgreSQL terminating the connections in use', () => {
  let ctx: TestContext;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    ctx = await createTestContext();
    const env = { SHUTDOWN_DRAIN_MS: '0' };
    [a, b] = await Promise.all([
      startInstance(ctx, await freePort(), env),
      startInstance(ctx, await freePort(), env),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
    await ctx.close();
  });

  it('affected sign-ups get 503 envelopes, both instances stay up and serve again, no acknowledged sign-up is lost', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const signUp = (n: number) =>
      call(n % 2 ? a.url : b.url, `/api/public/meetings/${meeting.publicId}/sign-ups`, {
        body: generalBody(n),
        headers: { 'x-forwarded-for': clientIp(n) },
      });
    expect((await Promise.all(Array.from({ length: 10 }, (_, n) => signUp(n)))).map((r) => r.status)).toEqual(
      Array(10).fill(200),
    );

    // The meeting's row is held, so the burst's transactions wait inside the database, each on a
    // checked-out connection: the ones a failover or an administrator cuts.
    const databaseName = new URL(ctx.config.databaseUrl!).pathname.slice(1);
    const connect = async () => {
      const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
      client.on('error', () => undefined); // dropped with the database at the end
      await client.connect();
      return client;
    };
    // Two clients of the test's own: the statistics views are a snapshot inside a transaction.
    const [holder, admin] = await Promise.all([connect(), connect()]);
    await holder.query('begin');
    await holder.query('select id from meetings where id = $1 for update', [meeting.id]);
    // A request the instance never answered (it died) shows as its network error's code.
    const burst = Array.from({ length: 40 }, (_, n) =>
      signUp(100 + n).catch((error: { cause?: { code?: string } }) => ({
        status: error.cause?.code ?? 'no answer',
        body: null,
      })),
    );
    await waitFor(async () => {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
        [databaseName],
      );
      return rows[0]!.n >= 20;
    }, 5_000);
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid not in ($2, $3)',
      [
        databaseName,
        (holder as unknown as { processID: number }).processID,
        (admin as unknown as { processID: number }).processID,
      ],
    );
    const terminatedAt = Date.now();
    await holder.query('rollback');
    await Promise.all([holder.end(), admin.end()]);

    const results = await Promise.all(burst);
    const statuses = results.map((r) => r.status);
    // Serving again: a sign-up through each instance is accepted.
    let n = 1000;
    const recoveredMs = await waitFor(async () => {
      const [viaA, viaB] = await Promise.all([signUp(++n * 2 + 1), signUp(++n * 2)]);
      return viaA.status === 200 && viaB.status === 200;
    }, 2_000);
    const recovered = Date.now() - terminatedAt;
    console.warn(
      `PostgreSQL terminated ${rowCount} connections mid-burst: ${statuses.filter((s) => s === 200).length}×200, ${statuses.filter((s) => s === 503).length}×503, others ${JSON.stringify(statuses.filter((s) => s !== 200 && s !== 503))}; both serving again ${recovered} ms after (${recoveredMs} ms of retries)`,
    );

    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    for (const result of results.filter((r) => r.status !== 200)) {
      expect(result).toMatchObject({ status: 503, body: { code: ERRORS.SERVICE_UNAVAILABLE.code } });
    }
    expect(recovered).toBeLessThan(2_000);

    const acknowledged = results.flatMap((r, i) => (r.status === 200 ? [generalBody(100 + i).name] : []));
    const stored = await ctx.db
      .selectFrom('guests')
      .select('name')
      .where('meeting_id', '=', meeting.id)
      .where('name', 'in', acknowledged.length ? acknowledged : ['-'])
      .execute();
    expect(stored).toHaveLength(acknowledged.length);
  }, 60_000);
});
