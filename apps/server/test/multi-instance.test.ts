import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from './event-stream.ts';
import { ADMIN, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { call, freePort, startInstance, stopInstance, type Instance } from './server-process.ts';
import { clientIp, createMeeting, createOrganization, generalBody } from './registration-fixtures.ts';

/*
 * Several instances behave as one (issue 7): two real server processes share the database (one
 * SQLite file, or PostgreSQL) and Redis. Capacity holds across them, a captcha or refresh token
 * issued by one is honoured by the other, rate limits count on both, and a scan on one reaches the
 * live statistics streamed by the other. Needs Redis
 * (TEST_REDIS_URL, default redis://127.0.0.1:6379): like PostgreSQL, it fails rather than skips.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe(`two instances behave as one (${TEST_DB})`, () => {
  let ctx: TestContext;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    ctx = await createTestContext();
    const [portA, portB] = await Promise.all([freePort(), freePort()]);
    [a, b] = await Promise.all([
      startInstance(ctx, portA, { REDIS_URL }),
      startInstance(ctx, portB, { REDIS_URL }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
    await ctx.close();
  });

  it('400 concurrent sign-ups split across both for 100 seats: exactly 100 accepted', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), {
      registration_limit: 100,
    });
    const signUp = (n: number, instance: Instance) =>
      call(instance.url, `/api/public/meetings/${meeting.publicId}/sign-ups`, {
        body: generalBody(n),
        headers: { 'x-forwarded-for': clientIp(n) },
      });
    // 60 seats taken through b alone, then 340 at once split across both: the last 40 seats are
    // contested by two processes. (Which one wins a burst is up to the database's lock: on SQLite one
    // process's write batches can take every seat, so the first wave makes sure both held some.)
    const first = await Promise.all(Array.from({ length: 60 }, (_, n) => signUp(n, b)));
    expect(first.every((r) => r.status === 200)).toBe(true);
    const results = await Promise.all(Array.from({ length: 340 }, (_, n) => signUp(60 + n, n % 2 ? a : b)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 409)).toHaveLength(300);
    const rows = await ctx.db
      .selectFrom('guests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(100);
  });

  it('300 concurrent sign-ups split across both for 50 seats with a waiting list: 50 guests, 250 places numbered 1..250', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), {
      registration_limit: 50,
    });
    await ctx.db.updateTable('meetings').set({ waitlist_enabled: 1 }).where('id', '=', meeting.id).execute();
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        call(n % 2 ? a.url : b.url, `/api/public/meetings/${meeting.publicId}/sign-ups`, {
          body: generalBody(1000 + n),
          headers: { 'x-forwarded-for': clientIp(1000 + n) },
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const places = await ctx.db
      .selectFrom('waitlist_entries')
      .select('seq')
      .where('meeting_id', '=', meeting.id)
      .orderBy('seq')
      .execute();
    expect(places.map((p) => p.seq)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    const guests = await ctx.db
      .selectFrom('guests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(Number(guests.n)).toBe(50);
  });

  it('a scan through one instance reaches the live statistics streamed by the other within a second', async () => {
    const captcha = await call(a.url, '/api/captcha');
    const login = await call(a.url, '/api/login', {
      body: { ...ADMIN, captcha_id: captcha.body.data.captcha_id, verify_code: CAPTCHA_ANSWER },
    });
    const token = login.body.data.token.access_token;
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const signUp = await call(a.url, `/api/public/meetings/${meeting.publicId}/sign-ups`, {
      body: generalBody(900),
      headers: { 'x-forwarded-for': clientIp(900) },
    });
    expect(signUp.status).toBe(200);

    const stream = await openStream(b.url, token, `meeting_id=${meeting.id}`);
    try {
      const before = await stream.next();
      expect(before.inside).toBe(0);
      const scannedAt = Date.now();
      const scan = await call(a.url, '/api/attendance/scans', {
        body: {
          meeting_id: meeting.id,
          schedule_id: null,
          guest_code: signUp.body.data.guest.guest_code,
          direction: 'in',
          station: 'door-a',
          nonce: `multi-${Date.now()}`,
        },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scan.body.data.result).toBe('success');
      const after = await stream.next((stats) => stats.inside === 1);
      expect(after.checked_in_today).toBe(1);
      expect(Date.now() - scannedAt).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it('a captcha from one instance logs in on the other, and the refresh token works on the first', async () => {
    const captcha = await call(a.url, '/api/captcha');
    const login = await call(b.url, '/api/login', {
      body: { ...ADMIN, captcha_id: captcha.body.data.captcha_id, verify_code: CAPTCHA_ANSWER },
    });
    expect(login.status).toBe(200);
    const refreshed = await call(a.url, '/api/tokens/create', {
      body: {},
      headers: { authorization: `Bearer ${login.body.data.token.refresh_token}` },
    });
    expect(refreshed.status).toBe(200);
    // The rotated-out token is refused by either instance.
    const reused = await call(b.url, '/api/tokens/create', {
      body: {},
      headers: { authorization: `Bearer ${login.body.data.token.refresh_token}` },
    });
    expect(reused.status).toBe(401);
  });

  it('counts login attempts for one account across both instances (rate limits in Redis)', async () => {
    const account = `ghost-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const attempt = async (url: string) => {
      const captcha = await call(url, '/api/captcha');
      return call(url, '/api/login', {
        body: {
          account,
          password: 'wrong-password-1',
          captcha_id: captcha.body.data.captcha_id,
          verify_code: CAPTCHA_ANSWER,
        },
        headers: { 'x-forwarded-for': clientIp(Math.floor(Math.random() * 60_000)) },
      });
    };
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await attempt(n % 2 ? a.url : b.url)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // The account's budget of 10 is spent on the two instances together.
    expect((await attempt(a.url)).status).toBe(429);
    expect((await attempt(b.url)).status).toBe(429);
  });
});
