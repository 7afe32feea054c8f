import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type { ApiToken, CreatedApiToken } from '@meetflow/shared/schemas/integrations';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody } from './registration-fixtures.ts';
import { secondInstance } from './waitlist-fixtures.ts';

/**
 * API tokens (issue 21): a program's credentials, a subset of their creator's permissions, scoped to
 * the creator's organisation subtree, stored as a hash, expiring, revocable at once on every
 * instance, rate-limited, and named in the audit trail.
 */
describe(`API tokens (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let organiser: Api;
  let orgId: number;
  let otherOrgId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ API_TOKEN_PER_MINUTE: '40' });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgId = (await admin('POST', '/api/organizations', { name: 'Tokens' })).json().data.id;
    otherOrgId = await createOrganization(ctx.db);
    organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgId));
  });
  afterAll(() => ctx.close());

  const create = async (as: Api, body: object, lang = 'en') => as('POST', '/api/api-tokens', body, lang);
  const withToken = (secret: string) => adminApi(ctx, secret);

  it('acts with the permissions it was given, within its creator subtree, and keeps only a hash', async () => {
    const res = await create(organiser, { name: 'CRM sync', permissions: ['guest:view'], expires_at: null });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data as CreatedApiToken;
    expect(token.secret).toMatch(/^mfpat_[A-Za-z0-9_-]{43}$/);
    expect(token.hint).toBe(`mfpat_…${token.secret.slice(-4)}`);
    expect(res.headers['cache-control']).toBe('no-store');

    const ours = await createMeeting(ctx.db, orgId);
    const theirs = await createMeeting(ctx.db, otherOrgId);
    const api = withToken(token.secret);
    expect((await api('GET', `/api/meetings/${ours.id}/guests`)).statusCode).toBe(200);
    // Outside the creator's subtree: not even confirmed to exist.
    expect((await api('GET', `/api/meetings/${theirs.id}/guests`)).statusCode).toBe(404);
    // A permission the creator holds but did not give the token.
    const refused = await api('POST', '/api/meetings', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ERRORS.FORBIDDEN.code);
    // No captcha, no login: the token is the whole credential.
    const me = (await api('GET', '/api/me')).json().data;
    expect(me.account).toMatch(/^organiser_/);
    // What the request may do, not everything the owner may.
    expect(me.permissions).toEqual(['guest:view']);

    // The secret is nowhere in the database, its hash is; the list never shows it.
    const stored = await ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token.secret);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = (await organiser('GET', '/api/api-tokens')).json().data as ApiToken[];
    expect(JSON.stringify(listed)).not.toContain(token.secret);
    const mine = listed.find((t) => t.id === token.id)!;
    expect(mine).toMatchObject({ name: 'CRM sync', state: 'active', permissions: ['guest:view'] });
    expect(mine.last_used_at).toBe(ctx.now());
  });

  it('refuses permissions the creator lacks, a past expiry, and token-made tokens', async () => {
    const overreach = await create(
      organiser,
      { name: 'x', permissions: ['user:manage'], expires_at: null },
      'zh-tw',
    );
    expect(overreach.statusCode).toBe(400);
    expect(overreach.json().data.fields.permissions).toBe('權杖不能擁有您本身沒有的權限');
    const past = await create(organiser, {
      name: 'x',
      permissions: ['guest:view'],
      expires_at: ctx.now() - 1,
    });
    expect(past.json().data.fields.expires_at).toMatch(/future/);
    const unnamed = await create(organiser, { name: ' ', permissions: [], expires_at: null });
    expect(Object.keys(unnamed.json().data.fields).sort()).toEqual(['name', 'permissions']);

    const secret = (
      await create(organiser, {
        name: 'all',
        permissions: ['integration:manage', 'guest:view'],
        expires_at: null,
      })
    ).json().data.secret as string;
    const api = withToken(secret);
    // A leaked token can neither mint another nor change the owner's password or end their sessions.
    for (const [method, url, body] of [
      ['POST', '/api/api-tokens', { name: 'y', permissions: ['guest:view'], expires_at: null }],
      ['PUT', '/api/me/password', { old_password: 'Guests-pass-123', new_password: 'Another-pass-456' }],
      ['POST', '/api/logout', undefined],
    ] as const) {
      const res = await api(method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe(ERRORS.SESSION_REQUIRED.code);
    }
    expect((await api('GET', '/api/api-tokens')).statusCode).toBe(200);

    // Not even user:manage lets a token change accounts: it could give itself any role.
    const manager = (
      await create(admin, { name: 'provisioning', permissions: ['user:manage'], expires_at: null })
    ).json().data.secret as string;
    for (const [method, url] of [
      ['POST', '/api/users/1/reset-password'],
      ['POST', '/api/users'],
      ['PUT', '/api/users/1'],
      ['PUT', '/api/me/profile'],
    ] as const) {
      const res = await withToken(manager)(method, url, {});
      expect(res.json().code, url).toBe(ERRORS.SESSION_REQUIRED.code);
    }
    expect((await withToken(manager)('GET', '/api/users')).statusCode).toBe(200);
  });

  it('names a token with a long name in full where it fits, on both databases', async () => {
    const name = 'L'.repeat(100);
    const secret = (
      await create(admin, { name, permissions: ['organization:edit'], expires_at: null })
    ).json().data.secret as string;
    const res = await withToken(secret)('POST', '/api/organizations', { name: `Long ${Date.now()}` });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await ctx.db
      .selectFrom('system_logs')
      .select('username')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.username).toBe(`admin [token: ${name}]`);
  });

  it('stops at its expiry, and when its owner is disabled or loses the permission', async () => {
    const hour = 3_600_000;
    const token = (
      await create(organiser, {
        name: 'day pass',
        permissions: ['guest:view', 'meeting:view'],
        expires_at: ctx.now() + hour,
      })
    ).json().data as CreatedApiToken;
    const api = withToken(token.secret);
    expect((await api('GET', '/api/meetings')).statusCode).toBe(200);
    ctx.advance(hour);
    const expired = await api('GET', '/api/meetings');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe(ERRORS.TOKEN_EXPIRED.code);
    const listed = (await organiser('GET', '/api/api-tokens')).json().data as ApiToken[];
    expect(listed.find((t) => t.id === token.id)!.state).toBe('expired');

    // A role that loses meeting:view: the token keeps the grant on paper, not in effect.
    const { id: roleId } = await ctx.db
      .insertInto('roles')
      .values({
        name: 'Viewer',
        is_admin: 0,
        permissions: JSON.stringify(['meeting:view', 'integration:manage']),
        code: null,
        created_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = `viewer_${Date.now()}`;
    const user = await admin('POST', '/api/users', {
      account,
      name: 'Viewer',
      role_id: roleId,
      organization_id: orgId,
      password: 'Viewer-pass-123',
    });
    expect(user.statusCode, user.body).toBe(200);
    const viewer = adminApi(ctx, (await ctx.login({ account, password: 'Viewer-pass-123' })).access_token);
    const secret = (
      await create(viewer, { name: 'v', permissions: ['meeting:view'], expires_at: null })
    ).json().data.secret as string;
    expect((await withToken(secret)('GET', '/api/meetings')).statusCode).toBe(200);
    await ctx.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify(['integration:manage']) })
      .where('id', '=', roleId)
      .execute();
    expect((await withToken(secret)('GET', '/api/meetings')).statusCode).toBe(403);
    await admin('PUT', `/api/users/${user.json().data.id}`, { enabled: false });
    expect((await withToken(secret)('GET', '/api/me')).statusCode).toBe(401);
  });

  it('is refused on every instance from the request after its revocation', async () => {
    const token = (
      await create(organiser, { name: 'door printer', permissions: ['meeting:view'], expires_at: null })
    ).json().data as CreatedApiToken;
    const other = await secondInstance(ctx);
    try {
      const onOther = () =>
        other.app.inject({
          method: 'GET',
          url: '/api/meetings',
          headers: { authorization: `Bearer ${token.secret}` },
        });
      expect((await onOther()).statusCode).toBe(200);
      // Another organisation's organiser does not see it; the administrator does, and revokes it.
      const stranger = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', otherOrgId));
      expect((await stranger('DELETE', `/api/api-tokens/${token.id}`)).statusCode).toBe(404);
      const revoked = await admin('DELETE', `/api/api-tokens/${token.id}`);
      expect(revoked.json().data.state).toBe('revoked');
      const refused = await onOther();
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe(ERRORS.SESSION_REVOKED.code);
    } finally {
      await other.close();
    }
  });

  it('names the token in the audit trail, and obeys its own rate limit', async () => {
    const secret = (
      await create(organiser, {
        name: 'Badge printer',
        permissions: ['guest:edit', 'meeting:view'],
        expires_at: null,
      })
    ).json().data.secret as string;
    const api = withToken(secret);
    const meeting = await createMeeting(ctx.db, orgId);
    const created = await api('POST', `/api/meetings/${meeting.id}/guests`, generalBody(1));
    expect(created.statusCode, created.body).toBe(200);
    const entry = await ctx.db
      .selectFrom('system_logs')
      .select(['username', 'message_key'])
      .where('message_key', '=', 'guest.added')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.username).toMatch(/^organiser_\w+ \[token: Badge printer\]$/);
    // The log's user filter still finds it by the account alone.
    const account = entry.username!.split(' ')[0]!;
    const found = await admin('GET', `/api/system-logs?username=${account}&page_size=100`);
    expect(found.json().data.items.some((i: { username: string }) => i.username === entry.username)).toBe(
      true,
    );

    // 40 a minute for this test file (API_TOKEN_PER_MINUTE): the budget is the token's own.
    let status = 200;
    let sent = 1;
    while (status === 200 && sent < 60) {
      status = (await api('GET', '/api/meetings')).statusCode;
      sent++;
    }
    expect(status).toBe(429);
    expect(sent).toBe(41);
    expect((await organiser('GET', '/api/meetings')).statusCode).toBe(200);
    const used = await ctx.db
      .selectFrom('api_tokens')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(used.n)).toBeGreaterThan(0);
  });
});
