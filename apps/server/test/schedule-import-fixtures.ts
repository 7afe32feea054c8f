import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ScheduleImportPreview, ScheduleImportResult } from '@meetflow/shared/schemas/imports';
import { hashPassword } from '../src/core/password.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

/*
 * The schedule workbook import of a date-schedule meeting: template, upload with preview, apply
 * whole or not at all. Meeting days are local days of Asia/Macau: 2026-12-01 to 2026-12-03.
 */

const START = Date.UTC(2026, 11, 1, 1, 0); // 09:00 in Macao
const END = Date.UTC(2026, 11, 3, 10, 0); // 18:00 in Macao
const PASSWORD = 'Schedule-pass-123';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number;
type Sheets = Record<string, Cell[][]>;

export const EN = {
  sessions: 'Sessions',
  types: 'Registration types',
  categories: 'College categories',
  date: 'Date',
  slot: 'Time slot',
  name: 'Name (Traditional Chinese)',
  nameCn: 'Name (Simplified Chinese)',
  nameEn: 'Name (English)',
  limit: 'Sign-up limit (0 = none)',
  allowed: 'Sessions allowed',
};
export const ZH_CN: typeof EN = {
  sessions: '日程',
  types: '报名类型',
  categories: '专科学院类别',
  date: '日期',
  slot: '时段',
  name: '名称（繁体中文）',
  nameCn: '名称（简体中文）',
  nameEn: '名称（英文）',
  limit: '报名人数上限（0 为不限）',
  allowed: '可报名日程',
};
export const SESSION_HEADERS = [EN.date, EN.slot, EN.name, EN.nameCn, EN.nameEn, EN.limit];
export const TYPE_HEADERS = [EN.name, EN.nameCn, EN.nameEn, EN.allowed];
export const CATEGORY_HEADERS = [EN.name, EN.nameCn, EN.nameEn];

export async function xlsx(sheets: Sheets): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart body with the file in the `file` field (or only a stray text field). */
function multipart(file?: { name: string; bytes: Buffer }) {
  const boundary = 'mfScheduleImportBoundary';
  const parts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      ]
    : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n`)];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The world of the schedule import tests: organisations, users of each role, time slots and
 * categories, made once per file, and the requests the tests make. Call it inside the describe.
 */
export function scheduleImportSuite() {
  let ctx: TestContext;
  let admin: string;
  let organiser: string;
  let door: string;
  let viewer: string;
  const orgs = { root: 0, macao: 0, taiwan: 0 };
  const slots = { morning: 0, macao: 0, root: 0, taiwan: 0 };
  const categories = { global: 0, macao: 0, taiwan: 0 };
  let seq = 0;

  async function addOrg(name: string, parentId: number | null) {
    const row = await ctx.db
      .insertInto('organizations')
      .values({ name, parent_id: parentId, created_at: ctx.now(), updated_at: ctx.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function addUser(roleCode: string, organizationId: number | null) {
    const role = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', roleCode)
      .executeTakeFirstOrThrow();
    const account = `${roleCode}_${++seq}`;
    await ctx.db
      .insertInto('users')
      .values({
        account,
        name: account,
        password_hash: await hashPassword(PASSWORD),
        role_id: role.id,
        organization_id: organizationId,
        enabled: 1,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .execute();
    return (await ctx.login({ account, password: PASSWORD })).access_token;
  }

  async function addMeeting(organizationId: number, type: 'general' | 'date_schedule' = 'date_schedule') {
    const row = await ctx.db
      .insertInto('meetings')
      .values({
        public_id: `sched${++seq}x${Math.random().toString(36).slice(2, 10)}`,
        organization_id: organizationId,
        meeting_type: type,
        name: `會議 ${seq}`,
        name_cn: `会议 ${seq}`,
        name_en: `Meeting ${seq}`,
        start_at: START,
        end_at: END,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function addSlot(organizationId: number | null, start: string, end: string, remark = '') {
    const row = await ctx.db
      .insertInto('meeting_times')
      .values({
        organization_id: organizationId,
        start_time: start,
        end_time: end,
        remark,
        remark_cn: remark,
        remark_en: remark,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function addCategory(organizationId: number | null, name: string, nameCn: string, nameEn: string) {
    const row = await ctx.db
      .insertInto('college_categories')
      .values({
        organization_id: organizationId,
        name,
        name_cn: nameCn,
        name_en: nameEn,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau' });
    admin = (await ctx.login()).access_token;
    orgs.root = await addOrg('Root', null);
    orgs.macao = await addOrg('Macao college', orgs.root);
    orgs.taiwan = await addOrg('Taiwan college', null);
    organiser = await addUser('organiser', orgs.macao);
    door = await addUser('door_staff', orgs.macao);
    // A role that may read the dictionary but not change it.
    await ctx.db
      .insertInto('roles')
      .values({
        name: 'Dictionary reader',
        code: 'dictionary_reader',
        is_admin: 0,
        permissions: JSON.stringify(['meeting:view', 'dictionary:view']),
        created_at: ctx.now(),
      })
      .execute();
    viewer = await addUser('dictionary_reader', orgs.macao);
    slots.morning = await addSlot(null, '09:00', '10:00', 'Morning');
    slots.macao = await addSlot(orgs.macao, '14:00', '15:00');
    slots.root = await addSlot(orgs.root, '16:00', '17:00');
    slots.taiwan = await addSlot(orgs.taiwan, '18:00', '19:00');
    categories.global = await addCategory(null, '內科', '内科', 'Medicine');
    categories.macao = await addCategory(orgs.macao, '外科', '外科', 'Surgery');
    categories.taiwan = await addCategory(orgs.taiwan, '眼科', '眼科', 'Eyes');
  });
  afterAll(() => ctx.close());

  const upload = (token: string, meetingId: number, bytes: Buffer | undefined, lang = 'en') => {
    const body = multipart(bytes && { name: 'schedule.xlsx', bytes });
    return ctx.app.inject({
      method: 'POST',
      url: `/api/meetings/${meetingId}/schedule-imports`,
      headers: { ...bearer(token), 'accept-language': lang, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const previewOf = async (meetingId: number, bytes: Buffer, lang = 'en', token = admin) => {
    const res = await upload(token, meetingId, bytes, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ScheduleImportPreview;
  };
  const apply = (token: string, importId: number, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/schedule-imports/${importId}/apply`,
      headers: { ...bearer(token), 'accept-language': lang },
    });
  const applied = async (importId: number) => {
    const res = await apply(admin, importId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ScheduleImportResult;
  };
  const template = (token: string, meetingId: number, lang = 'en') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/meetings/${meetingId}/schedule-imports/template`,
      headers: { ...bearer(token), 'accept-language': lang },
    });

  const sessionsOf = (meetingId: number) =>
    ctx.db
      .selectFrom('schedules')
      .select(['id', 'date', 'name', 'name_cn', 'name_en', 'signup_limit', 'meeting_time_id', 'sort'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();
  const typesOf = async (meetingId: number) => {
    const types = await ctx.db
      .selectFrom('user_types')
      .select(['id', 'name', 'name_cn', 'name_en', 'sort'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();
    const links = await ctx.db
      .selectFrom('user_type_schedules')
      .select(['user_type_id', 'schedule_id'])
      .execute();
    return types.map((t) => ({
      ...t,
      sessions: links
        .filter((l) => l.user_type_id === t.id)
        .map((l) => l.schedule_id)
        .sort((a, b) => a - b),
    }));
  };
  const categoryRows = () =>
    ctx.db
      .selectFrom('college_categories')
      .select(['id', 'organization_id', 'name', 'name_cn', 'name_en', 'sort'])
      .orderBy('id')
      .execute();
  const zeroCounts = { create: 0, update: 0 };

  /** The valid workbook of the first tests, in English headers and sheet names of three languages. */
  const validWorkbook = () =>
    xlsx({
      日程: [
        SESSION_HEADERS,
        ['2026-12-01', '09:00-10:00 Morning', '開幕式', '开幕式', 'Opening', 0],
        ['2026-12-02', '14:00 - 15:00', '工作坊', '工作坊', 'Workshop', 40],
        ['2026/12/3', '16:00-17:00', '工作坊', '工作坊', 'Workshop', 30],
        ['2026-12-03', '', '閉幕式', '闭幕式', 'Closing', 0],
      ],
      'Registration types': [
        TYPE_HEADERS,
        ['醫生', '医生', 'Doctor', 'Opening; 2026-12-02 Workshop\n2026-12-03 工作坊'],
        ['護士', '护士', 'Nurse', '2026-12-03 Workshop、閉幕式'],
      ],
      专科学院类别: [
        CATEGORY_HEADERS,
        ['心臟科', '心脏科', 'Cardiology'],
        // The global category, named with other texts: read, never changed.
        ['內科（改）', '内科（改）', 'Medicine'],
        // The organisation's own: renamed.
        ['外科', '外科', 'General surgery'],
      ],
      // Not a sheet of the import: ignored.
      Notes: [['anything'], ['at all']],
    });

  return {
    /** The context and tokens, once the suite's beforeAll has run. */
    state: () => ({ ctx, admin, organiser, door, viewer }),
    orgs,
    slots,
    categories,
    addMeeting,
    upload,
    previewOf,
    apply,
    applied,
    template,
    sessionsOf,
    typesOf,
    categoryRows,
    zeroCounts,
    validWorkbook,
  };
}
