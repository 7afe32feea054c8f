import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { DISPLAY_CONFIG_DEFAULTS } from '@meetflow/shared/display-text';
import { hashPassword } from '../src/core/password.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

const PASSWORD = 'Organiser-pass-1';

describe(`meeting display config (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let organiser: string;
  let doorStaff: string;
  let homeOrg: number;
  let childOrg: number;
  let otherOrg: number;

  async function insertOrganization(name: string, parentId: number | null): Promise<number> {
    const row = await ctx.db
      .insertInto('organizations')
      .values({ name, parent_id: parentId, created_at: ctx.now(), updated_at: ctx.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  let meetingSeq = 0;
  async function insertMeeting(organizationId: number, extra: { display_config?: string } = {}) {
    meetingSeq += 1;
    const row = await ctx.db
      .insertInto('meetings')
      .values({
        public_id: `pub-${meetingSeq}-${Math.random().toString(36).slice(2)}`,
        organization_id: organizationId,
        name: `會議 ${meetingSeq}`,
        name_cn: `会议 ${meetingSeq}`,
        name_en: `Meeting ${meetingSeq}`,
        start_at: ctx.now(),
        end_at: ctx.now() + 86_400_000,
        created_by: null,
        created_at: ctx.now(),
        updated_at: ctx.now(),
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function insertUser(account: string, roleCode: string, organizationId: number | null) {
    const role = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', roleCode)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({
        account,
        name: account,
        email: null,
        language: null,
        password_hash: await hashPassword(PASSWORD),
        role_id: Number(role.id),
        organization_id: organizationId,
        enabled: 1,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .execute();
    return (await ctx.login({ account, password: PASSWORD })).access_token;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    homeOrg = await insertOrganization('Home', null);
    childOrg = await insertOrganization('Child', homeOrg);
    otherOrg = await insertOrganization('Other', null);
    admin = (await ctx.login()).access_token;
    organiser = await insertUser('organiser1', 'organiser', homeOrg);
    doorStaff = await insertUser('door1', 'door_staff', homeOrg);
  });
  afterAll(() => ctx.close());

  const url = (id: number) => `/api/meetings/${id}/display-config`;
  const get = (id: number, token: string, language = 'en') =>
    ctx.app.inject({
      method: 'GET',
      url: url(id),
      headers: { ...bearer(token), 'accept-language': language },
    });
  const put = (id: number, token: string, payload: unknown, language = 'en') =>
    ctx.app.inject({
      method: 'PUT',
      url: url(id),
      headers: { ...bearer(token), 'accept-language': language },
      payload: payload as object,
    });

  it('answers the defaults for a new meeting', async () => {
    const id = await insertMeeting(homeOrg);
    const res = await get(id, organiser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'Success', data: DISPLAY_CONFIG_DEFAULTS });
  });

  it('stores and answers a full config, only in the display_config column, and logs the changed keys', async () => {
    const id = await insertMeeting(childOrg);
    const before = await ctx.db
      .selectFrom('meetings')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const longIntro = `${'歡迎參加本次會議。'.repeat(100)}END`;
    const config = {
      language_order: ['en', 'zh-tw', 'zh-cn'],
      theme_color: '#AA3300',
      schedule_text_color: '#222222',
      hint_text_color: '#888888',
      signup_title: '  年會報名  ',
      signup_title_cn: '年会报名',
      signup_title_en: 'Annual meeting sign-up',
      signup_intro: longIntro,
      checkin_hint_en: '',
      guest_info_title_en: 'Your guest code',
    };
    const res = await put(id, organiser, config);
    expect(res.statusCode).toBe(200);
    const expected = {
      language_order: ['en', 'zh-tw', 'zh-cn'],
      theme_color: '#aa3300',
      schedule_text_color: '#222222',
      hint_text_color: '#888888',
      default_area_code: null,
      signup_title: '年會報名',
      signup_title_cn: '年会报名',
      signup_title_en: 'Annual meeting sign-up',
      signup_intro: longIntro,
      guest_info_title_en: 'Your guest code',
    };
    expect(res.json().data).toEqual(expected);
    expect((await get(id, organiser)).json().data).toEqual(expected);

    const after = await ctx.db
      .selectFrom('meetings')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(after.display_config)).toEqual(expected);
    expect({ ...after, display_config: before.display_config }).toEqual(before);

    const log = await ctx.db
      .selectFrom('system_logs')
      .select(['content', 'action_type', 'source_type', 'username', 'ip'])
      .where('content', 'like', `%meeting #${id} %`)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action_type: 'update', source_type: 'admin', username: 'organiser1' });
    expect(log.ip).toBeTruthy();
    expect(log.content).toContain('language_order');
    expect(log.content).toContain('theme_color');
    expect(log.content).toContain('signup_intro');
    expect(log.content).not.toContain('checkin_hint_en');
    // Texts are named, never copied into the log.
    expect(log.content).not.toContain('歡迎參加');
    expect(log.content).not.toContain('Annual meeting');
  });

  it('resets omitted parts to their defaults on PUT (full replacement)', async () => {
    const id = await insertMeeting(homeOrg);
    await put(id, admin, { theme_color: '#000000', signup_button: 'Go' });
    const res = await put(id, admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(DISPLAY_CONFIG_DEFAULTS);
  });

  it('answers the defaults over a damaged stored value instead of failing', async () => {
    const corrupt = await insertMeeting(homeOrg, { display_config: '{not json' });
    expect((await get(corrupt, organiser)).json().data).toEqual(DISPLAY_CONFIG_DEFAULTS);
    const partly = await insertMeeting(homeOrg, {
      display_config: JSON.stringify({
        theme_color: 'blue',
        hint_text_color: '#123456',
        legacy: 1,
        checkin_title: 'X',
      }),
    });
    expect((await get(partly, organiser)).json().data).toEqual({
      ...DISPLAY_CONFIG_DEFAULTS,
      hint_text_color: '#123456',
      checkin_title: 'X',
    });
  });

  it('refuses invalid input with one message per field in each language', async () => {
    const id = await insertMeeting(homeOrg);
    const bad = {
      language_order: ['zh-tw', 'zh-tw', 'en'],
      theme_color: 'red',
      schedule_text_color: '#12345g',
      signup_intro_cn: 'x'.repeat(2001),
      banner_color: '#ffffff',
    };
    const expected = {
      en: {
        language_order:
          'The language order must name Traditional Chinese, Simplified Chinese and English once each',
        theme_color: 'Enter a colour as #RRGGBB',
        schedule_text_color: 'Enter a colour as #RRGGBB',
        signup_intro_cn: 'At most 2000 characters',
        banner_color: 'Unknown field',
      },
      'zh-tw': {
        language_order: '語言順序須包含繁體中文、簡體中文與英文各一次',
        theme_color: '請輸入 #RRGGBB 格式的顏色',
        schedule_text_color: '請輸入 #RRGGBB 格式的顏色',
        signup_intro_cn: '最多 2000 個字元',
        banner_color: '不允許的欄位',
      },
      'zh-cn': {
        language_order: '语言顺序须包含繁体中文、简体中文与英文各一次',
        theme_color: '请输入 #RRGGBB 格式的颜色',
        schedule_text_color: '请输入 #RRGGBB 格式的颜色',
        signup_intro_cn: '最多 2000 个字符',
        banner_color: '不允许的字段',
      },
    };
    for (const [language, fields] of Object.entries(expected)) {
      const res = await put(id, organiser, bad, language);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(res.json().data.fields).toEqual(fields);
    }
    const short = await put(id, organiser, { language_order: ['zh-tw', 'en'] });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().data.fields)).toEqual(['language_order']);
    const unknownLanguage = await put(id, organiser, { language_order: ['zh-tw', 'en', 'fr'] });
    expect(unknownLanguage.statusCode).toBe(400);
    expect(unknownLanguage.json().data.fields['language_order.2']).toBe('Not one of the allowed values');
    const notText = await put(id, organiser, { checkin_title: 5 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().data.fields).toHaveProperty('checkin_title');
    // Nothing was stored by the refused requests.
    expect((await get(id, organiser)).json().data).toEqual(DISPLAY_CONFIG_DEFAULTS);
  });

  it('answers 404 for a missing, deleted or out-of-scope meeting', async () => {
    const deleted = await insertMeeting(homeOrg);
    await ctx.db.updateTable('meetings').set({ deleted_at: ctx.now() }).where('id', '=', deleted).execute();
    const foreign = await insertMeeting(otherOrg);
    const cases: [number, string][] = [
      [999_999, admin],
      [deleted, admin],
      [deleted, organiser],
      [foreign, organiser],
      [foreign, doorStaff],
    ];
    for (const [id, token] of cases) {
      const read = await get(id, token);
      expect(read.statusCode).toBe(404);
      expect(read.json().code).toBe(ERRORS.NOT_FOUND.code);
      if (token !== doorStaff) {
        const write = await put(id, token, { theme_color: '#000000' });
        expect(write.statusCode).toBe(404);
      }
    }
    // The administrator (no organisation) sees every organisation's meeting.
    expect((await get(foreign, admin)).statusCode).toBe(200);
    const stored = await ctx.db
      .selectFrom('meetings')
      .select('display_config')
      .where('id', 'in', [deleted, foreign])
      .execute();
    expect(stored.map((r) => r.display_config)).toEqual(['{}', '{}']);
  });

  it('lets door staff read but not change the config, and refuses anonymous calls', async () => {
    const id = await insertMeeting(homeOrg);
    expect((await get(id, doorStaff)).statusCode).toBe(200);
    const write = await put(id, doorStaff, { theme_color: '#000000' });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe(ERRORS.FORBIDDEN.code);
    const anonymous = await ctx.app.inject({ method: 'GET', url: url(id) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const path = spec.paths['/api/meetings/{id}/display-config'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    expect(path.put.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'signup_title_en',
    );
  });

  it('refuses a malformed meeting id', async () => {
    const res = await get(0, admin);
    expect(res.statusCode).toBe(400);
    const text = await ctx.app.inject({
      method: 'GET',
      url: '/api/meetings/abc/display-config',
      headers: bearer(admin),
    });
    expect(text.statusCode).toBe(400);
  });
});
