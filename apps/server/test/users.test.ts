import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { PERMISSIONS } from '@meetflow/shared/permissions';
import { type AdminUser, type Role } from '@meetflow/shared/schemas/users';
import { ADMIN, bearer, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const PASSWORD = 'Secret-pass-1';

describe(`users and roles (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let roles: Role[];
  let org: number;

  const call = (token: string, method: Method, url: string, payload?: unknown, lang = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const roleId = (code: string) => roles.find((r) => r.code === code)!.id;
  const createUser = async (account: string, role: string, extra: Record<string, unknown> = {}) => {
    const res = await call(admin, 'POST', '/api/users', {
      account,
      name: `Name ${account}`,
      role_id: roleId(role),
      organization_id: role === 'administrator' ? null : org,
      password: PASSWORD,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AdminUser;
  };
  const loginAs = async (account: string, password = PASSWORD) =>
    (await ctx.login({ account, password })).access_token;
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await ctx.login()).access_token;
    roles = (await call(admin, 'GET', '/api/roles')).json().data as Role[];
    const created = await call(admin, 'POST', '/api/organizations', { name: 'Users Org' });
    org = created.json().data.id as number;
  });
  afterAll(() => ctx.close());

  it('lists the built-in roles with their permissions', () => {
    expect(roles.map((r) => r.code)).toEqual(['administrator', 'organiser', 'door_staff']);
    expect(roles[0]).toMatchObject({ is_admin: true, permissions: [...PERMISSIONS] });
    const organiser = roles[1]!.permissions;
    expect(organiser).toEqual(
      expect.arrayContaining(['meeting:edit', 'guest:export', 'organization:view', 'organization:edit']),
    );
    expect(organiser).not.toContain('user:manage');
    expect(organiser).not.toContain('log:view');
    // Door staff: scan and view records, nothing that exposes guests' personal data or exports.
    expect([...roles[2]!.permissions].sort()).toEqual(['meeting:view', 'records:scan', 'records:view']);
  });

  it('creates users, lists them paginated with role and organisation, and searches by keyword', async () => {
    const created = await createUser('alice.w', 'organiser', { email: 'alice@example.org' });
    expect(created).toMatchObject({
      account: 'alice.w',
      name: 'Name alice.w',
      email: 'alice@example.org',
      enabled: true,
      role_code: 'organiser',
      role_name: 'Organiser',
      organization_id: org,
      organization_name: 'Users Org',
    });
    expect(created).not.toHaveProperty('password_hash');
    await createUser('bob_99', 'door_staff');
    await createUser('ALICE-2', 'door_staff', { name: 'Second 100%' });
    // The new user can log in with the password they were given.
    expect((await me(await loginAs('alice.w'))).statusCode).toBe(200);

    const page1 = await call(admin, 'GET', '/api/users?page=1&page_size=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data).toMatchObject({ page: 1, page_size: 2, total: 4 });
    expect(page1.json().data.items.map((u: AdminUser) => u.account)).toEqual(['admin', 'alice.w']);
    const page2 = await call(admin, 'GET', '/api/users?page=2&page_size=2');
    expect(page2.json().data.items.map((u: AdminUser) => u.account)).toEqual(['bob_99', 'ALICE-2']);
    expect(page2.json().data.items[0]).toMatchObject({
      role_name: 'Door staff',
      organization_name: 'Users Org',
    });

    const byAccount = await call(admin, 'GET', '/api/users?keyword=alice');
    expect(byAccount.json().data.items.map((u: AdminUser) => u.account)).toEqual(['alice.w', 'ALICE-2']);
    const byName = await call(admin, 'GET', `/api/users?keyword=${encodeURIComponent('100%')}`);
    expect(byName.json().data.items.map((u: AdminUser) => u.account)).toEqual(['ALICE-2']);
    const percentOnly = await call(admin, 'GET', `/api/users?keyword=${encodeURIComponent('%')}`);
    expect(percentOnly.json().data.total).toBe(1);
    const tooBig = await call(admin, 'GET', '/api/users?page_size=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().data.fields.page_size).toBe('Must be at most 100');
  });

  it('validates the user form with messages in three languages', async () => {
    const bad = {
      account: 'a b',
      name: ' ',
      email: 'not-an-email',
      role_id: roleId('organiser'),
      password: 'short',
      is_admin: true,
    };
    const expected = {
      'zh-tw': [
        '帳號須為 3 至 64 個字元，只可使用英文字母、數字及 _ . -',
        '請輸入名稱',
        '電郵地址格式不正確',
      ],
      'zh-cn': [
        '账号须为 3 至 64 个字符，只可使用英文字母、数字及 _ . -',
        '请输入名称',
        '电邮地址格式不正确',
      ],
      en: [
        'The account needs 3 to 64 characters: letters, digits, _ . or -',
        'Please enter the name',
        'The email address is not valid',
      ],
    } as const;
    for (const [lang, [account, name, email]] of Object.entries(expected)) {
      const res = await call(admin, 'POST', '/api/users', bad, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(res.json().data.fields).toMatchObject({ account, name, email });
      expect(Object.keys(res.json().data.fields).sort()).toEqual([
        'account',
        'email',
        'is_admin',
        'name',
        'password',
      ]);
    }
    const missing = await call(admin, 'POST', '/api/users', {}, 'zh-tw');
    expect(missing.json().data.fields).toMatchObject({
      account: '請輸入帳號',
      name: '請輸入名稱',
      role_id: '請選擇角色',
      password: '請輸入密碼',
    });
    // A non-administrator role needs an organisation; a password equal to the account is too weak.
    const noOrg = await call(admin, 'POST', '/api/users', {
      account: 'orgless',
      name: 'Orgless',
      role_id: roleId('organiser'),
      password: PASSWORD,
    });
    expect(noOrg.json().data.fields).toEqual({ organization_id: 'Please select an organisation' });
    const samePassword = await call(admin, 'POST', '/api/users', {
      account: 'samepass1',
      name: 'Same',
      role_id: roleId('administrator'),
      password: 'SamePass1',
    });
    expect(samePassword.json().data.fields.password).toBe(
      'The password needs at least 8 characters and must differ from the account',
    );
    const unknownRole = await call(admin, 'POST', '/api/users', {
      account: 'norole',
      name: 'No role',
      role_id: 9999,
      password: PASSWORD,
    });
    expect(unknownRole.json().data.fields).toEqual({ role_id: 'Not one of the allowed values' });
    const adminWithoutOrg = await createUser('second_admin', 'administrator');
    expect(adminWithoutOrg.organization_id).toBeNull();
  });

  it('refuses a duplicate account, ignoring letter case', async () => {
    await createUser('carol', 'door_staff');
    const dup = await call(
      admin,
      'POST',
      '/api/users',
      {
        account: 'Carol',
        name: 'Carol again',
        role_id: roleId('door_staff'),
        organization_id: org,
        password: PASSWORD,
      },
      'zh-tw',
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: ERRORS.ACCOUNT_TAKEN.code, message: '此帳號已被使用' });
  });

  it('updates a user and ends their sessions at once when disabled', async () => {
    const dave = await createUser('dave', 'door_staff');
    const token = await loginAs('dave');
    expect((await me(token)).statusCode).toBe(200);
    const renamed = await call(admin, 'PUT', `/api/users/${dave.id}`, {
      name: 'Dave D',
      email: 'dave@example.org',
      role_id: roleId('organiser'),
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Dave D', role_code: 'organiser', enabled: true });
    // The new role's permissions apply on the next request.
    expect((await me(token)).json().data.permissions).toContain('meeting:edit');

    const disabled = await call(admin, 'PUT', `/api/users/${dave.id}`, { enabled: false });
    expect(disabled.json().data.enabled).toBe(false);
    expect((await me(token)).statusCode).toBe(401);
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', dave.id)
      .execute();
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    const relogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        account: 'dave',
        password: PASSWORD,
        captcha_id: await ctx.captcha(),
        verify_code: CAPTCHA_ANSWER,
      },
    });
    expect(relogin.statusCode).toBe(401);

    await call(admin, 'PUT', `/api/users/${dave.id}`, { enabled: true });
    expect((await me(await loginAs('dave'))).statusCode).toBe(200);
    // Dropping the organisation of a non-administrator is refused.
    const orgless = await call(admin, 'PUT', `/api/users/${dave.id}`, { organization_id: null });
    expect(orgless.statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/api/users/9999', { name: 'x' })).statusCode).toBe(404);
  });

  it("resets a password and ends that user's sessions", async () => {
    const erin = await createUser('erin', 'door_staff');
    const token = await loginAs('erin');
    const reset = await call(admin, 'POST', `/api/users/${erin.id}/reset-password`, {
      password: 'New-pass-456',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        account: 'erin',
        password: PASSWORD,
        captcha_id: await ctx.captcha(),
        verify_code: CAPTCHA_ANSWER,
      },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await me(await loginAs('erin', 'New-pass-456'))).statusCode).toBe(200);
    const weak = await call(
      admin,
      'POST',
      `/api/users/${erin.id}/reset-password`,
      { password: 'short' },
      'zh-cn',
    );
    expect(weak.json().data.fields.password).toBe('密码至少 8 个字符，且不能与账号相同');
    const guessable = await call(
      admin,
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
      admin,
      'POST',
      '/api/users',
      { account: 'grace', name: 'Grace', role_id: roleId('administrator'), password: 'Winter2025?' },
      'en',
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().data.fields.password).toMatch(/easy to guess/);
  });

  it('refuses to disable or demote oneself, and protects the last enabled administrator', async () => {
    const adminId = (await me(admin)).json().data.id as number;
    for (const body of [{ enabled: false }, { role_id: roleId('organiser'), organization_id: org }]) {
      const res = await call(admin, 'PUT', `/api/users/${adminId}`, body, 'en');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: ERRORS.SELF_CHANGE_REFUSED.code,
        message: 'You cannot disable your own account or change your own role',
      });
    }
    // Renaming oneself is fine.
    expect((await call(admin, 'PUT', `/api/users/${adminId}`, { name: 'Chief' })).statusCode).toBe(200);

    // Only 'admin' remains an enabled administrator once the others are disabled.
    const admins = await ctx.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('users.id')
      .where('roles.is_admin', '=', 1)
      .where('users.id', '!=', adminId)
      .execute();
    for (const other of admins) {
      expect((await call(admin, 'PUT', `/api/users/${other.id}`, { enabled: false })).statusCode).toBe(200);
    }

    // A manager that is not an administrator (a custom role) must not remove the last administrator.
    // It is inserted directly: through the API a non-administrator role needs an organisation, and a
    // scoped manager cannot even see the administrator (404).
    const managerRole = await ctx.db
      .insertInto('roles')
      .values({
        name: 'User manager',
        code: null,
        is_admin: 0,
        permissions: JSON.stringify(['user:manage']),
        created_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const erinHash = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('account', '=', 'erin')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({
        account: 'manager',
        name: 'Manager',
        password_hash: erinHash.password_hash,
        role_id: managerRole.id,
        organization_id: null,
        enabled: 1,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .execute();
    const managerToken = await loginAs('manager', 'New-pass-456');
    for (const body of [{ enabled: false }, { role_id: roleId('organiser'), organization_id: org }]) {
      const res = await call(managerToken, 'PUT', `/api/users/${adminId}`, body, 'zh-tw');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: ERRORS.LAST_ADMINISTRATOR.code,
        message: '至少要保留一位啟用中的管理員',
      });
    }
    expect((await me(admin)).statusCode).toBe(200);
    // With a second enabled administrator the first may be disabled.
    const spare = await createUser('spare_admin', 'administrator');
    const off = await call(managerToken, 'PUT', `/api/users/${adminId}`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(401);
    await ctx.db.updateTable('users').set({ enabled: 1 }).where('id', '=', adminId).execute();
    admin = (await ctx.login(ADMIN)).access_token;
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
          organization_id: org,
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
      const anonymous = await ctx.app.inject({
        method,
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
    }
    for (const [method, url, payload] of routes) {
      expect((await call(admin, method, url, payload)).statusCode, `admin ${method} ${url}`).toBe(200);
    }
  });

  it('writes system-log entries for user changes without any password or email address', async () => {
    const before = (await ctx.db.selectFrom('system_logs').select('id').execute()).map((r) => r.id);
    const frank = await createUser('frank', 'door_staff', {
      password: 'Frank-secret-9',
      email: 'frank.old@example.org',
    });
    await call(admin, 'PUT', `/api/users/${frank.id}`, {
      name: 'Frank F',
      email: 'frank.new@example.org',
      enabled: false,
    });
    await call(admin, 'POST', `/api/users/${frank.id}/reset-password`, { password: 'Frank-secret-10' });
    const rows = await ctx.db
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
