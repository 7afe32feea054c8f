import { afterAll, beforeAll, expect } from 'vitest';
import { type AdminUser, type Role } from '@meetflow/shared/schemas/users';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const PASSWORD = 'Secret-pass-1';

/** The users files' world (call inside a describe): the built-in roles, one organisation, the admin API. */
export function usersFixture() {
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

  return {
    get ctx() {
      return ctx;
    },
    get admin() {
      return admin;
    },
    /** A test that logs the administrator out logs in again for the tests after it. */
    set admin(token: string) {
      admin = token;
    },
    get roles() {
      return roles;
    },
    get org() {
      return org;
    },
    call,
    roleId,
    createUser,
    loginAs,
    me,
  };
}
