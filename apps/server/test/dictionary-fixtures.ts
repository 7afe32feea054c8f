import { afterAll, beforeAll, expect } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { hashPassword } from '../src/core/password.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

/** Set-up shared by the data-dictionary files: one database per file, an administrator, direct inserts. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const LANGS = ['zh-tw', 'zh-cn', 'en'] as const;
export const PASSWORD = 'Secret-pass-1';

// Meeting dates are local days of the server (see dictionary-context.ts localDate).
export const DEC_1_0900 = new Date(2026, 11, 1, 9, 0).getTime();
export const DEC_3_1800 = new Date(2026, 11, 3, 18, 0).getTime();

/** Call inside a describe: opens its context before its tests and closes it after them. */
export function dictionaryFixture() {
  let ctx: TestContext;
  let admin: string;
  let passwordHash: string;
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await ctx.login()).access_token;
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: Method, url: string, payload?: unknown, lang = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function insertOrganization(name: string, parentId: number | null = null): Promise<number> {
    const now = Date.now();
    const row = await ctx.db
      .insertInto('organizations')
      .values({ name: `${name}-${++seq}`, parent_id: parentId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function insertMeeting(
    organizationId: number,
    options: { start?: number; end?: number; deleted?: boolean } = {},
  ): Promise<number> {
    const now = Date.now();
    const row = await ctx.db
      .insertInto('meetings')
      .values({
        public_id: `pub${++seq}x${Math.random().toString(36).slice(2, 10)}`,
        organization_id: organizationId,
        name: `會議 ${seq}`,
        name_cn: `会议 ${seq}`,
        name_en: `Meeting ${seq}`,
        start_at: options.start ?? DEC_1_0900,
        end_at: options.end ?? DEC_3_1800,
        created_at: now,
        updated_at: now,
        deleted_at: options.deleted ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function loginAs(roleCode: string, organizationId: number | null): Promise<string> {
    const role = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', roleCode)
      .executeTakeFirstOrThrow();
    const account = `${roleCode}_${++seq}`;
    const now = Date.now();
    await ctx.db
      .insertInto('users')
      .values({
        account,
        name: account,
        email: null,
        language: null,
        password_hash: passwordHash,
        role_id: role.id,
        organization_id: organizationId,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return (await ctx.login({ account, password: PASSWORD })).access_token;
  }

  const scheduleBody = (overrides: Record<string, unknown> = {}) => ({
    name: '開幕式',
    name_cn: '开幕式',
    name_en: 'Opening',
    signup_limit: 0,
    date: '2026-12-01',
    ...overrides,
  });

  async function createSchedule(meetingId: number, overrides: Record<string, unknown> = {}) {
    const res = await call(admin, 'POST', `/api/meetings/${meetingId}/schedules`, scheduleBody(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; signup_limit: number; meeting_time: unknown };
  }

  async function createUserType(meetingId: number, scheduleIds: number[]) {
    const res = await call(admin, 'POST', `/api/meetings/${meetingId}/user-types`, {
      name: '醫生',
      name_cn: '医生',
      name_en: 'Doctor',
      schedule_ids: scheduleIds,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; schedule_ids: number[] };
  }

  async function logCount(): Promise<number> {
    const row = await ctx.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action_type', 'in', ['create', 'update', 'delete'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function fieldsIn(method: Method, url: string, payload: unknown) {
    const result: Record<string, Record<string, string>> = {};
    for (const lang of LANGS) {
      const res = await call(admin, method, url, payload, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
      result[lang] = res.json().data.fields;
    }
    return result;
  }

  return {
    get ctx() {
      return ctx;
    },
    get admin() {
      return admin;
    },
    call,
    insertOrganization,
    insertMeeting,
    loginAs,
    scheduleBody,
    createSchedule,
    createUserType,
    logCount,
    fieldsIn,
  };
}
