import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import type { ScheduleImportPreview, ScheduleImportResult } from '@meetflow/shared/schemas/imports';
import { hashPassword } from '../src/core/password.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { legacyXls, xlsxBombs } from './import-fixtures.ts';

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

const EN = {
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
const ZH_CN: typeof EN = {
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
const SESSION_HEADERS = [EN.date, EN.slot, EN.name, EN.nameCn, EN.nameEn, EN.limit];
const TYPE_HEADERS = [EN.name, EN.nameCn, EN.nameEn, EN.allowed];
const CATEGORY_HEADERS = [EN.name, EN.nameCn, EN.nameEn];

async function xlsx(sheets: Sheets): Promise<Buffer> {
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

describe(`schedule workbook import (${TEST_DB})`, () => {
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

  describe('a valid workbook', () => {
    let meeting: number;
    let importId: number;

    beforeAll(async () => {
      meeting = await addMeeting(orgs.macao);
    });

    it('is previewed without writing anything', async () => {
      const categoriesBefore = await categoryRows();
      const preview = await previewOf(meeting, await validWorkbook());
      importId = preview.id;
      expect(preview).toEqual({
        id: expect.any(Number),
        file_name: 'schedule.xlsx',
        sheets: {
          sessions: { total: 4, create: 4, update: 0, invalid: 0 },
          user_types: { total: 2, create: 2, update: 0, invalid: 0 },
          college_categories: { total: 3, create: 1, update: 1, invalid: 0 },
        },
        issues: [],
        can_apply: true,
      });
      expect(await sessionsOf(meeting)).toEqual([]);
      expect(await typesOf(meeting)).toEqual([]);
      expect(await categoryRows()).toEqual(categoriesBefore);
      const stored = await ctx.db
        .selectFrom('imports')
        .select(['kind', 'status', 'format', 'file_name', 'file_data', 'meeting_id'])
        .where('id', '=', importId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        kind: 'schedule',
        status: 'uploaded',
        format: 'xlsx',
        meeting_id: meeting,
      });
      expect(stored.file_data?.byteLength).toBeGreaterThan(0);
    });

    it('is applied whole: sessions, registration types with their sessions, categories', async () => {
      const logsBefore = await ctx.db
        .selectFrom('system_logs')
        .select('id')
        .where('message_key', '=', 'import.schedule_applied')
        .execute();
      expect(await applied(importId)).toEqual({
        sessions: { create: 4, update: 0 },
        user_types: { create: 2, update: 0 },
        college_categories: { create: 1, update: 1 },
      });
      const sessions = await sessionsOf(meeting);
      expect(
        sessions.map(({ date, name_en, signup_limit, meeting_time_id }) => [
          date,
          name_en,
          signup_limit,
          meeting_time_id,
        ]),
      ).toEqual([
        ['2026-12-01', 'Opening', 0, slots.morning],
        ['2026-12-02', 'Workshop', 40, slots.macao],
        ['2026-12-03', 'Workshop', 30, slots.root],
        ['2026-12-03', 'Closing', 0, null],
      ]);
      // Appended in file order.
      expect(sessions.map((s) => s.sort)).toEqual([1, 2, 3, 4]);
      const [opening, workshop2, workshop3, closing] = sessions.map((s) => s.id);
      const types = await typesOf(meeting);
      expect(types.map((t) => [t.name, t.name_cn, t.name_en, t.sessions])).toEqual([
        ['醫生', '医生', 'Doctor', [opening, workshop2, workshop3]],
        ['護士', '护士', 'Nurse', [workshop3, closing]],
      ]);
      const after = await categoryRows();
      expect(after.find((c) => c.id === categories.global)).toMatchObject({
        name: '內科',
        name_cn: '内科',
        name_en: 'Medicine',
        organization_id: null,
      });
      expect(after.find((c) => c.id === categories.macao)).toMatchObject({
        name: '外科',
        name_en: 'General surgery',
        organization_id: orgs.macao,
      });
      const added = after.find((c) => c.name_en === 'Cardiology');
      expect(added).toMatchObject({ name: '心臟科', name_cn: '心脏科', organization_id: orgs.macao });
      expect(added!.sort).toBeGreaterThan(
        Math.max(...after.filter((c) => c !== added).map((c) => c.sort)) - 1,
      );

      const stored = await ctx.db
        .selectFrom('imports')
        .select(['status', 'file_data', 'created', 'updated'])
        .where('id', '=', importId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: 'done', file_data: null, created: 7, updated: 1 });

      const logs = await ctx.db
        .selectFrom('system_logs')
        .select(['message_params', 'action_type', 'username'])
        .where('message_key', '=', 'import.schedule_applied')
        .execute();
      expect(logs).toHaveLength(logsBefore.length + 1);
      expect(logs.at(-1)).toMatchObject({ action_type: 'create', username: 'admin' });
      expect(JSON.parse(logs.at(-1)!.message_params!)).toMatchObject({
        meeting_id: meeting,
        file_name: 'schedule.xlsx',
        sessions_created: 4,
        sessions_updated: 0,
        user_types_created: 2,
        user_types_updated: 0,
        categories_created: 1,
        categories_updated: 1,
      });
    });

    it('is applied once: a second apply is refused and changes nothing', async () => {
      const before = await sessionsOf(meeting);
      const again = await apply(admin, importId);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(ERRORS.IMPORT_ALREADY_STARTED.code);
      expect(await sessionsOf(meeting)).toEqual(before);
    });

    it('offers the meeting as it is as a template, which imports again unchanged', async () => {
      const res = await template(admin, meeting, 'zh-TW');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const visible = workbook.worksheets.filter((s) => s.state !== 'hidden').map((s) => s.name);
      expect(visible).toEqual(['日程', '報名類型', '專科學院類別']);
      const rows = (name: string) =>
        (workbook.getWorksheet(name)!.getSheetValues() as unknown[][])
          .filter(Boolean)
          .map((row) => row.slice(1));
      expect(rows('日程')).toEqual([
        [
          '日期 *',
          '時段',
          '名稱（繁體中文） *',
          '名稱（簡體中文） *',
          '名稱（英文） *',
          '報名人數上限（0 為不限） *',
        ],
        ['2026-12-01', '09:00-10:00 Morning', '開幕式', '开幕式', 'Opening', 0],
        ['2026-12-02', '14:00-15:00', '工作坊', '工作坊', 'Workshop', 40],
        ['2026-12-03', '16:00-17:00', '工作坊', '工作坊', 'Workshop', 30],
        ['2026-12-03', undefined, '閉幕式', '闭幕式', 'Closing', 0],
      ]);
      expect(rows('報名類型')).toEqual([
        ['名稱（繁體中文） *', '名稱（簡體中文） *', '名稱（英文） *', '可報名日程 *'],
        ['醫生', '医生', 'Doctor', '開幕式; 2026-12-02 工作坊; 2026-12-03 工作坊'],
        ['護士', '护士', 'Nurse', '2026-12-03 工作坊; 閉幕式'],
      ]);
      // The global categories and the organisation's (and above), never another organisation's.
      const categoryNames = rows('專科學院類別').map((row) => row[2]);
      expect(categoryNames).toEqual(expect.arrayContaining(['Medicine', 'General surgery', 'Cardiology']));
      expect(categoryNames).not.toContain('Eyes');

      // The time-slot column is a drop-down of the slots the meeting's organisation may use.
      const validation = workbook.getWorksheet('日程')!.getCell('B2').dataValidation;
      expect(validation).toMatchObject({ type: 'list' });
      const [, list] = /^'([^']+)'!\$A\$2:\$A\$(\d+)$/.exec(validation.formulae![0] as string) ?? [];
      expect(list).toBe('選項');
      const offered = (workbook.getWorksheet('選項')!.getColumn(1).values as unknown[]).slice(2);
      expect(offered).toEqual(['09:00-10:00 Morning', '14:00-15:00', '16:00-17:00']);

      // Imported as it is: nothing to add or change.
      const preview = await previewOf(meeting, res.rawPayload, 'zh-tw');
      expect(preview.can_apply).toBe(true);
      expect(preview.sheets).toEqual({
        sessions: { total: 4, create: 0, update: 0, invalid: 0 },
        user_types: { total: 2, create: 0, update: 0, invalid: 0 },
        college_categories: { total: categoryNames.length - 1, create: 0, update: 0, invalid: 0 },
      });
      const before = {
        sessions: await sessionsOf(meeting),
        types: await typesOf(meeting),
        categories: await categoryRows(),
      };
      expect(await applied(preview.id)).toEqual({
        sessions: zeroCounts,
        user_types: zeroCounts,
        college_categories: zeroCounts,
      });
      expect({
        sessions: await sessionsOf(meeting),
        types: await typesOf(meeting),
        categories: await categoryRows(),
      }).toEqual(before);
    });

    it('updates what an edited template changes and adds what it adds, keeping the order', async () => {
      const res = await template(admin, meeting, 'en');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      expect(workbook.worksheets.filter((s) => s.state !== 'hidden').map((s) => s.name)).toEqual([
        EN.sessions,
        EN.types,
        EN.categories,
      ]);
      const sessions = workbook.getWorksheet(EN.sessions)!;
      sessions.getCell('F3').value = 45; // the Workshop of 2 December
      sessions.getCell('B5').value = '09:00-10:00'; // Closing gets a time slot
      sessions.addRow(['2026-12-02', '', '午宴', '午宴', 'Lunch', 100]);
      const types = workbook.getWorksheet(EN.types)!;
      types.getCell('D3').value = 'Lunch'; // Nurse: only the new session now
      const before = await sessionsOf(meeting);
      const preview = await previewOf(meeting, Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(preview.issues).toEqual([]);
      expect(preview.sheets.sessions).toEqual({ total: 5, create: 1, update: 2, invalid: 0 });
      expect(preview.sheets.user_types).toEqual({ total: 2, create: 0, update: 1, invalid: 0 });
      expect(await applied(preview.id)).toMatchObject({
        sessions: { create: 1, update: 2 },
        user_types: { create: 0, update: 1 },
      });
      const after = await sessionsOf(meeting);
      expect(after.slice(0, 4).map((s) => s.sort)).toEqual(before.map((s) => s.sort));
      expect(after[1]!.signup_limit).toBe(45);
      expect(after[3]!.meeting_time_id).toBe(slots.morning);
      expect(after[4]).toMatchObject({
        name_en: 'Lunch',
        date: '2026-12-02',
        sort: 5,
        meeting_time_id: null,
      });
      const nurse = (await typesOf(meeting)).find((t) => t.name_en === 'Nurse')!;
      expect(nurse.sessions).toEqual([after[4]!.id]);
    });
  });

  describe('invalid rows', () => {
    let meeting: number;
    let taken: number;

    beforeAll(async () => {
      meeting = await addMeeting(orgs.macao);
      const now = ctx.now();
      const row = await ctx.db
        .insertInto('schedules')
        .values({
          meeting_id: meeting,
          name: '講座',
          name_cn: '讲座',
          name_en: 'Lecture',
          signup_limit: 10,
          signup_count: 5,
          date: '2026-12-01',
          meeting_time_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      taken = row.id;
      for (const date of ['2026-12-01', '2026-12-02'])
        await ctx.db
          .insertInto('schedules')
          .values({
            meeting_id: meeting,
            name: '分組',
            name_cn: '分组',
            name_en: 'Breakout',
            date,
            meeting_time_id: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
    });

    const invalidWorkbook = () =>
      xlsx({
        Sessions: [
          SESSION_HEADERS,
          ['2026-13-01', '', '甲', '甲', 'A', 0], // row 2: no such day
          ['2026-12-01', '18:00-19:00', '乙', '乙', 'B', 0], // row 3: another organisation's slot
          ['2026-12-01', '', '丙', '丙', 'C', -5], // row 4: negative limit
          ['2026-12-01', '', '丁', '丁', '', 0], // row 5: no English name
          ['2026-12-02', '', '戊', '戊', 'E', 0], // row 6
          ['2026-12-02', '', '戊', '戊', 'E2', 0], // row 7: repeats row 6
          ['2026-12-09', '', '己', '己', 'F', 0], // row 8: outside the meeting
          ['2026-12-01', '', '講座', '讲座', 'Lecture', 3], // row 9: below the 5 seats taken
          ['', '', '庚', '庚', 'G', 'many'], // row 10: no date, limit not a number
        ],
        'Registration types': [
          TYPE_HEADERS,
          ['幽靈', '幽灵', 'Ghost', 'Nowhere'], // row 2: unknown session
          ['', '無名', 'Nameless', 'Lecture'], // row 3: no Traditional Chinese name
          ['醫生', '医生', 'Doctor', 'Lecture'], // row 4
          ['醫師', '医师', 'Doctor', 'Lecture'], // row 5: repeats row 4 (by its English name)
          ['護士', '护士', 'Nurse', 'Breakout'], // row 6: two sessions have this name
          ['藥劑師', '药剂师', 'Pharmacist', ''], // row 7: no session
        ],
        'College categories': [
          CATEGORY_HEADERS,
          ['', '', ''], // an empty row is skipped
          ['兒科', '儿科', ''], // row 3: no English name
          ['骨科', '骨科', 'Orthopaedics'], // row 4
          ['骨科', '骨科', 'Bones'], // row 5: repeats row 4
        ],
      });

    type Expected = [
      sheet: string,
      row: number,
      column: keyof typeof EN | null,
      key: FieldMessageKey,
      n?: number,
      text?: string,
    ];
    const expected: Expected[] = [
      ['sessions', 2, 'date', 'importDateFormat'],
      ['sessions', 3, 'slot', 'meetingTimeNotFound'],
      ['sessions', 4, 'limit', 'tooSmall', 0],
      ['sessions', 5, 'nameEn', 'scheduleNameRequired'],
      ['sessions', 7, null, 'importDuplicateRow', 6],
      ['sessions', 8, 'date', 'scheduleDateOutsideMeeting'],
      ['sessions', 9, 'limit', 'signupLimitBelowCount'],
      ['sessions', 10, 'date', 'scheduleDateRequired'],
      ['sessions', 10, 'limit', 'importWholeNumber'],
      ['user_types', 2, 'allowed', 'sessionNotFound', undefined, 'Nowhere'],
      ['user_types', 3, 'name', 'userTypeNameRequired'],
      ['user_types', 5, null, 'importDuplicateRow', 4],
      ['user_types', 6, 'allowed', 'sessionAmbiguous', undefined, 'Breakout'],
      ['user_types', 7, 'allowed', 'importSessionsRequired'],
      ['college_categories', 3, 'nameEn', 'categoryNameRequired'],
      ['college_categories', 5, null, 'importDuplicateRow', 4],
    ];

    it.each([
      ['en', EN],
      ['zh-cn', ZH_CN],
    ] as const)(
      'reports every problem by sheet, row and column in the reader’s language (%s)',
      async (lang, labels) => {
        const preview = await previewOf(meeting, await invalidWorkbook(), lang);
        expect(preview.can_apply).toBe(false);
        expect(preview.sheets).toEqual({
          sessions: { total: 9, create: 1, update: 0, invalid: 8 },
          user_types: { total: 6, create: 1, update: 0, invalid: 5 },
          college_categories: { total: 3, create: 1, update: 0, invalid: 2 },
        });
        const sortKey = (i: { sheet: string; row: number; column: string | null }) =>
          `${i.sheet}|${String(i.row).padStart(4, '0')}|${i.column}`;
        const want = expected
          .map(([sheet, row, column, key, n, text]) => ({
            sheet,
            row,
            column: column === null ? null : labels[column],
            message: fieldMessage(key, lang, n, text),
          }))
          .sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
        expect([...preview.issues].sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(want);

        // Nothing of it is applied, and the import can still not be applied later.
        const sessionsBefore = await sessionsOf(meeting);
        const categoriesBefore = await categoryRows();
        const refused = await apply(admin, preview.id, lang);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
        expect(refused.json().data.fields.file).toBe(
          fieldMessage('importRowsInvalid', lang, expected.length),
        );
        expect(await sessionsOf(meeting)).toEqual(sessionsBefore);
        expect(await typesOf(meeting)).toEqual([]);
        expect(await categoryRows()).toEqual(categoriesBefore);
        const stored = await ctx.db
          .selectFrom('imports')
          .select('status')
          .where('id', '=', preview.id)
          .executeTakeFirstOrThrow();
        expect(stored.status).toBe('uploaded');
      },
    );

    it('names a missing column and fails every row of its sheet', async () => {
      const preview = await previewOf(
        meeting,
        await xlsx({
          Sessions: [
            [EN.date, EN.name, EN.nameCn, EN.nameEn],
            ['2026-12-01', '新', '新', 'New', 0],
            ['2026-12-02', '新二', '新二', 'New 2', 0],
          ],
        }),
      );
      expect(preview.can_apply).toBe(false);
      expect(preview.sheets.sessions).toEqual({ total: 2, create: 0, update: 0, invalid: 2 });
      expect(preview.issues).toEqual([
        {
          sheet: 'sessions',
          row: 1,
          column: EN.limit,
          message: fieldMessage('importColumnMissing', 'en', undefined, EN.limit),
        },
      ]);
    });

    it('judges the workbook again when it is applied', async () => {
      const bytes = await xlsx({
        Sessions: [SESSION_HEADERS, ['2026-12-01', '', '講座', '讲座', 'Lecture', 6]],
      });
      const preview = await previewOf(meeting, bytes);
      expect(preview.can_apply).toBe(true);
      expect(preview.sheets.sessions).toMatchObject({ update: 1 });
      // Seats taken meanwhile: the new limit no longer fits.
      await ctx.db.updateTable('schedules').set({ signup_count: 7 }).where('id', '=', taken).execute();
      const refused = await apply(admin, preview.id);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe(ERRORS.VALIDATION_FAILED.code);
      const row = () =>
        ctx.db
          .selectFrom('schedules')
          .select('signup_limit')
          .where('id', '=', taken)
          .executeTakeFirstOrThrow();
      expect((await row()).signup_limit).toBe(10);
      // Still uploaded (the refusal rolled the claim back): applied once the seats are free again.
      await ctx.db.updateTable('schedules').set({ signup_count: 5 }).where('id', '=', taken).execute();
      expect(await applied(preview.id)).toMatchObject({ sessions: { create: 0, update: 1 } });
      expect((await row()).signup_limit).toBe(6);
    });
  });

  describe('refusals', () => {
    it('refuses a general meeting', async () => {
      const general = await addMeeting(orgs.macao, 'general');
      for (const res of [
        await template(admin, general),
        await upload(admin, general, await validWorkbook()),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe(ERRORS.IMPORT_WRONG_MEETING_TYPE.code);
      }
    });

    it('refuses what is not a workbook of data rows', async () => {
      const meeting = await addMeeting(orgs.macao);
      const cases: [Buffer | undefined, keyof typeof ERRORS][] = [
        [undefined, 'FILE_REQUIRED'],
        [Buffer.from('date,name\n2026-12-01,x\n'), 'FILE_TYPE_NOT_ALLOWED'],
        [await xlsx({ Sessions: [SESSION_HEADERS], 'Registration types': [TYPE_HEADERS] }), 'IMPORT_EMPTY'],
        [await xlsx({ Other: [['a'], ['b']] }), 'IMPORT_EMPTY'],
        // A cell longer than any entry takes, and sheets that inflate to megabytes of text.
        [
          await xlsx({ Sessions: [SESSION_HEADERS, ['2026-12-01', 'x'.repeat(1_001)]] }),
          'IMPORT_TEXT_TOO_LONG',
        ],
        [(await xlsxBombs(20)).sheet, 'IMPORT_TEXT_TOO_LONG'],
        [(await xlsxBombs(20)).sharedStrings, 'IMPORT_FILE_UNSAFE'],
        // Excel 97–2003: said so, with what to save it as.
        [legacyXls(), 'IMPORT_XLS_NOT_SUPPORTED_XLSX_ONLY'],
      ];
      for (const [bytes, error] of cases) {
        const res = await upload(admin, meeting, bytes);
        expect(res.statusCode, error).toBe(ERRORS[error].status);
        expect(res.json().code, error).toBe(ERRORS[error].code);
      }
      expect(
        await ctx.db.selectFrom('imports').select('id').where('meeting_id', '=', meeting).execute(),
      ).toEqual([]);
    });

    it('lets only dictionary editors in, and only in their organisation’s meetings', async () => {
      const mine = await addMeeting(orgs.macao);
      const theirs = await addMeeting(orgs.taiwan);
      const bytes = await validWorkbook();
      const theirImport = (await previewOf(theirs, bytes)).id;
      const myImport = (await previewOf(mine, bytes)).id;

      for (const token of [door, viewer]) {
        for (const res of [
          await template(token, mine),
          await upload(token, mine, bytes),
          await apply(token, myImport),
        ]) {
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe(ERRORS.FORBIDDEN.code);
        }
      }
      for (const res of [
        await template(organiser, theirs),
        await upload(organiser, theirs, bytes),
        await apply(organiser, theirImport),
        await apply(organiser, 2_000_000),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(ERRORS.NOT_FOUND.code);
      }
      expect(await sessionsOf(theirs)).toEqual([]);
      expect(await sessionsOf(mine)).toEqual([]);

      // The organiser does it all in their own meeting.
      expect((await template(organiser, mine)).statusCode).toBe(200);
      const preview = await previewOf(mine, bytes, 'en', organiser);
      const res = await apply(organiser, preview.id);
      expect(res.statusCode, res.body).toBe(200);
      expect((await sessionsOf(mine)).length).toBe(4);
      const log = await ctx.db
        .selectFrom('system_logs')
        .select(['username', 'message_params'])
        .where('message_key', '=', 'import.schedule_applied')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(log.username).toMatch(/^organiser_/);
      expect(JSON.parse(log.message_params!)).toMatchObject({ meeting_id: mine });
    });
  });
});
