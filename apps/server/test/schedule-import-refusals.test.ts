import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import { TEST_DB, type TestContext } from './helpers.ts';
import { legacyXls, xlsxBombs } from './import-fixtures.ts';
import {
  CATEGORY_HEADERS,
  EN,
  scheduleImportSuite,
  SESSION_HEADERS,
  TYPE_HEADERS,
  xlsx,
  ZH_CN,
} from './schedule-import-fixtures.ts';

/*
 * The schedule workbook import of a date-schedule meeting: template, upload with preview, apply
 * whole or not at all. Meeting days are local days of Asia/Macau: 2026-12-01 to 2026-12-03.
 */

describe(`schedule workbook import (${TEST_DB})`, () => {
  const suite = scheduleImportSuite();
  const { orgs, addMeeting, upload, previewOf, apply, applied, template } = suite;
  const { sessionsOf, typesOf, categoryRows, validWorkbook } = suite;
  let ctx: TestContext;
  let admin: string;
  let organiser: string;
  let door: string;
  let viewer: string;
  beforeAll(() => {
    ({ ctx, admin, organiser, door, viewer } = suite.state());
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
        // Past the shared strings' 48 MB.
        [(await xlsxBombs(1, 50)).sharedStrings, 'IMPORT_FILE_UNSAFE'],
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
