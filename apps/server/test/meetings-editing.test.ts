import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { HOUR, meetingsFixture, T0 } from './meeting-fixtures.ts';
import { TEST_DB } from './helpers.ts';

describe(`meetings: editing and validation (${TEST_DB})`, () => {
  const w = meetingsFixture();
  const { body, api } = w;

  it('creates, reads, updates and soft-deletes a meeting, logging each mutation', async () => {
    const created = await api(
      'POST',
      '/api/meetings',
      w.admin,
      body({
        schedule_file_id: w.pdfId,
        guide_file_id: w.pdfId,
        registration_limit: 200,
        registration_deadline: T0,
      }),
    );
    expect(created.statusCode).toBe(200);
    const meeting = created.json().data;
    expect(meeting).toMatchObject({
      organization_id: w.orgs.macao,
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
      banner_file_id: w.banner,
      schedule_file_id: w.pdfId,
      guide_file_id: w.pdfId,
      signup_count: 0,
      checkin_count: 0,
    });
    // 128 bits, URL-safe, not the sequential id.
    expect(meeting.public_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const read = await api('GET', `/api/meetings/${meeting.id}`, w.admin);
    expect(read.json().data).toEqual(meeting);

    const updated = await api(
      'PUT',
      `/api/meetings/${meeting.id}`,
      w.admin,
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
    const stored = await w.ctx.db
      .selectFrom('meetings')
      .select(['multi_language', 'signup_enabled'])
      .where('id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect({ ...stored }).toEqual({ multi_language: 0, signup_enabled: 0 });

    const deleted = await api('DELETE', `/api/meetings/${meeting.id}`, w.admin);
    expect(deleted.statusCode).toBe(200);
    // The row is kept, hidden from the list, and answers 404 afterwards.
    const row = await w.ctx.db
      .selectFrom('meetings')
      .select(['deleted_at'])
      .where('id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await api('GET', `/api/meetings/${meeting.id}`, w.admin)).statusCode).toBe(404);
    expect((await api('PUT', `/api/meetings/${meeting.id}`, w.admin, body())).statusCode).toBe(404);
    expect((await api('DELETE', `/api/meetings/${meeting.id}`, w.admin)).statusCode).toBe(404);
    const list = await api('GET', '/api/meetings?page_size=100', w.admin);
    expect(list.json().data.items.map((m: { id: number }) => m.id)).not.toContain(meeting.id);

    const logs = await w.ctx.db
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
    const res = await api('POST', '/api/meetings', w.admin, {}, lang);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERRORS.VALIDATION_FAILED.code, data: { fields } });
    const blank = await api(
      'POST',
      '/api/meetings',
      w.admin,
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
        { banner_file_id: w.pdfId },
        { banner_file_id: 'The banner must be an uploaded JPEG, PNG or WebP image' },
      ],
      [{ schedule_file_id: w.banner }, { schedule_file_id: 'This must be an uploaded PDF file' }],
      [{ guide_file_id: '../../etc/passwd' }, { guide_file_id: 'This must be an uploaded PDF file' }],
    ];
    for (const [overrides, fields] of cases) {
      const res = await api('POST', '/api/meetings', w.admin, body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().data.fields).toEqual(fields);
    }
    const zh = await api('POST', '/api/meetings', w.admin, body({ end_at: T0 - 1 }), 'zh-tw');
    expect(zh.json().data.fields.end_at).toBe('結束時間必須晚於開始時間');
  });

  it('documents the meeting and file routes in the OpenAPI document', async () => {
    const spec = (await w.ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths['/api/meetings'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(spec.paths['/api/meetings/{id}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(spec.paths['/api/files']).toHaveProperty('post');
    expect(spec.paths['/api/files/{id}']).toHaveProperty('get');
  });
});
