import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { PERMISSIONS } from '@meetflow/shared/permissions';
import { ADMIN, bearer, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

describe(`authentication (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.close());

  const login = async (payload: Record<string, unknown>, language = 'en') =>
    ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'accept-language': language }, payload });

  it('logs in with account, password and captcha, answering the token object and the user with permissions', async () => {
    const before = ctx.now();
    const res = await login({ ...ADMIN, captcha_id: await ctx.captcha(), verify_code: CAPTCHA_ANSWER });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json().data;
    expect(token).toMatchObject({
      token_type: 'Bearer',
      expires_in: ctx.config.accessTokenTtl,
      login_time: before,
    });
    expect(token.access_token.split('.')).toHaveLength(3);
    expect(token.refresh_token.length).toBeGreaterThanOrEqual(43);
    expect(user).toMatchObject({ account: 'admin', permissions: [...PERMISSIONS] });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token.access_token) });
    expect(me.json().data.account).toBe('admin');
    const logRows = await ctx.db.selectFrom('system_logs').select(['action_type', 'username']).execute();
    expect(logRows).toContainEqual({ action_type: 'login', username: 'admin' });
  });

  it('gives the same answer for a wrong password and an unknown account, and logs the failure', async () => {
    const wrongPassword = await login({
      account: 'admin',
      password: 'nope-nope',
      captcha_id: await ctx.captcha(),
      verify_code: CAPTCHA_ANSWER,
    });
    const unknown = await login({
      account: 'ghost',
      password: 'nope-nope',
      captcha_id: await ctx.captcha(),
      verify_code: CAPTCHA_ANSWER,
    });
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: ERRORS.INVALID_CREDENTIALS.code,
        message: 'Incorrect account or password',
        data: null,
      });
    }
    const failures = await ctx.db
      .selectFrom('system_logs')
      .select('username')
      .where('action_type', '=', 'login_failed')
      .execute();
    expect(failures.map((f) => f.username).sort()).toEqual(['admin', 'ghost']);
  });

  it('rejects a wrong, reused, expired or omitted captcha', async () => {
    const wrong = await login({ ...ADMIN, captcha_id: await ctx.captcha(), verify_code: '9999' });
    const omitted = await login({ ...ADMIN });
    const missingAnswer = await login({ ...ADMIN, captcha_id: await ctx.captcha() });
    const used = await ctx.captcha();
    const first = await login({ ...ADMIN, captcha_id: used, verify_code: CAPTCHA_ANSWER });
    expect(first.statusCode).toBe(200);
    const reused = await login({ ...ADMIN, captcha_id: used, verify_code: CAPTCHA_ANSWER });
    const stale = await ctx.captcha();
    ctx.advance(121_000);
    const expired = await login({ ...ADMIN, captcha_id: stale, verify_code: CAPTCHA_ANSWER });
    for (const res of [wrong, omitted, missingAnswer, reused, expired]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERRORS.CAPTCHA_INVALID.code);
    }
    // A wrong guess burns the captcha too: no second guess on the same image.
    const burnt = await ctx.captcha();
    await login({ ...ADMIN, captcha_id: burnt, verify_code: '0000' });
    expect((await login({ ...ADMIN, captcha_id: burnt, verify_code: CAPTCHA_ANSWER })).json().code).toBe(
      ERRORS.CAPTCHA_INVALID.code,
    );
  });

  it('rotates refresh tokens, and a reused one revokes the whole session', async () => {
    const first = await ctx.login();
    const refresh = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/tokens/create',
        headers: { ...bearer(token), 'accept-language': 'en' },
      });

    ctx.advance(1000);
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().data.token;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.login_time).toBe(ctx.now());
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(second.access_token) }))
        .statusCode,
    ).toBe(200);

    // The old token again: treated as stolen, so the newest token of that session dies too.
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe(ERRORS.SESSION_REVOKED.code);
    expect((await refresh(second.refresh_token)).json().code).toBe(ERRORS.SESSION_REVOKED.code);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(second.access_token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe(ERRORS.SESSION_REVOKED.code);
  });

  it('lets only one of two concurrent refreshes with the same token win', async () => {
    const token = await ctx.login();
    const results = await Promise.all(
      [1, 2].map(() =>
        ctx.app.inject({ method: 'POST', url: '/api/tokens/create', headers: bearer(token.refresh_token) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers an expired access token with the token-expired code and message', async () => {
    const token = await ctx.login();
    // Honoured first (so its verification is remembered), then refused once its time is up.
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(token.access_token),
    });
    expect(before.statusCode).toBe(200);
    ctx.advance(token.expires_in * 1000 + 1000);
    for (const [language, message] of [
      ['zh-TW', 'token已過期'],
      ['zh-CN', 'token已过期'],
      ['en', 'token expired'],
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { ...bearer(token.access_token), 'accept-language': language! },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: ERRORS.TOKEN_EXPIRED.code, message, data: null });
    }
    // The refresh token still works after the access token expired.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/create',
      headers: bearer(token.refresh_token),
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('revokes the session on logout', async () => {
    const token = await ctx.login();
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token.access_token),
    });
    expect(out.json()).toMatchObject({ code: 0, data: null });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token.access_token) }))
        .statusCode,
    ).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/create',
      headers: bearer(token.refresh_token),
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('ends the other sessions when the password changes, and the new password works', async () => {
    const other = await ctx.login();
    const current = await ctx.login();
    const change = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/me/password',
        headers: { ...bearer(current.access_token), 'accept-language': 'en' },
        payload,
      });

    const wrongOld = await change({ old_password: 'not-it-at-all', new_password: 'Another-pass-456' });
    expect(wrongOld.json().code).toBe(ERRORS.PASSWORD_INCORRECT.code);
    const weak = await change({ old_password: ADMIN.password, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fields.new_password).toMatch(/at least 8 characters/);

    const ok = await change({ old_password: ADMIN.password, new_password: 'Another-pass-456' });
    expect(ok.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(other.access_token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/tokens/create',
          headers: bearer(other.refresh_token),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(current.access_token) }))
        .statusCode,
    ).toBe(200);
    await expect(ctx.login()).rejects.toThrow(/login failed/);
    await expect(ctx.login({ account: 'admin', password: 'Another-pass-456' })).resolves.toHaveProperty(
      'access_token',
    );
  });

  const attempt = (password: string, ip: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip }).then((captcha) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
        payload: {
          account: 'admin',
          password,
          captcha_id: captcha.json().data.captcha_id,
          verify_code: CAPTCHA_ANSWER,
        },
      }),
    );

  it('slows brute force from one address with a growing wait (429 and Retry-After), not a lock', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`, '10.1.0.1')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const limited = await attempt('wrong-again', '10.1.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        code: ERRORS.RATE_LIMITED.code,
        message: 'Too many attempts, please try again later',
      });
      const wait = Number(limited.headers['retry-after']);
      waits.push(wait);
      ctx.advance(wait * 1000);
      expect((await attempt(`wrong-after-wait-${i}`, '10.1.0.1')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The right password from that address also waits its turn, then works and clears the count.
    const waiting = await attempt(ADMIN.password, '10.1.0.1');
    expect(waiting.statusCode).toBe(429);
    ctx.advance(Number(waiting.headers['retry-after']) * 1000);
    expect((await attempt(ADMIN.password, '10.1.0.1')).statusCode).toBe(200);
    expect((await attempt('one-typo', '10.1.0.1')).statusCode).toBe(401);
  });

  it("does not lock the owner out after a stranger's failures from other addresses", async () => {
    /** A patient stranger: waits out every 429 (a few times at most) until the guess is answered. */
    const guess = async (password: string, ip: string) => {
      for (let tries = 0; tries < 3; tries++) {
        const res = await attempt(password, ip);
        if (res.statusCode !== 429) return res.statusCode;
        ctx.advance(Number(res.headers['retry-after']) * 1000);
      }
      return 429;
    };
    for (let i = 0; i < 20; i++) expect(await guess(`guess-${i}`, `10.2.0.${i % 4}`)).toBe(401);
    const owner = await attempt(ADMIN.password, '10.3.0.1');
    expect(owner.statusCode).toBe(429);
    // Seconds, not the old 15-minute lock.
    const wait = Number(owner.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    ctx.advance(wait * 1000);
    expect((await attempt(ADMIN.password, '10.3.0.1')).statusCode).toBe(200);
  });

  it('lets no burst of parallel guesses slip past the wait together', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(`burst-${i}`, `10.4.0.${i}`).then((r) => r.statusCode)),
    );
    // The account's free failures are answered; every other guess of the burst waits.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('does not count successful logins against the per-IP budget (a venue shares one address)', async () => {
    // 30 attempts per 10 minutes per IP: 31 successes in a row must all pass.
    for (let i = 0; i < 31; i++) await ctx.login();
    await expect(ctx.login()).resolves.toHaveProperty('access_token');
  });
});

describe(`captcha switched off by the operator (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext({ CAPTCHA_ENABLED: 'false' });
  });
  afterAll(() => ctx.close());

  it('reports the captcha as disabled and logs in without one', async () => {
    const captcha = await ctx.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(captcha.json().data).toEqual({ enabled: false, captcha_id: null, image: null, expires_in: 0 });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
    expect(res.statusCode).toBe(200);
  });
});
