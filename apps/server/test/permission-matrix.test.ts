import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { PERMISSIONS } from '@meetflow/shared/permissions';
import { routeAllows, routePermissions } from '../src/plugins/authorization.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const PASSWORD = 'Matrix-pass-123';

/**
 * Every protected route × every built-in role: a role without the route's permission gets 403, a role
 * with it gets past the check (the answer is then the route's own: 200, 400, 404…), and nobody gets
 * in without a token. Routes are read from the server itself, so a new route is covered the day it lands.
 */
describe(`permission matrix over every route (${TEST_DB})`, () => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const held: Record<string, readonly string[]> = {};
  /** API tokens: each role's own permissions in full, and a narrow one (issue 21). */
  const apiTokens: Record<string, { secret: string; permissions: readonly string[] }> = {};
  let otherOrganization: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = (await ctx.login()).access_token;
    const call = async (method: Method, url: string, payload?: unknown) =>
      (
        await ctx.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${admin}` },
          ...(payload === undefined ? {} : { payload: payload as object }),
        })
      ).json().data;
    const org = await call('POST', '/api/organizations', { name: 'Matrix' });
    otherOrganization = (await call('POST', '/api/organizations', { name: 'Elsewhere' })).id;
    const roles = (await call('GET', '/api/roles')) as { id: number; code: string; permissions: string[] }[];
    for (const role of roles) {
      held[role.code] = role.permissions;
      if (role.code === 'administrator') {
        tokens[role.code] = admin;
        continue;
      }
      await call('POST', '/api/users', {
        account: `matrix_${role.code}`,
        name: role.code,
        role_id: role.id,
        organization_id: org.id,
        password: PASSWORD,
      });
      tokens[role.code] = (
        await ctx.login({ account: `matrix_${role.code}`, password: PASSWORD })
      ).access_token;
    }
    const mint = async (role: string, permissions: readonly string[]) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: { authorization: `Bearer ${tokens[role]}` },
        payload: { name: `matrix ${role}`, permissions, expires_at: null },
      });
      if (res.statusCode !== 200) throw new Error(`token not created: ${res.body}`);
      return { secret: res.json().data.secret as string, permissions };
    };
    // Door staff cannot make tokens (no integration:manage); the other roles make one of everything they hold.
    for (const role of ['organiser', 'administrator']) apiTokens[role] = await mint(role, held[role]!);
    apiTokens['organiser: guest list only'] = await mint('organiser', ['guest:view']);
    // One of the two permissions the attendance export needs together, each without the other.
    apiTokens['organiser: records only'] = await mint('organiser', ['records:view']);
    apiTokens['organiser: guest export only'] = await mint('organiser', ['guest:export', 'guest:view']);
  });
  afterAll(() => ctx.close());

  const protectedRoutes = () =>
    ctx.app.routeAuthTable.filter(
      (r) => r.auth !== 'public' && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
  // Ids that exist nowhere: a route that lets the caller in answers 404 or 400, never changes data.
  const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999');

  it('knows the back-office routes and names a permission for each of them', () => {
    const byKey = new Map(protectedRoutes().map((r) => [`${r.method} ${r.url}`, r.auth]));
    expect(byKey.get('POST /api/meetings')).toBe('meeting:edit');
    expect(byKey.size).toBeGreaterThan(40);
    expect(byKey.get('GET /api/users')).toBe('user:manage');
    expect(byKey.get('POST /api/organizations/:id/move')).toBe('organization:edit');
    expect(byKey.get('PUT /api/meetings/:meetingId/schedule-map')).toBe('dictionary:edit');
    // The attendance file carries phone numbers: the records page's right and the guest export's.
    expect(byKey.get('GET /api/attendance/records/export')).toEqual({
      allOf: ['records:view', 'guest:export'],
    });
    // Evaluations decide certificates: the CME officer's permission, for reading and writing alike.
    for (const route of [
      'GET /api/meetings/:id/evaluations',
      'POST /api/meetings/:id/evaluations',
      'GET /api/evaluations/:id',
      'PUT /api/evaluations/:id',
      'DELETE /api/evaluations/:id',
    ])
      expect(byKey.get(route), route).toBe('certificate:manage');
    // Evaluation reports and who has not answered: the certificates' managers (issue 43).
    for (const url of ['report', 'report.xlsx', 'non-responders'])
      expect(byKey.get(`GET /api/evaluations/:id/${url}`), url).toBe('certificate:manage');
    // Door staff choose the session they scan from this list.
    expect(byKey.get('GET /api/meetings/:meetingId/schedules')).toEqual(['dictionary:view', 'records:scan']);
    // The CME record (issue 43): the certificate managers', within their organisation.
    for (const route of [
      'POST /api/organizations/:id/cme/link',
      'GET /api/organizations/:id/cme/people',
      'GET /api/cme/people/:id',
      'POST /api/cme/people/:id/merge',
      'POST /api/cme/people/:id/split',
      'GET /api/cme/people/:id/transcript.pdf',
      'GET /api/organizations/:id/cme/return-columns',
      'PUT /api/organizations/:id/cme/return-columns',
      'GET /api/organizations/:id/cme/return.xlsx',
    ])
      expect(byKey.get(route), route).toBe('certificate:manage');
    // A paid meeting's setup (issue 44): read by whoever follows payments, changed by their managers.
    for (const route of [
      'GET /api/meetings/:id/payment-settings',
      'GET /api/organizations/:id/payment-account',
      'GET /api/meetings/:id/prices',
      'GET /api/meetings/:id/discount-codes',
    ])
      expect(byKey.get(route), route).toEqual(['payment:view', 'payment:manage']);
    for (const route of [
      'PUT /api/meetings/:id/payment-settings',
      'PUT /api/organizations/:id/payment-account',
      'POST /api/meetings/:id/prices',
      'PUT /api/prices/:id',
      'DELETE /api/prices/:id',
      'POST /api/prices/:id/retire',
      'POST /api/meetings/:id/discount-codes',
      'PUT /api/discount-codes/:id',
      'DELETE /api/discount-codes/:id',
    ])
      expect(byKey.get(route), route).toBe('payment:manage');
    // Only the personal routes (me, password, logout) stop at "any logged-in user".
    // A token may not act on its owner's own account, nor manage accounts and tokens: of the
    // personal routes only GET /api/me is open to it.
    expect(
      protectedRoutes()
        .filter((r) => r.sessionOnly)
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual(
      expect.arrayContaining([
        'POST /api/api-tokens',
        'DELETE /api/api-tokens/:id',
        'POST /api/users',
        'PUT /api/users/:id',
        'POST /api/users/:id/reset-password',
        'PUT /api/me/profile',
      ]),
    );
    expect(
      protectedRoutes()
        .filter((r) => r.auth === 'user' && !r.sessionOnly)
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual(['GET /api/me']);
    const userOnly = protectedRoutes().filter((r) => r.auth === 'user');
    expect(userOnly.every((r) => /^\/api\/(me|logout)/.test(r.url))).toBe(true);
    expect(
      protectedRoutes().every(
        (r) =>
          r.auth === 'user' ||
          (routePermissions(r.auth).length > 0 &&
            routePermissions(r.auth).every((p) => (PERMISSIONS as readonly string[]).includes(p))),
      ),
    ).toBe(true);
  });

  it('refuses every protected route without a token', async () => {
    for (const route of protectedRoutes()) {
      const res = await ctx.app.inject({ method: route.method as Method, url: concrete(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it.each(['organiser', 'door_staff', 'administrator'])(
    'lets %s through exactly where its role allows',
    async (role) => {
      for (const route of protectedRoutes().filter((r) => r.auth !== 'user')) {
        const res = await ctx.app.inject({
          method: route.method as Method,
          url: concrete(route.url),
          headers: { authorization: `Bearer ${tokens[role]}` },
        });
        const label = `${role} ${route.method} ${route.url}`;
        if (routeAllows(held[role]!, route.auth)) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(403);
        }
      }
    },
  );

  it.each([
    'organiser',
    'administrator',
    'organiser: guest list only',
    'organiser: records only',
    'organiser: guest export only',
  ])('lets an API token of %s through exactly where its permissions allow', async (name) => {
    const { secret, permissions } = apiTokens[name]!;
    for (const route of protectedRoutes().filter((r) => r.auth !== 'user')) {
      const res = await ctx.app.inject({
        method: route.method as Method,
        url: concrete(route.url),
        headers: { authorization: `Bearer ${secret}` },
      });
      const label = `${name} ${route.method} ${route.url}`;
      if (route.sessionOnly) {
        // Accounts and tokens: a person at a session only, whatever the token holds.
        expect(res.statusCode, label).toBe(403);
        expect(res.json().code, label).toBe(ERRORS.SESSION_REQUIRED.code);
      } else if (routeAllows(permissions, route.auth)) {
        expect([401, 403], label).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, label).toBe(403);
      }
    }
  });

  it('refuses the attendance export to a token holding only one of its two permissions', async () => {
    for (const name of ['organiser: records only', 'organiser: guest export only']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/attendance/records/export?meeting_id=999999',
        headers: { authorization: `Bearer ${apiTokens[name]!.secret}` },
      });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code, name).toBe(ERRORS.FORBIDDEN.code);
    }
    const both = await ctx.app.inject({
      method: 'GET',
      url: '/api/attendance/records/export?meeting_id=999999',
      headers: { authorization: `Bearer ${apiTokens.organiser!.secret}` },
    });
    expect(both.statusCode).toBe(404);
  });

  // Holding dictionary:edit is not enough for every entry: global ones are the administrators',
  // and another organisation's are out of sight (404), whatever the route.
  it.each([
    ['/api/meeting-times', { start_time: '08:00', end_time: '09:00' }, true],
    ['/api/college-categories', { name: '內科', name_cn: '内科', name_en: 'Medicine' }, true],
    ['/api/dictionary-entries', { type: 'matrix', label: 'A', value: 'a' }, false],
  ] as const)(
    'keeps %s: global entries to administrators, owned ones to their subtree',
    async (base, body, owned) => {
      const as = (role: string, method: Method, url: string, payload?: object) =>
        ctx.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${tokens[role]}` },
          ...(payload ? { payload } : {}),
        });
      const entry = async (payload: object) => {
        const res = await as('administrator', 'POST', base, payload);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.id as number;
      };
      const global = await entry(body);
      const theirs = owned ? await entry({ ...body, organization_id: otherOrganization }) : null;
      const writes = protectedRoutes().filter((r) => r.url === `${base}/:id`);
      expect(writes.map((r) => r.method).sort()).toEqual(['DELETE', 'PUT']);
      for (const route of writes) {
        const payload = route.method === 'PUT' ? body : undefined;
        const label = `organiser ${route.method} ${route.url}`;
        const refused = await as('organiser', route.method as Method, `${base}/${global}`, payload);
        expect(refused.statusCode, label).toBe(403);
        expect(refused.json().code, label).toBe(ERRORS.GLOBAL_ENTRY_ADMIN_ONLY.code);
        if (theirs !== null) {
          const hidden = await as('organiser', route.method as Method, `${base}/${theirs}`, payload);
          expect(hidden.statusCode, label).toBe(404);
        }
      }
      expect((await as('administrator', 'PUT', `${base}/${global}`, body)).statusCode).toBe(200);
    },
  );
});
