import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { PERMISSIONS } from '@meetflow/shared/permissions';
import { type AdminUser } from '@meetflow/shared/schemas/users';
import { CAPTCHA_ANSWER, TEST_DB } from './helpers.ts';
import { PASSWORD, usersFixture } from './users-fixtures.ts';

describe(`users and roles: accounts and roles (${TEST_DB})`, () => {
  const w = usersFixture();
  const { call, roleId, createUser, loginAs, me } = w;

  it('lists the built-in roles with their permissions', () => {
    expect(w.roles.map((r) => r.code)).toEqual(['administrator', 'organiser', 'door_staff']);
    expect(w.roles[0]).toMatchObject({ is_admin: true, permissions: [...PERMISSIONS] });
    const organiser = w.roles[1]!.permissions;
    expect(organiser).toEqual(
      expect.arrayContaining(['meeting:edit', 'guest:export', 'organization:view', 'organization:edit']),
    );
    expect(organiser).not.toContain('user:manage');
    expect(organiser).not.toContain('log:view');
    expect(organiser).toEqual(expect.arrayContaining(['payment:view', 'payment:manage', 'payment:desk']));
    expect(organiser).toEqual(
      expect.arrayContaining(['guest:approve', 'invitation:manage', 'member:manage', 'guest:walk_in']),
    );
    // Door staff: scan, view records, take a payment at the desk and register a walk-in (whose data
    // they type themselves); nothing that exposes other guests' personal data, exports, or the orders.
    expect([...w.roles[2]!.permissions].sort()).toEqual([
      'guest:walk_in',
      'meeting:view',
      'payment:desk',
      'records:scan',
      'records:view',
    ]);
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
      organization_id: w.org,
      organization_name: 'Users Org',
    });
    expect(created).not.toHaveProperty('password_hash');
    await createUser('bob_99', 'door_staff');
    await createUser('ALICE-2', 'door_staff', { name: 'Second 100%' });
    // The new user can log in with the password they were given.
    expect((await me(await loginAs('alice.w'))).statusCode).toBe(200);

    const page1 = await call(w.admin, 'GET', '/api/users?page=1&page_size=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data).toMatchObject({ page: 1, page_size: 2, total: 4 });
    expect(page1.json().data.items.map((u: AdminUser) => u.account)).toEqual(['admin', 'alice.w']);
    const page2 = await call(w.admin, 'GET', '/api/users?page=2&page_size=2');
    expect(page2.json().data.items.map((u: AdminUser) => u.account)).toEqual(['bob_99', 'ALICE-2']);
    expect(page2.json().data.items[0]).toMatchObject({
      role_name: 'Door staff',
      organization_name: 'Users Org',
    });

    const byAccount = await call(w.admin, 'GET', '/api/users?keyword=alice');
    expect(byAccount.json().data.items.map((u: AdminUser) => u.account)).toEqual(['alice.w', 'ALICE-2']);
    const byName = await call(w.admin, 'GET', `/api/users?keyword=${encodeURIComponent('100%')}`);
    expect(byName.json().data.items.map((u: AdminUser) => u.account)).toEqual(['ALICE-2']);
    const percentOnly = await call(w.admin, 'GET', `/api/users?keyword=${encodeURIComponent('%')}`);
    expect(percentOnly.json().data.total).toBe(1);
    const tooBig = await call(w.admin, 'GET', '/api/users?page_size=101');
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
      const res = await call(w.admin, 'POST', '/api/users', bad, lang);
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
    const missing = await call(w.admin, 'POST', '/api/users', {}, 'zh-tw');
    expect(missing.json().data.fields).toMatchObject({
      account: '請輸入帳號',
      name: '請輸入名稱',
      role_id: '請選擇角色',
      password: '請輸入密碼',
    });
    // A non-administrator role needs an organisation; a password equal to the account is too weak.
    const noOrg = await call(w.admin, 'POST', '/api/users', {
      account: 'orgless',
      name: 'Orgless',
      role_id: roleId('organiser'),
      password: PASSWORD,
    });
    expect(noOrg.json().data.fields).toEqual({ organization_id: 'Please select an organisation' });
    const samePassword = await call(w.admin, 'POST', '/api/users', {
      account: 'samepass1',
      name: 'Same',
      role_id: roleId('administrator'),
      password: 'SamePass1',
    });
    expect(samePassword.json().data.fields.password).toBe(
      'The password needs at least 8 characters and must differ from the account',
    );
    const unknownRole = await call(w.admin, 'POST', '/api/users', {
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
      w.admin,
      'POST',
      '/api/users',
      {
        account: 'Carol',
        name: 'Carol again',
        role_id: roleId('door_staff'),
        organization_id: w.org,
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
    const renamed = await call(w.admin, 'PUT', `/api/users/${dave.id}`, {
      name: 'Dave D',
      email: 'dave@example.org',
      role_id: roleId('organiser'),
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Dave D', role_code: 'organiser', enabled: true });
    // The new role's permissions apply on the next request.
    expect((await me(token)).json().data.permissions).toContain('meeting:edit');

    const disabled = await call(w.admin, 'PUT', `/api/users/${dave.id}`, { enabled: false });
    expect(disabled.json().data.enabled).toBe(false);
    expect((await me(token)).statusCode).toBe(401);
    const sessions = await w.ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', dave.id)
      .execute();
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    const relogin = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        account: 'dave',
        password: PASSWORD,
        captcha_id: await w.ctx.captcha(),
        verify_code: CAPTCHA_ANSWER,
      },
    });
    expect(relogin.statusCode).toBe(401);

    await call(w.admin, 'PUT', `/api/users/${dave.id}`, { enabled: true });
    expect((await me(await loginAs('dave'))).statusCode).toBe(200);
    // Dropping the organisation of a non-administrator is refused.
    const orgless = await call(w.admin, 'PUT', `/api/users/${dave.id}`, { organization_id: null });
    expect(orgless.statusCode).toBe(400);
    expect((await call(w.admin, 'PUT', '/api/users/9999', { name: 'x' })).statusCode).toBe(404);
  });
});
