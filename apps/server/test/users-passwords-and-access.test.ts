import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { ADMIN, CAPTCHA_ANSWER, TEST_DB } from './helpers.ts';
import { PASSWORD, usersFixture, type Method } from './users-fixtures.ts';

describe(`users and roles: passwords, self-protection, permissions and log (${TEST_DB})`, () => {
  const w = usersFixture();
  const { call, roleId, createUser, loginAs, me } = w;
  it("resets a password and ends that user's sessions", async () => {
    const erin = await createUser('erin', 'door_staff');
    const token = await loginAs('erin');
    const reset = await call(w.admin, 'POST', `/api/users/${erin.id}/reset-password`, {
      password: 'New-pass-456',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const oldPassword = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        account: 'erin',
        password: PASSWORD,
        captcha_id: await w.ctx.captcha(),
        verify_code: CAPTCHA_ANSWER,
      },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await me(await loginAs('erin', 'New-pass-456'))).statusCode).toBe(200);
    const weak = await call(
      w.admin,
      'POST',
      `/api/users/${erin.id}/reset-password`,
      { password: 'short' },
      'zh-cn',
    );
    expect(weak.json().data.fields.password).toBe('密码至少 8 个字符，且不能与账号相同');
    const guessable = await call(
      w.admin,
      'POST',
      `/api/users/${erin.id}/reset-password`,
      { password: 'Summer2024!' },
      'zh-cn',
    );
    expect(guessable.statusCode).toBe(400);
    expect(guessable.json().data.fields.password).toBe(
      '此密码容易被猜中，请用更长的密码，例如几个不相关的词',
    );
    const created = await call(
      w.admin,
      'POST',
      '/api/users',
      { account: 'grace', name: 'Grace', role_id: roleId('administrator'), password: 'Winter2025?' },
      'en',
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().data.fields.password).toMatch(/easy to guess/);
  });

  it('refuses to disable or demote oneself, and protects the last enabled administrator', async () => {
    const adminId = (await me(w.admin)).json().data.id as number;
    for (const body of [{ enabled: false }, { role_id: roleId('organiser'), organization_id: w.org }]) {
      const res = await call(w.admin, 'PUT', `/api/users/${adminId}`, body, 'en');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: ERRORS.SELF_CHANGE_REFUSED.code,
        message: 'You cannot disable your own account or change your own role',
      });
    }
    // Renaming oneself is fine.
    expect((await call(w.admin, 'PUT', `/api/users/${adminId}`, { name: 'Chief' })).statusCode).toBe(200);

    // Only 'admin' remains an enabled administrator once the others are disabled.
    const admins = await w.ctx.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('users.id')
      .where('roles.is_admin', '=', 1)
      .where('users.id', '!=', adminId)
      .execute();
    for (const other of admins) {
      expect((await call(w.admin, 'PUT', `/api/users/${other.id}`, { enabled: false })).statusCode).toBe(200);
    }

    // A manager that is not an administrator (a custom role) must not remove the last administrator.
    // It is inserted directly: through the API a non-administrator role needs an organisation, and a
    // scoped manager cannot even see the administrator (404).
    const managerRole = await w.ctx.db
      .insertInto('roles')
      .values({
        name: 'User manager',
        code: null,
        is_admin: 0,
        permissions: JSON.stringify(['user:manage']),
        created_at: w.ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const erinHash = await w.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('account', '=', 'erin')
      .executeTakeFirstOrThrow();
    await w.ctx.db
      .insertInto('users')
      .values({
        account: 'manager',
        name: 'Manager',
        password_hash: erinHash.password_hash,
        role_id: managerRole.id,
        organization_id: null,
        enabled: 1,
        created_at: w.ctx.now(),
        updated_at: w.ctx.now(),
      })
      .execute();
    const managerToken = await loginAs('manager', 'New-pass-456');
    for (const body of [{ enabled: false }, { role_id: roleId('organiser'), organization_id: w.org }]) {
      const res = await call(managerToken, 'PUT', `/api/users/${adminId}`, body, 'zh-tw');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: ERRORS.LAST_ADMINISTRATOR.code,
        message: '至少要保留一位啟用中的管理員',
      });
    }
    expect((await me(w.admin)).statusCode).toBe(200);
    // With a second enabled administrator the first may be disabled.
    const spare = await createUser('spare_admin', 'administrator');
    const off = await call(managerToken, 'PUT', `/api/users/${adminId}`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect((await me(w.admin)).statusCode).toBe(401);
    await w.ctx.db.updateTable('users').set({ enabled: 1 }).where('id', '=', adminId).execute();
    w.admin = (await w.ctx.login(ADMIN)).access_token;
    expect(spare.enabled).toBe(true);
  });

  it('enforces user:manage on every user and role route', async () => {
    const target = await createUser('matrix_target', 'door_staff');
    await createUser('m_organiser', 'organiser');
    await createUser('m_door', 'door_staff');
    const organiser = await loginAs('m_organiser');
    const door = await loginAs('m_door');
    const routes: [Method, string, unknown][] = [
      ['GET', '/api/roles', undefined],
      ['GET', '/api/users', undefined],
      [
        'POST',
        '/api/users',
        {
          account: 'm_new',
          name: 'New',
          role_id: roleId('door_staff'),
          organization_id: w.org,
          password: PASSWORD,
        },
      ],
      ['PUT', `/api/users/${target.id}`, { name: 'Changed' }],
      ['POST', `/api/users/${target.id}/reset-password`, { password: 'Another-pass-1' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(organiser, method, url, payload)).statusCode, `organiser ${method} ${url}`).toBe(
        403,
      );
      expect((await call(door, method, url, payload)).statusCode, `door ${method} ${url}`).toBe(403);
      const anonymous = await w.ctx.app.inject({
        method,
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
    }
    for (const [method, url, payload] of routes) {
      expect((await call(w.admin, method, url, payload)).statusCode, `admin ${method} ${url}`).toBe(200);
    }
  });

  it('writes system-log entries for user changes without any password or email address', async () => {
    const before = (await w.ctx.db.selectFrom('system_logs').select('id').execute()).map((r) => r.id);
    const frank = await createUser('frank', 'door_staff', {
      password: 'Frank-secret-9',
      email: 'frank.old@example.org',
    });
    await call(w.admin, 'PUT', `/api/users/${frank.id}`, {
      name: 'Frank F',
      email: 'frank.new@example.org',
      enabled: false,
    });
    await call(w.admin, 'POST', `/api/users/${frank.id}/reset-password`, { password: 'Frank-secret-10' });
    const rows = await w.ctx.db
      .selectFrom('system_logs')
      .select(['action_type', 'source_type', 'username', 'content'])
      .where('id', 'not in', before.concat(-1))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action_type)).toEqual(['create', 'update', 'update']);
    expect(rows.every((r) => r.source_type === 'admin' && r.username === 'admin')).toBe(true);
    expect(rows[0]!.content).toContain('"frank"');
    expect(rows[1]!.content).toContain('disabled');
    expect(rows[1]!.content).toContain('Frank F');
    expect(rows[1]!.content).toContain('email changed');
    expect(rows[2]!.content).toContain('Reset the password');
    expect(rows.some((r) => /Frank-secret|example\.org/.test(r.content))).toBe(false);
  });
});
