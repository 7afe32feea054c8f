import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { FIELD_MESSAGES } from '@meetflow/shared/field-messages';
import type { GuestImport, GuestImportPreview } from '@meetflow/shared/schemas/imports';
import { adminApi, readWorkbook, sheetValues, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  csvOf,
  emptyRowsWorkbook,
  GENERAL_HEADERS,
  generalRow,
  liveGuests,
  uploadedGuestFile,
  uploadGuestFile,
  xlsxOf,
  zipBomb,
} from './import-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  macaoPhone,
  type MeetingFixture,
} from './registration-fixtures.ts';

describe(`guest import (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let api: Api;
  let org: number;

  beforeAll(async () => {
    // Small batches, so that a few rows already span several transactions.
    ctx = await createTestContext({ IMPORT_BATCH_ROWS: '4' });
    token = (await ctx.login()).access_token;
    api = adminApi(ctx, token);
    org = await createOrganization(ctx.db);
  });
  afterAll(() => ctx.close());

  const upload = async (
    meeting: MeetingFixture,
    bytes: Buffer,
    name = 'guests.xlsx',
    lang = 'en',
    encoding?: string,
  ) => {
    const res = await uploadGuestFile(ctx, token, meeting.id, { bytes, name }, { lang, encoding });
    return res;
  };
  const preview = async (imp: GuestImport, lang = 'en', mapping = imp.mapping) => {
    const res = await api('POST', `/api/guest-imports/${imp.id}/preview`, { mapping }, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as GuestImportPreview;
  };
  /** Starts the import and runs the job to the end, as the background runner would. */
  const run = async (imp: GuestImport, options: Record<string, unknown> = {}) => {
    const res = await api('POST', `/api/guest-imports/${imp.id}/start`, { mapping: imp.mapping, ...options });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as GuestImport).status).toBe('queued');
    await ctx.app.jobs.runDue();
    const done = await api('GET', `/api/guest-imports/${imp.id}`);
    return done.json().data as GuestImport;
  };
  it('reads Big5 and GB18030 CSVs (detected, or chosen), and UTF-8 with a BOM', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const rows = (name: string, n: number) => [
      ['姓名', '性別', '本地嘉賓', '區號', '手機號碼', '電郵', '聯絡電話', '聯絡手機'],
      [name, '女', '是', '澳門', macaoPhone(n), `c${n}@example.com`, '28000000', '66999999'],
      [
        `${name}二`,
        '男',
        '否',
        '香港',
        `5123${String(n).padStart(4, '0')}`,
        `d${n}@example.com`,
        '28000000',
        '66999999',
      ],
    ];
    const big5 = await uploadedGuestFile(ctx, token, meeting, csvOf(rows('陳大文', 801), 'big5'), 'big5.csv');
    expect(big5).toMatchObject({ format: 'csv', encoding: 'big5' });
    expect(big5.sample[0]![0]).toBe('陳大文');
    const gb = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      csvOf(
        rows('张伟', 802).map((r) => r.map((c) => c.replace('區號', '区号'))),
        'gb18030',
      ),
      'gb.csv',
    );
    expect(gb).toMatchObject({ encoding: 'gb18030' });
    expect(gb.sample[0]![0]).toBe('张伟');
    const bom = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      csvOf(rows('李小明', 803), 'utf-8-bom'),
      'bom.csv',
    );
    expect(bom).toMatchObject({ encoding: 'utf-8', headers: expect.arrayContaining(['姓名']) });
    expect(bom.headers[0]).toBe('姓名'); // the BOM is not part of the first header

    // The organiser can override the detection.
    const chosen = await api('PATCH', `/api/guest-imports/${big5.id}`, { encoding: 'gb18030' });
    expect((chosen.json().data as GuestImport).encoding).toBe('gb18030');
    const back = await api('PATCH', `/api/guest-imports/${big5.id}`, { encoding: 'big5' });
    expect((back.json().data as GuestImport).sample[0]![0]).toBe('陳大文');

    const done = await run(back.json().data as GuestImport);
    expect(done.progress).toMatchObject({ created: 2, failed: 0 });
    // By name: a batch writes its new guests' rows in phone order (every writer's lock order), not file order.
    const guests = (await liveGuests(ctx.db, meeting.id)).sort((a, b) => a.name.localeCompare(b.name));
    expect(guests.map((g) => [g.name, g.area_code, g.local_guest])).toEqual([
      ['陳大文', '853', 1],
      ['陳大文二', '852', 0],
    ]);
  });

  it('stores formula-looking text as text and takes a formula’s cached value, never evaluating it', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Guests');
    sheet.addRow(GENERAL_HEADERS);
    sheet.addRow(generalRow(901, { Name: '=HYPERLINK("http://evil.example","click")' }));
    sheet.addRow(generalRow(902, { Name: '@SUM(1+1)' }));
    const row = sheet.addRow(generalRow(903));
    row.getCell(1).value = { formula: 'CONCAT("Dr ","Who")', result: 'Dr Who' };
    const imp = await uploadedGuestFile(ctx, token, meeting, Buffer.from(await workbook.xlsx.writeBuffer()));
    const done = await run(imp);
    expect(done.progress).toMatchObject({ created: 3 });
    expect((await liveGuests(ctx.db, meeting.id)).map((g) => g.name)).toEqual([
      '=HYPERLINK("http://evil.example","click")',
      '@SUM(1+1)',
      'Dr Who',
    ]);
    // And the guest export keeps such text inert.
    const exported = await api(
      'GET',
      `/api/meetings/${meeting.id}/guests/export?sort_by=name&sort_order=asc`,
    );
    const names = sheetValues((await readWorkbook(exported.rawPayload)).worksheets[0]!).flat();
    expect(names).toContain(`'=HYPERLINK("http://evil.example","click")`);
  });

  it('refuses what is not a guest list quickly, with a clear message: zip bombs, a million empty rows, other files', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const bombFile = await zipBomb(200);
    let started = Date.now();
    const bomb = await upload(meeting, bombFile, 'bomb.xlsx', 'zh-TW');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({
      code: ERRORS.IMPORT_FILE_UNSAFE.code,
      message: ERRORS.IMPORT_FILE_UNSAFE.message['zh-tw'],
    });
    expect(Date.now() - started).toBeLessThan(2_000);

    // A sheet used down to row 1,000,000, empty or with a value down there.
    const empty = await emptyRowsWorkbook(1_000_000);
    started = Date.now();
    const emptyRows = await upload(meeting, empty, 'empty.xlsx');
    expect(emptyRows.statusCode).toBe(413);
    expect(emptyRows.json().code).toBe(ERRORS.IMPORT_TOO_MANY_ROWS.code);
    expect(Date.now() - started).toBeLessThan(5_000);
    const million = await emptyRowsWorkbook(1_000_000, '66123456');
    started = Date.now();
    const tooMany = await upload(meeting, million, 'million.xlsx');
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().code).toBe(ERRORS.IMPORT_TOO_MANY_ROWS.code);
    expect(Date.now() - started).toBeLessThan(5_000);

    // One cell far to the right would have a reader fill a row with blanks up to it.
    const wide = new ExcelJS.Workbook();
    wide.addWorksheet('Guests').getCell(2, 16_000).value = 'far away';
    wide.getWorksheet('Guests')!.getCell(1, 1).value = 'Phone';
    const tooWide = await upload(meeting, Buffer.from(await wide.xlsx.writeBuffer()), 'wide.xlsx');
    expect(tooWide.json().code).toBe(ERRORS.IMPORT_FILE_UNSAFE.code);

    const pdf = await upload(meeting, Buffer.from('%PDF-1.7\n\0\0binary'), 'guests.xlsx');
    expect(pdf.json().code).toBe(ERRORS.FILE_TYPE_NOT_ALLOWED.code);
    const headerOnly = await upload(meeting, await xlsxOf([GENERAL_HEADERS]));
    expect(headerOnly.json().code).toBe(ERRORS.IMPORT_EMPTY.code);
    const tooLarge = await upload(meeting, Buffer.alloc(16 * 1024 * 1024, 0x41), 'big.csv');
    expect(tooLarge.statusCode).toBe(413);
    expect(
      await ctx.db.selectFrom('imports').select('id').where('meeting_id', '=', meeting.id).execute(),
    ).toEqual([]);
  });

  it('date schedule: sessions and registration types by name in any language, session seats counted exactly', async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const morning = await createSchedule(ctx.db, meeting.id, 2, 'Morning');
    const afternoon = await createSchedule(ctx.db, meeting.id, 0, 'Afternoon');
    await createUserType(ctx.db, meeting.id, [morning, afternoon], 'Doctor');
    await createUserType(ctx.db, meeting.id, [afternoon], 'Nurse');
    const headers = [
      'Chinese name',
      'English name',
      'Area code',
      'Mobile number',
      'E-mail',
      'Registration type',
      'Licence number',
      'Session 1',
      'Session 2',
    ];
    const row = (n: number, type: string, s1: string, s2 = '') => [
      `嘉賓${n}`,
      `Guest ${n}`,
      '853',
      macaoPhone(n),
      `g${n}@example.com`,
      type,
      'NA',
      s1,
      s2,
    ];
    const imp = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([
        headers,
        row(1001, 'Doctor', 'Morning', 'Afternoon'),
        row(1002, 'doctor', '2027-01-10 Morning'),
        row(1003, 'Doctor', 'Morning'), // the morning's two seats are gone
        row(1004, 'Nurse', 'Morning'), // not open to nurses
        row(1005, 'Surgeon', 'Afternoon'), // no such type
        row(1006, 'Nurse', 'Evening'), // no such session
        row(1007, 'Nurse', 'Afternoon'),
      ]),
    );
    expect(imp.mapping).toEqual([
      'name_zh',
      'name_en',
      'area_code',
      'phone',
      'email',
      'user_type',
      'license_number',
      'session',
      'session',
    ]);
    const result = await preview(imp);
    expect(result).toMatchObject({ valid: 3, invalid: 3, over_capacity: 1 });
    const messages = result.issues.map((i) => [i.row, i.column, i.message]);
    expect(messages).toEqual([
      [4, null, 'The session is full: Morning'],
      [5, 'Session 1', FIELD_MESSAGES.scheduleNotForUserType.en],
      [6, 'Registration type', FIELD_MESSAGES.userTypeNotInMeeting.en],
      [7, 'Session 1', 'No such session: Evening'],
    ]);
    const done = await run(imp);
    expect(done.progress).toMatchObject({ created: 3, failed: 4 });
    const counts = await ctx.db
      .selectFrom('schedules')
      .select(['id', 'signup_count'])
      .where('meeting_id', '=', meeting.id)
      .orderBy('id')
      .execute();
    expect(counts).toEqual([
      { id: morning, signup_count: 2 },
      { id: afternoon, signup_count: 2 },
    ]);
  });
});
