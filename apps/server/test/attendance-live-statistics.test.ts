import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { type AttendanceStats } from '@meetflow/shared/schemas/attendance';
import { signUpGuest, toNextMorning } from './attendance-fixtures.ts';
import { eventually, openAndDrop, openStream, statusOf } from './event-stream.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { adminApi, userWithRole } from './guest-fixtures.ts';
import { createMeeting, createOrganization, generalBody } from './registration-fixtures.ts';

describe(`attendance live statistics over Server-Sent Events (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let baseUrl: string;
  let meeting: { id: number; publicId: string };
  let orgId: number;
  const codes: string[] = [];
  const scanAs = (app: TestContext['app'], code: string) =>
    app.inject({
      method: 'POST',
      url: '/api/attendance/scans',
      headers: bearer(admin),
      payload: {
        meeting_id: meeting.id,
        guest_code: code,
        direction: 'in',
        station: 'S',
        nonce: randomUUID(),
      },
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    toNextMorning(ctx);
    admin = (await ctx.login()).access_token;
    const org = await createOrganization(ctx.db);
    orgId = org;
    meeting = await createMeeting(ctx.db, org);
    for (let n = 0; n < 4; n += 1)
      codes.push((await signUpGuest(ctx, meeting.publicId, generalBody(n), n)).code);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => ctx.close());

  it('sends the figures on opening and a fresh `stats` event after each scan', async () => {
    const stream = await openStream(baseUrl, admin, `meeting_id=${meeting.id}`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toContain('no-store');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(await stream.next()).toEqual({
      signed_up: 4,
      waiting: 0,
      checked_in_today: 0,
      inside: 0,
      left: 0,
    });

    expect((await scanAs(ctx.app, codes[0]!)).json().data.result).toBe('success');
    expect(await stream.next((s) => s.inside === 1)).toEqual({
      signed_up: 4,
      waiting: 0,
      checked_in_today: 1,
      inside: 1,
      left: 0,
    });
    // A burst: the stream ends up with the final figures.
    await Promise.all([scanAs(ctx.app, codes[1]!), scanAs(ctx.app, codes[2]!)]);
    expect(await stream.next((s) => s.inside === 3)).toMatchObject({ checked_in_today: 3 });
    stream.close();
  });

  it('refuses a stream without a token or outside the user’s organisations', async () => {
    const anonymous = await fetch(`${baseUrl}/api/attendance/stream?meeting_id=${meeting.id}`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: number }).code).toBe(ERRORS.UNAUTHORIZED.code);
    const missing = await fetch(`${baseUrl}/api/attendance/stream?meeting_id=999999`, {
      headers: bearer(admin),
    });
    expect(missing.status).toBe(404);
  });

  it('reaches streams on another instance through Redis pub/sub', async () => {
    const { Redis } = await import('ioredis');
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const redisA = new Redis(url);
    const redisB = new Redis(url);
    const { buildApp } = await import('../src/app.ts');
    const deps = { config: ctx.config, db: ctx.db, dbKind: TEST_DB, clock: ctx.now };
    const appA = await buildApp({ ...deps, redis: redisA });
    const appB = await buildApp({ ...deps, redis: redisB });
    try {
      await appB.listen({ port: 0, host: '127.0.0.1' });
      const address = appB.server.address();
      const urlB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const statsOnB = async () => {
        const res = await appB.inject({
          method: 'GET',
          url: `/api/attendance/stats?meeting_id=${meeting.id}`,
          headers: bearer(admin),
        });
        return res.json().data as AttendanceStats;
      };
      const stream = await openStream(urlB, admin, `meeting_id=${meeting.id}`);
      const before = await stream.next();
      // b remembers its figures now; a's scan must make it forget them.
      expect(await statsOnB()).toEqual(before);
      expect((await scanAs(appA, codes[3]!)).json().data.result).toBe('success');
      const pushed = await stream.next((s) => s.inside === before.inside + 1);
      expect(pushed).toMatchObject({ checked_in_today: before.checked_in_today + 1 });
      expect(await statsOnB()).toEqual(pushed);
      stream.close();
    } finally {
      await appA.close();
      await appB.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });

  it('survives clients that leave at once, and leaves no watcher or heartbeat behind', async () => {
    const query = `meeting_id=${meeting.id}`;
    await Promise.all(Array.from({ length: 40 }, (_, n) => openAndDrop(baseUrl, admin, query, n % 8)));
    expect(
      await eventually(
        () => ctx.app.liveStats.counts(),
        (c) => c.watchers === 0 && c.heartbeats === 0,
      ),
    ).toEqual({ watchers: 0, scopes: 0, heartbeats: 0 });
    expect(await statusOf(`${baseUrl}/api/health`)).toBe(200);
    const stream = await openStream(baseUrl, admin, query);
    await stream.next();
    expect(ctx.app.liveStats.counts()).toEqual({ watchers: 1, scopes: 1, heartbeats: 1 });
    stream.close();
    expect(
      await eventually(
        () => ctx.app.liveStats.counts(),
        (c) => c.watchers === 0,
      ),
    ).toEqual({ watchers: 0, scopes: 0, heartbeats: 0 });
  });

  it('survives clients that leave while the first Redis subscription is still pending', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    // A slow subscription (a Redis far away, or reconnecting): the clients are gone before it is made.
    const duplicate = redis.duplicate.bind(redis);
    const subscriptions: Promise<unknown>[] = [];
    redis.duplicate = (...args: Parameters<typeof redis.duplicate>) => {
      const connection = duplicate(...args);
      const subscribe = connection.subscribe.bind(connection) as (channel: string) => Promise<unknown>;
      connection.subscribe = ((channel: string) => {
        const made = new Promise((resolve) => setTimeout(resolve, 400)).then(() => subscribe(channel));
        subscriptions.push(made);
        return made;
      }) as typeof connection.subscribe;
      return connection;
    };
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({ config: ctx.config, db: ctx.db, dbKind: TEST_DB, clock: ctx.now, redis });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const query = `meeting_id=${meeting.id}`;
      await Promise.all(Array.from({ length: 20 }, (_, n) => openAndDrop(url, admin, query, 20 + n * 10)));
      // Past the subscription: nothing is written to the streams that ended meanwhile. The requests
      // waiting for it carry on in promise callbacks, all run before the next turn of the loop.
      await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
      await Promise.all(subscriptions);
      await new Promise((resolve) => setImmediate(resolve));
      expect(app.liveStats.counts()).toEqual({ watchers: 0, scopes: 0, heartbeats: 0 });
      expect(await statusOf(`${url}/api/health`)).toBe(200);
      const stream = await openStream(url, admin, query);
      expect(await stream.next()).toMatchObject({ signed_up: expect.any(Number) });
      stream.close();
    } finally {
      await app.close();
      redis.disconnect();
    }
  });

  it('sends fresh figures after a sign-up, a guest added by an organiser and a guest deleted', async () => {
    const stream = await openStream(baseUrl, admin, `meeting_id=${meeting.id}`);
    const first = await stream.next();
    await signUpGuest(ctx, meeting.publicId, generalBody(10), 10);
    expect(await stream.next((s) => s.signed_up === first.signed_up + 1)).toMatchObject({
      inside: first.inside,
    });
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/meetings/${meeting.id}/guests`,
      headers: bearer(admin),
      payload: generalBody(11),
    });
    expect(added.statusCode, added.body).toBe(200);
    await stream.next((s) => s.signed_up === first.signed_up + 2);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/guests/${added.json().data.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await stream.next((s) => s.signed_up === first.signed_up + 1);
    stream.close();
  });

  it('ends a stream when its session is logged out or its access token expires', async () => {
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      dbKind: TEST_DB,
      clock: ctx.now,
      live: { heartbeatMs: 50 },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const query = `meeting_id=${meeting.id}`;

      const session = (await ctx.login()).access_token;
      const loggedOut = await openStream(url, session, query);
      await loggedOut.next();
      const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(session) });
      expect(logout.statusCode).toBe(200);
      await loggedOut.untilEnd();
      const again = await fetch(`${url}/api/attendance/stream?${query}`, { headers: bearer(session) });
      expect(again.status).toBe(401);
      expect(((await again.json()) as { code: number }).code).toBe(ERRORS.SESSION_REVOKED.code);

      const expiring = (await ctx.login()).access_token;
      const expired = await openStream(url, expiring, query);
      await expired.next();
      ctx.advance(ctx.config.accessTokenTtl * 1000);
      await expired.untilEnd();
      const late = await fetch(`${url}/api/attendance/stream?${query}`, { headers: bearer(expiring) });
      expect(late.status).toBe(401);
      expect(((await late.json()) as { code: number }).code).toBe(ERRORS.TOKEN_EXPIRED.code);
      expect(
        await eventually(
          () => app.liveStats.counts(),
          (c) => c.watchers === 0 && c.heartbeats === 0,
        ),
      ).toEqual({ watchers: 0, scopes: 0, heartbeats: 0 });
    } finally {
      await app.close();
      // Every earlier token has expired with the clock moved on.
      admin = (await ctx.login()).access_token;
    }
  });

  it("ends an API token's stream when the token is revoked or its owner disabled", async () => {
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      dbKind: TEST_DB,
      clock: ctx.now,
      live: { heartbeatMs: 50 },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const query = `meeting_id=${meeting.id}`;
      const api = adminApi(ctx, (await ctx.login()).access_token);
      const mint = async (as: typeof api) => {
        const res = await as('POST', '/api/api-tokens', {
          name: `wall ${randomUUID()}`,
          permissions: ['records:view'],
          expires_at: null,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { id: number; secret: string };
      };

      // A statistics wall reading through a token: revoked, its stream ends.
      const wall = await mint(api);
      const revoked = await openStream(url, wall.secret, query);
      await revoked.next();
      expect((await api('DELETE', `/api/api-tokens/${wall.id}`)).statusCode).toBe(200);
      await revoked.untilEnd();

      // An organiser's token: the organiser disabled, the stream ends too.
      const organiserToken = await userWithRole(ctx, api, 'organiser', orgId);
      const organiser = adminApi(ctx, organiserToken);
      const theirs = await mint(organiser);
      const disabled = await openStream(url, theirs.secret, query);
      await disabled.next();
      const me = (await organiser('GET', '/api/me')).json().data as { id: number };
      expect((await api('PUT', `/api/users/${me.id}`, { enabled: false })).statusCode).toBe(200);
      await disabled.untilEnd();
    } finally {
      await app.close();
    }
  });

  it('ends open streams when the server closes, so a graceful shutdown is not held up', async () => {
    const stream = await openStream(baseUrl, admin, `meeting_id=${meeting.id}`);
    await stream.next();
    const ended = stream.untilEnd();
    const closing = performance.now();
    await ctx.app.close();
    // The close was not held up (a stream left open would hold it until its client leaves), and the
    // server ended the stream in order rather than cutting the connection.
    expect(performance.now() - closing).toBeLessThan(5_000);
    expect(await ended).toBe('ended');
    expect(ctx.app.liveStats.counts()).toEqual({ watchers: 0, scopes: 0, heartbeats: 0 });
  });
});
