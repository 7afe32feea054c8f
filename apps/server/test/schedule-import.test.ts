import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { TEST_DB, type TestContext } from './helpers.ts';
import { EN, scheduleImportSuite } from './schedule-import-fixtures.ts';

/*
 * The schedule workbook import of a date-schedule meeting: template, upload with preview, apply
 * whole or not at all. Meeting days are local days of Asia/Macau: 2026-12-01 to 2026-12-03.
 */

describe(`schedule workbook import (${TEST_DB})`, () => {
  const suite = scheduleImportSuite();
  const { orgs, slots, categories, addMeeting, previewOf, apply, applied, template } = suite;
  const { sessionsOf, typesOf, categoryRows, zeroCounts, validWorkbook } = suite;
  let ctx: TestContext;
  let admin: string;
  beforeAll(() => {
    ({ ctx, admin } = suite.state());
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
});
