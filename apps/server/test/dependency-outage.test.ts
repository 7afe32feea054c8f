import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { type HealthResponse } from '@meetflow/shared/schemas/health';
import { openStream } from './event-stream.ts';
import { ADMIN, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { clientIp, createMeeting, createOrganization, generalBody } from './registration-fixtures.ts';
import { call, freePort, startInstance, stopInstance, waitFor, type Instance } from './server-process.ts';

/*
 * Redis goes away under running instances: a private Redis is stopped and started again during the
 * test. (PostgreSQL cutting connections is in postgres-connection-loss.test.ts.)
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
