import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { IMPORT_SAMPLE_CELL_CHARS } from '@meetflow/shared/schemas/imports';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  csvOf,
  GENERAL_HEADERS,
  generalRow,
  hostileCsvs,
  legacyXls,
  uploadedGuestFile,
  uploadGuestFile,
  xlsxBombs,
  xlsxOf,
} from './import-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  macaoPhone,
  type MeetingFixture,
} from './registration-fixtures.ts';

/*
 * What a guest file may hold and how its columns are named: the spec's headers in every language,
 * the text limits of a cell and a row (hostile files refused as they are read), and Excel 97–2003.
 */

describe(`guest import files (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let api: Api;
  let org: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.login()).access_token;
    api = adminApi(ctx, token);
    org = await createOrganization(ctx.db);
  });
  afterAll(() => ctx.close());

  const upload = (meeting: MeetingFixture, bytes: Buffer, name = 'guests.xlsx', lang = 'en') =>
    uploadGuestFile(ctx, token, meeting.id, { bytes, name }, { lang });

  it('maps every header the spec gives a guest field, as the product names it in each language', async () => {
    // Spec section 3, "Guest, general form" and "Guest, date-schedule form": its English names, and
    // the names the sign-up form, the guest list and the template give the same fields.
    const general: Record<string, string[]> = {
      name: ['Name', 'name', '姓名'],
      gender: ['Gender', '性別', '性别'],
      local_guest: [
        'Local guest',
        'Local guest (Macao)',
        '本地嘉賓',
        '本地嘉宾',
        '是否澳門本地嘉賓',
        '是否澳门本地嘉宾',
      ],
      area_code: ['Area code', '區號', '区号'],
      phone: ['Phone', 'Mobile phone', 'Mobile number', '手機號碼', '手机号码', '電話', '电话'],
      email: ['Email', 'E-mail', '電郵', '电邮', '邮箱'],
      institution: ['Institution name', 'Institution', '機構名稱', '机构名称', '單位', '单位'],
      job_title: ['Job title', '職位', '职位', '職務', '职务'],
      contact_name: ['Contact name', '聯絡人', '联系人', '聯絡人姓名', '联系人姓名'],
      contact_number: [
        'Contact number',
        'Contact number (institution)',
        'Institution phone',
        '聯絡電話',
        '联系电话',
        '聯絡電話（機構）',
        '联系电话（机构）',
      ],
      contact_phone: [
        'Contact phone',
        'Contact mobile',
        'Contact mobile phone',
        '聯絡人手機',
        '联系人手机',
        '聯絡手機',
        '联系手机',
      ],
    };
    const dateSchedule: Record<string, string[]> = {
      name_zh: ['Chinese name', '中文姓名'],
      name_en: ['English name', '英文姓名'],
      area_code: ['Area code', '區號', '区号'],
      phone: ['Phone', '手機號碼', '手机号码'],
      email: ['Email', '電郵', '电邮', '邮箱'],
      organization: ['Organisation', 'Organization', '機構', '机构'],
      user_type: ['Registration type', 'User type', '報名類型', '报名类型'],
      license_number: [
        'License number',
        'Licence number',
        'Certificate number',
        'License or certificate number',
        '執照號碼',
        '执照号码',
        '執業編號／證書編號',
        '执业编号／证书编号',
      ],
      other: ['Other', '其他'],
      academy_member: [
        'Is academy member/fellow',
        'Academy member / fellow',
        'Academy member',
        'Fellow',
        '學院院士／會員',
        '学院院士／会员',
        '是否學會會員／院士',
        '是否学会会员／院士',
      ],
      college_category: ['College category', '學院類別', '学院类别', '專科類別', '专科类别', '專科學院類別'],
    };
    for (const [type, fields] of [
      ['general', general],
      ['date_schedule', dateSchedule],
    ] as const) {
      const meeting = await createMeeting(ctx.db, org, { meeting_type: type });
      for (const [field, headers] of Object.entries(fields)) {
        for (const header of headers) {
          const imp = await uploadedGuestFile(
            ctx,
            token,
            meeting,
            csvOf([[header], ['x']], 'utf-8'),
            'h.csv',
          );
          expect(imp.mapping, `${type}: ${header}`).toEqual([field]);
          await api('DELETE', `/api/guest-imports/${imp.id}`);
        }
      }
    }
  });

  it('refuses a cell or row too long to be a guest’s, naming the limits in the reader’s language, and cuts sample cells', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const csv = hostileCsvs();
    // Shared strings past their 48 MB (a file of the 100,000-row cap writes ~19 MB).
    const bombs = await xlsxBombs(20, 50);
    const hostile: [Buffer, string, keyof typeof ERRORS, number | undefined][] = [
      [csv.cell, 'cell.csv', 'IMPORT_TEXT_TOO_LONG', 2],
      [csv.line, 'line.csv', 'IMPORT_TEXT_TOO_LONG', 2],
      [csv.row, 'row.csv', 'IMPORT_TEXT_TOO_LONG', 2],
      [bombs.sheet, 'sheet-bomb.xlsx', 'IMPORT_TEXT_TOO_LONG', undefined],
      [bombs.sharedStrings, 'strings-bomb.xlsx', 'IMPORT_FILE_UNSAFE', undefined],
    ];
    for (const [lang, limits] of [
      ['zh-TW', ['1,000 個字元', '10,000 個字元']],
      ['zh-CN', ['1,000 个字符', '10,000 个字符']],
      ['en', ['1,000 characters a cell', '10,000 a row']],
    ] as const) {
      const res = await upload(meeting, csv.cell, 'cell.csv', lang);
      expect(res.statusCode).toBe(400);
      for (const limit of limits) expect(res.json().message).toContain(limit);
    }
    for (const [bytes, name, error, row] of hostile) {
      const res = await upload(meeting, bytes, name, 'zh-TW');
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({
        code: ERRORS[error].code,
        message: ERRORS[error].message['zh-tw'],
      });
      if (row) expect(res.json().data, name).toEqual({ row });
    }

    // At the limits: a cell of 1,000 characters is taken, one of 1,001 (or a row past 10,000) is not.
    const long = (n: number) => 'L'.repeat(n);
    const atLimit = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([GENERAL_HEADERS, generalRow(1, { Name: long(1_000) })]),
    );
    expect(atLimit.sample[0]![0]).toBe(`${long(IMPORT_SAMPLE_CELL_CHARS - 1)}…`);
    expect(atLimit.sample[0]![4]).toBe(macaoPhone(1));
    const overCell = await upload(
      meeting,
      await xlsxOf([GENERAL_HEADERS, generalRow(1, { Name: long(1_001) })]),
    );
    expect(overCell.json()).toMatchObject({ code: ERRORS.IMPORT_TEXT_TOO_LONG.code, data: { row: 2 } });
    const wideRow = generalRow(1).concat(Array(10).fill(long(1_000)));
    const overRow = await upload(meeting, csvOf([GENERAL_HEADERS, wideRow], 'utf-8'), 'wide.csv');
    expect(overRow.json()).toMatchObject({ code: ERRORS.IMPORT_TEXT_TOO_LONG.code, data: { row: 2 } });
    expect(
      await ctx.db.selectFrom('imports').select('id').where('meeting_id', '=', meeting.id).execute(),
    ).toHaveLength(1);
  });

  it('says an Excel 97–2003 file is one, and what to save it as, in the reader’s language', async () => {
    const meeting = await createMeeting(ctx.db, org);
    for (const [lang, words] of [
      ['zh-TW', ['.xls', '.xlsx', 'CSV', '另存新檔']],
      ['zh-CN', ['.xls', '.xlsx', 'CSV', '另存为']],
      ['en', ['.xls', '.xlsx', 'CSV', 'Save As']],
    ] as const) {
      const res = await upload(meeting, legacyXls(), 'guests.xls', lang);
      expect(res.statusCode).toBe(ERRORS.IMPORT_XLS_NOT_SUPPORTED.status);
      expect(res.json().code).toBe(ERRORS.IMPORT_XLS_NOT_SUPPORTED.code);
      for (const word of words) expect(res.json().message, lang).toContain(word);
    }
  });
});
