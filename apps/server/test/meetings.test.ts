import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { hashPassword } from '../src/modules/auth/password.ts';
import { pdf, png } from './file-fixtures.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2027, 0, 10, 1, 0, 0);

describe(`meetings (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let organiser: string;
  let door: string;
  let banner: string;
  let pdfId: string;
  const orgs = { root: 0, macao: 0, macaoChild: 0, taiwan: 0 };

  async function addOrg(name: string, parentId: number | null): Promise<number> {
    const row = await ctx.db
      .insertInto('organizations')
      .values({ name, parent_id: parentId, created_at: ctx.now(), updated_at: ctx.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function addUser(account: string, roleCode: string, organizationId: number | null): Promise<string> {
    const role = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', roleCode)
      .executeTakeFirstOrThrow();
    const password = `${account}-Pass-123`;
    await ctx.db
      .insertInto('users')
      .values({
        account,
        name: account,
        password_hash: await hashPassword(password),
        role_id: role.id,
        organization_id: organizationId,
        enabled: 1,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .execute();
    return (await ctx.login({ account, password })).access_token;
  }

  async function uploadFile(kind: 'banner' | 'pdf', bytes: Buffer): Promise<string> {
    const boundary = 'mfboundary1234';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
      payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as string;
  }

  const body = (overrides: Record<string, unknown> = {}) => ({
    organization_id: orgs.macao,
    name: '年會',
    name_cn: '年会',
    name_en: 'Annual congress',
    location: '澳門',
    start_at: T0,
    end_at: T0 + 8 * HOUR,
    meeting_type: 'general',
    banner_file_id: banner,
    ...overrides,
  });

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
    lang = 'en',
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    // The date filter counts days in the server's zone, whatever the machine's.
    ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau' });
    admin = (await ctx.login()).access_token;
    orgs.root = await addOrg('Root', null);
    orgs.macao = await addOrg('Macao college', orgs.root);
    orgs.macaoChild = await addOrg('Macao nursing', orgs.macao);
    orgs.taiwan = await addOrg('Taiwan college', orgs.root);
    organiser = await addUser('macao_org', 'organiser', orgs.macao);
    door = await addUser('door', 'door_staff', orgs.macao);
    banner = await uploadFile('banner', png(1600, 600));
    pdfId = await uploadFile('pdf', pdf());
  });
  afterAll(() => ctx.close());

  it('creates, reads, updates and soft-deletes a meeting, logging each mutation', async () => {
    const created = await api(
      'POST',
      '/api/meetings',
      admin,
      body({
        schedule_file_id: pdfId,
        guide_file_id: pdfId,
        registration_limit: 200,
        registration_deadline: T0,
      }),
    );
    expect(created.statusCode).toBe(200);
    const meeting = created.json().data;
    expect(meeting).toMatchObject({
      organization_id: orgs.macao,
      organization_name: 'Macao college',
      name: '年會',
      name_cn: '年会',
      name_en: 'Annual congress',
      location: '澳門',
      location_cn: '',
      location_en: '',
      start_at: T0,
      end_at: T0 + 8 * HOUR,
      registration_limit: 200,
      registration_deadline: T0,
      multi_language: true,
      signup_enabled: true,
      meeting_type: 'general',
      banner_file_id: banner,
      schedule_file_id: pdfId,
      guide_file_id: pdfId,
      signup_count: 0,
      checkin_count: 0,
    });
    // 128 bits, URL-safe, not the sequential id.
    expect(meeting.public_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const read = await api('GET', `/api/meetings/${meeting.id}`, admin);
    expect(read.json().data).toEqual(meeting);

    const updated = await api(
      'PUT',
      `/api/meetings/${meeting.id}`,
      admin,
      body({
        name_en: 'Annual congress 2027',
        multi_language: false,
        signup_enabled: false,
        meeting_type: 'date_schedule',
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      id: meeting.id,
      public_id: meeting.public_id,
      name_en: 'Annual congress 2027',
      multi_language: false,
      signup_enabled: false,
      meeting_type: 'date_schedule',
      schedule_file_id: null,
      registration_limit: 0,
    });
    const stored = await ctx.db
      .selectFrom('meetings')
      .select(['multi_language', 'signup_enabled'])
      .where('id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect({ ...stored }).toEqual({ multi_language: 0, signup_enabled: 0 });

    const deleted = await api('DELETE', `/api/meetings/${meeting.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    // The row is kept, hidden from the list, and answers 404 afterwards.
    const row = await ctx.db
      .selectFrom('meetings')
      .select(['deleted_at'])
      .where('id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await api('GET', `/api/meetings/${meeting.id}`, admin)).statusCode).toBe(404);
    expect((await api('PUT', `/api/meetings/${meeting.id}`, admin, body())).statusCode).toBe(404);
    expect((await api('DELETE', `/api/meetings/${meeting.id}`, admin)).statusCode).toBe(404);
    const list = await api('GET', '/api/meetings?page_size=100', admin);
    expect(list.json().data.items.map((m: { id: number }) => m.id)).not.toContain(meeting.id);

    const logs = await ctx.db
      .selectFrom('system_logs')
      .select(['action_type', 'content', 'username', 'source_type'])
      .where('content', 'like', `%meeting #${meeting.id} %`)
      .execute();
    expect(logs.map((l) => l.action_type).sort()).toEqual(['create', 'delete', 'update']);
    expect(logs.every((l) => l.username === 'admin' && l.source_type === 'admin')).toBe(true);
  });

  it.each([
    [
      'en',
      {
        organization_id: 'Please select an organisation',
        name: 'Please enter the meeting name (Traditional Chinese)',
        name_cn: 'Please enter the meeting name (Simplified Chinese)',
        name_en: 'Please enter the meeting name (English)',
        start_at: 'Please select the meeting time',
        end_at: 'Please select the meeting time',
        meeting_type: 'Please select the meeting type',
        banner_file_id: 'Please upload the banner',
      },
    ],
    [
      'zh-tw',
      {
        organization_id: '請選擇組織',
        name: '請輸入會議名稱（繁體中文）',
        name_cn: '請輸入會議名稱（簡體中文）',
        name_en: '請輸入會議名稱（英文）',
        start_at: '請選擇會議時間',
        end_at: '請選擇會議時間',
        meeting_type: '請選擇會議類型',
        banner_file_id: '請上傳橫幅圖片',
      },
    ],
    [
      'zh-cn',
      {
        organization_id: '请选择组织',
        name: '请输入会议名称（繁体中文）',
        name_cn: '请输入会议名称（简体中文）',
        name_en: '请输入会议名称（英文）',
        start_at: '请选择会议时间',
        end_at: '请选择会议时间',
        meeting_type: '请选择会议类型',
        banner_file_id: '请上传横幅图片',
      },
    ],
  ])('answers the spec’s required-field messages in %s', async (lang, fields) => {
    const res = await api('POST', '/api/meetings', admin, {}, lang);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code, data: { fields } });
    const blank = await api(
      'POST',
      '/api/meetings',
      admin,
      body({ name: '  ', name_cn: '', banner_file_id: '' }),
      lang,
    );
    expect(blank.json().data.fields).toEqual({
      name: fields.name,
      name_cn: fields.name_cn,
      banner_file_id: fields.banner_file_id,
    });
  });

  it('checks times, limits, deadline, unknown fields and file references', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ end_at: T0 }, { end_at: 'The end time must be after the start time' }],
      [
        { registration_deadline: T0 + 9 * HOUR },
        { registration_deadline: 'The registration deadline cannot be after the end of the meeting' },
      ],
      [{ registration_limit: -1 }, { registration_limit: 'Must be at least 0' }],
      [{ registration_limit: 1.5 }, { registration_limit: expect.any(String) }],
      [{ meeting_type: 'webinar' }, { meeting_type: 'Not one of the allowed values' }],
      [{ is_admin: true }, { is_admin: 'Unknown field' }],
      [
        { banner_file_id: 'f'.repeat(64) },
        { banner_file_id: 'The banner must be an uploaded JPEG, PNG or WebP image' },
      ],
      [
        { banner_file_id: pdfId },
        { banner_file_id: 'The banner must be an uploaded JPEG, PNG or WebP image' },
      ],
      [{ schedule_file_id: banner }, { schedule_file_id: 'This must be an uploaded PDF file' }],
      [{ guide_file_id: '../../etc/passwd' }, { guide_file_id: 'This must be an uploaded PDF file' }],
    ];
    for (const [overrides, fields] of cases) {
      const res = await api('POST', '/api/meetings', admin, body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().data.fields).toEqual(fields);
    }
    const zh = await api('POST', '/api/meetings', admin, body({ end_at: T0 - 1 }), 'zh-tw');
    expect(zh.json().data.fields.end_at).toBe('結束時間必須晚於開始時間');
  });

  it('documents the meeting and file routes in the OpenAPI document', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/meetings'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(spec.paths['/api/meetings/{id}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(spec.paths['/api/files']).toHaveProperty('post');
    expect(spec.paths['/api/files/{id}']).toHaveProperty('get');
  });

  describe('list', () => {
    const ids: number[] = [];
    beforeAll(async () => {
      // Six meetings a day apart: three in Macao, one in its sub-organisation, two in Taiwan.
      const plan = [
        { organization_id: orgs.macao, name_en: 'Cardiology forum' },
        { organization_id: orgs.macao, name_en: 'Nursing 100% day' },
        { organization_id: orgs.macaoChild, name_en: 'Nursing workshop' },
        { organization_id: orgs.taiwan, name_en: 'Taipei summit' },
        { organization_id: orgs.macao, name_en: 'Annual dinner' },
        { organization_id: orgs.taiwan, name_en: 'Taichung clinic day' },
      ];
      for (const [index, item] of plan.entries()) {
        ctx.advance(1000);
        const start = T0 + (index + 1) * 24 * HOUR;
        const res = await api(
          'POST',
          '/api/meetings',
          admin,
          body({ ...item, name: `會議${index}`, start_at: start, end_at: start + HOUR }),
        );
        expect(res.statusCode).toBe(200);
        ids.push(res.json().data.id);
      }
      await ctx.db.updateTable('meetings').set({ registered_count: 7 }).where('id', '=', ids[0]!).execute();
    });

    const list = async (query: string, token = admin) => {
      const res = await api('GET', `/api/meetings?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        items: { id: number; name_en: string; signup_count: number }[];
        total: number;
      };
    };

    it('paginates on the server with a default of 10 and a maximum page size of 100', async () => {
      const first = await list('page=1&page_size=4&sort_by=start_at&sort_order=asc');
      expect(first.total).toBe(6);
      expect(first.items.map((m) => m.id)).toEqual(ids.slice(0, 4));
      const second = await list('page=2&page_size=4&sort_by=start_at&sort_order=asc');
      expect(second.items.map((m) => m.id)).toEqual(ids.slice(4));
      const beyond = await list('page=3&page_size=4');
      expect(beyond).toMatchObject({ items: [], total: 6 });
      const defaults = await api('GET', '/api/meetings', admin);
      expect(defaults.json().data).toMatchObject({ page: 1, page_size: 10 });
      const tooBig = await api('GET', '/api/meetings?page_size=101', admin);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().data.fields.page_size).toBe('Must be at most 100');
      expect((await api('GET', '/api/meetings?sort_by=password', admin)).statusCode).toBe(400);
      expect((await api('GET', '/api/meetings?page=0', admin)).statusCode).toBe(400);
    });

    it('sorts by start time, creation time and name in the request language', async () => {
      expect((await list('sort_by=start_at&sort_order=desc')).items.map((m) => m.id)).toEqual(
        [...ids].reverse(),
      );
      expect((await list('sort_by=created_at&sort_order=asc')).items.map((m) => m.id)).toEqual(ids);
      const byName = await api('GET', '/api/meetings?sort_by=name&sort_order=asc', admin, undefined, 'en');
      const names = byName.json().data.items.map((m: { name_en: string }) => m.name_en);
      expect(names).toEqual([...names].sort());
      expect(names[0]).toBe('Annual dinner');
    });

    it('filters by organisation subtree, date range and keyword (wildcards literal)', async () => {
      const macao = await list(`organization_id=${orgs.macao}&sort_by=start_at&sort_order=asc`);
      expect(macao.items.map((m) => m.id)).toEqual([ids[0], ids[1], ids[2], ids[4]]);
      const child = await list(`organization_id=${orgs.macaoChild}`);
      expect(child.items.map((m) => m.id)).toEqual([ids[2]]);
      // The meetings are held 9:00–10:00 in Macao on 11, 12, … January 2027.
      const range = await list('date_from=2027-01-12&date_to=2027-01-14&sort_by=start_at&sort_order=asc');
      expect(range.items.map((m) => m.id)).toEqual([ids[1], ids[2], ids[3]]);
      expect((await list('keyword=nursing')).items.map((m) => m.id).sort()).toEqual([ids[1], ids[2]].sort());
      expect((await list('keyword=100%25')).items.map((m) => m.id)).toEqual([ids[1]]);
      expect((await list('keyword=%25')).items.map((m) => m.id)).toEqual([ids[1]]);
      expect((await list('keyword=會議3')).items.map((m) => m.id)).toEqual([ids[3]]);
    });

    it('matches the meetings held on any day of the range, in the server time zone', async () => {
      const held = async (start: string, end: string) => {
        const res = await api(
          'POST',
          '/api/meetings',
          admin,
          body({ start_at: Date.parse(start), end_at: Date.parse(end) }),
        );
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.id as number;
      };
      // Begun days before the range and still running on its first day (00:30 on 12 January in Macao).
      const running = await held('2027-01-08T09:00:00+08:00', '2027-01-12T00:30:00+08:00');
      // Over at 23:30 the day before the range (12 January already in UTC).
      const over = await held('2027-01-08T09:00:00+08:00', '2027-01-11T23:30:00+08:00');
      // Spans the whole range and beyond it.
      const spanning = await held('2027-01-01T09:00:00+08:00', '2027-01-31T18:00:00+08:00');
      try {
        const range = await list('date_from=2027-01-12&date_to=2027-01-12&page_size=100');
        expect(range.items.map((m) => m.id).sort()).toEqual([ids[1], running, spanning].sort());
        const from = await list('date_from=2027-01-15&page_size=100');
        expect(from.items.map((m) => m.id).sort()).toEqual([ids[4], ids[5], spanning].sort());
        const to = await list('date_to=2027-01-11&page_size=100');
        expect(to.items.map((m) => m.id).sort()).toEqual([ids[0], running, over, spanning].sort());
        for (const query of ['date_from=2027-02-30', 'date_to=12/01/2027', 'start_from=0']) {
          expect((await api('GET', `/api/meetings?${query}`, admin)).statusCode, query).toBe(400);
        }
      } finally {
        for (const id of [running, over, spanning]) await api('DELETE', `/api/meetings/${id}`, admin);
      }
    });

    it('answers sign-up and check-in counts with each row', async () => {
      const rows = (await list(`organization_id=${orgs.macao}&sort_by=start_at&sort_order=asc`)).items;
      expect(rows[0]).toMatchObject({ signup_count: 7, checkin_count: 0 });
      expect(rows[1]).toMatchObject({ signup_count: 0, checkin_count: 0 });
    });

    it('scopes an organiser to their organisation subtree, answering 404 for the rest', async () => {
      const own = await list('page_size=100', organiser);
      expect(own.items.map((m) => m.id).sort()).toEqual([ids[0], ids[1], ids[2], ids[4]].sort());
      expect((await list(`organization_id=${orgs.taiwan}`, organiser)).total).toBe(0);
      expect((await list(`organization_id=${orgs.macaoChild}`, organiser)).total).toBe(1);

      const foreign = ids[3]!;
      expect((await api('GET', `/api/meetings/${foreign}`, organiser)).statusCode).toBe(404);
      expect((await api('PUT', `/api/meetings/${foreign}`, organiser, body())).statusCode).toBe(404);
      expect((await api('DELETE', `/api/meetings/${foreign}`, organiser)).statusCode).toBe(404);
      const intoForeign = await api(
        'POST',
        '/api/meetings',
        organiser,
        body({ organization_id: orgs.taiwan }),
      );
      expect(intoForeign.statusCode).toBe(404);
      const moveOut = await api(
        'PUT',
        `/api/meetings/${ids[0]}`,
        organiser,
        body({ organization_id: orgs.taiwan }),
      );
      expect(moveOut.statusCode).toBe(404);
      const stillThere = await api('GET', `/api/meetings/${foreign}`, admin);
      expect(stillThere.statusCode).toBe(200);

      // Inside the subtree the organiser may create and edit.
      const mine = await api('POST', '/api/meetings', organiser, body({ organization_id: orgs.macaoChild }));
      expect(mine.statusCode).toBe(200);
      const edit = await api(
        'PUT',
        `/api/meetings/${ids[0]}`,
        organiser,
        body({ name_en: 'Cardiology forum II' }),
      );
      expect(edit.json().data.name_en).toBe('Cardiology forum II');
      expect((await api('DELETE', `/api/meetings/${mine.json().data.id}`, organiser)).statusCode).toBe(200);
    });

    it('lets door staff view but not change meetings, and refuses anonymous calls', async () => {
      expect((await api('GET', '/api/meetings', door)).statusCode).toBe(200);
      expect((await api('GET', `/api/meetings/${ids[0]}`, door)).statusCode).toBe(200);
      expect((await api('POST', '/api/meetings', door, body())).statusCode).toBe(403);
      expect((await api('PUT', `/api/meetings/${ids[0]}`, door, body())).statusCode).toBe(403);
      expect((await api('DELETE', `/api/meetings/${ids[0]}`, door)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/meetings' })).statusCode).toBe(401);
    });
  });
});
