import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

const PASSWORD = 'Frank-secret-9';

describe(`personal area: profile and password (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await ctx.login()).access_token;
    const roles = (await ctx.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(admin) })).json()
      .data as { id: number; code: string }[];
    const org = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/organizations',
        headers: bearer(admin),
        payload: { name: 'Personal' },
      })
    ).json().data as { id: number };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: {
        account: 'frank.lee',
        name: 'Frank',
        role_id: roles.find((r) => r.code === 'organiser')!.id,
        organization_id: org.id,
        password: PASSWORD,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
  });
  afterAll(() => ctx.close());

  const frank = (password = PASSWORD) => ctx.login({ account: 'frank.lee', password });

  it('saves display name, email and preferred language, and answers them at the next login', async () => {
    const token = (await frank()).access_token;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: bearer(token),
      payload: { name: 'Frank Lee', email: 'frank@example.com', language: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Frank Lee', email: 'frank@example.com', language: 'en' });

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        account: 'frank.lee',
        password: PASSWORD,
        captcha_id: await ctx.captcha(),
        verify_code: '1234',
      },
    });
    expect(login.json().data.user).toMatchObject({ name: 'Frank Lee', language: 'en' });

    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/system-logs?username=frank&action_type=update',
      headers: { ...bearer(admin), 'accept-language': 'en' },
    });
    const entry = log.json().data.items[0].content as string;
    expect(entry).toContain('language - → en');
    // The address is personal data: the entry says it changed, not what it is.
    expect(entry).toContain('email changed');
    expect(entry).not.toContain('frank@example.com');
  });

  it('refuses a bad profile: unknown fields, a bad email, an unknown language, no name', async () => {
    const token = (await frank()).access_token;
    for (const payload of [
      { name: 'F', email: null, language: null, role_id: 1 },
      { name: 'F', email: 'not-an-email', language: null },
      { name: 'F', email: null, language: 'fr' },
      { name: ' ', email: null, language: null },
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/profile',
        headers: { ...bearer(token), 'accept-language': 'en' },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.json().data.name).toBe('Frank Lee');
  });

  it('applies the strength rules to a new password', async () => {
    const token = (await frank()).access_token;
    const change = (old_password: string, new_password: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/me/password',
        headers: { ...bearer(token), 'accept-language': 'en' },
        payload: { old_password, new_password },
      });
    const short = await change(PASSWORD, 'Ab1-x');
    expect(short.statusCode).toBe(400);
    expect(short.json().data.fields.new_password).toMatch(/at least 8/);
    const account = await change(PASSWORD, 'FRANK.LEE');
    expect(account.statusCode).toBe(400);
    expect(account.json().data.fields.new_password).toMatch(/differ from the account/);
    for (const common of ['password123', 'Qwertyuiop', 'Password2024!', '11111111', 'Welcome#1']) {
      const res = await change(PASSWORD, common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json().data.fields.new_password, common).toMatch(/too common/);
    }
    // Not on any short list, but a strength estimator guesses them quickly: refused in every language.
    for (const guessable of ['Summer2024!', 'Frank.lee2024']) {
      const res = await change(PASSWORD, guessable);
      expect(res.statusCode, guessable).toBe(400);
      expect(res.json().data.fields.new_password, guessable).toBe(
        'This password is easy to guess; use a longer one, such as a few unrelated words',
      );
    }
    const zhTw = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: { ...bearer(token), 'accept-language': 'zh-tw' },
      payload: { old_password: PASSWORD, new_password: 'Winter2025?' },
    });
    expect(zhTw.json().data.fields.new_password).toBe('此密碼容易被猜中，請用更長的密碼，例如幾個不相關的詞');
    const wrong = await change('not-it-at-all', 'Fresh-start-77');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(ERRORS.PASSWORD_INCORRECT.code);
    // Still the old password.
    await expect(frank()).resolves.toBeTruthy();
  });

  it('a changed password ends the other sessions and keeps the current one', async () => {
    const current = await frank();
    const other = await frank();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(current.access_token),
      payload: { old_password: PASSWORD, new_password: 'Fresh-start-77' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    const refresh = (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/tokens/create', headers: bearer(token) });

    expect((await me(current.access_token)).statusCode).toBe(200);
    const otherMe = await me(other.access_token);
    expect(otherMe.statusCode).toBe(401);
    expect(otherMe.json().code).toBe(ERRORS.SESSION_REVOKED.code);
    const otherRefresh = await refresh(other.refresh_token);
    expect(otherRefresh.statusCode).toBe(401);
    expect((await refresh(current.refresh_token)).statusCode).toBe(200);

    await expect(frank()).rejects.toThrow(/login failed/);
    await expect(frank('Fresh-start-77')).resolves.toBeTruthy();
    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/system-logs?username=frank&action_type=password_change',
      headers: bearer(admin),
    });
    expect(log.json().data.total).toBe(1);
  });
});
