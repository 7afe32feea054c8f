import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ERRORS } from '@meetflow/shared/errors';
import { GUEST_FIELD_NAMES } from '@meetflow/shared/guest-field-names';
import type { GuestImport, GuestImportPreview } from '@meetflow/shared/schemas/imports';
import type { FormFieldInput } from '@meetflow/shared/forms/form-definition';
import { tri, saveForm } from './form-fixtures.ts';
import { adminApi, readWorkbook, sheetValues, type Api } from './guest-fixtures.ts';
import { answerTermsOutOfStep } from './answer-terms-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { GENERAL_HEADERS, generalRow, liveGuests, uploadedGuestFile, xlsxOf } from './import-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  macaoPhone,
} from './registration-fixtures.ts';

/*
 * The meeting's own fields in the guest import (issue 42): the template's columns, drop-downs and
 * instructions, the mapping by label or key, and each row's answers parsed from its cells, checked by
 * the sign-up's rule (a bad row reported naming the field) and written with the guest.
 */

const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, zhTw, en) });

/** A congress form: every type a cell can answer, a file, an ask-at-the-door field and a retired one. */
const FORM: FormFieldInput[] = [
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', '专科', 'Specialty'),
    required: true,
    options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
  },
  {
    key: 'topics',
    type: 'multi_choice',
    label: tri('主題', '主题', 'Topics'),
    max: 2,
    options: [
      option('cardio', '心臟', 'Cardiology'),
      option('neuro', '神經', 'Neurology'),
      option('onco', '腫瘤', 'Oncology'),
    ],
  },
  { key: 'accompanied', type: 'yes_no', label: tri('有同行者', '有同行者', 'Accompanied'), required: true },
  { key: 'years', type: 'number', label: tri('年資', '年资', 'Years of practice'), min: 0, max: 60 },
  { key: 'arrival', type: 'date', label: tri('抵達日期', '抵达日期', 'Arrival date') },
  { key: 'office_phone', type: 'phone', label: tri('辦公室電話', '办公室电话', 'Office phone') },
  {
    key: 'membership',
    type: 'file',
    label: tri('會員證明', '会员证明', 'Proof of membership'),
    required: true,
  },
  {
    key: 'diet',
    type: 'choice',
    label: tri('膳食', '膳食', 'Diet'),
    required: true,
    ask_at_door: true,
    options: [option('none', '沒有要求', 'No needs'), option('veg', '素食', 'Vegetarian')],
  },
  { key: 'old_question', type: 'short_text', label: tri('舊問題', '旧问题', 'Old question'), retired: true },
];

/** The English headers of the custom columns, after the general form's. */
const OWN_HEADERS = [
  'Specialty',
  'Topics',
  'Accompanied',
  'Years of practice',
  'Arrival date',
  'Office phone',
];

/** The parts of an XLSX file by name. */
function zipEntries(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** A sheet's list drop-downs as the XML has them: cell range → [formula, refuses others, input message]. */
function listValidations(sheetXml: string): Record<string, [string, boolean, string | null]> {
  const out: Record<string, [string, boolean, string | null]> = {};
  for (const match of sheetXml.matchAll(/<dataValidation ([^>]*)><formula1>([^<]*)<\/formula1>/g)) {
    const attributes = match[1]!;
    if (!attributes.includes('type="list"')) continue;
    const range = /sqref="([A-Z]+)2:/.exec(attributes)![1]!;
    const prompt = /prompt="([^"]*)"/.exec(attributes)?.[1] ?? null;
    out[range] = [match[2]!.replace(/&amp;/g, '&'), attributes.includes('showErrorMessage="1"'), prompt];
  }
  return out;
}

const letter = (index: number) => String.fromCharCode(65 + index);

describe(`guest import of the meeting's own fields (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let api: Api;
  let org: number;

  beforeAll(async () => {
    ctx = await createTestContext({ IMPORT_BATCH_ROWS: '3' });
    token = (await ctx.login()).access_token;
    api = adminApi(ctx, token);
    org = await createOrganization(ctx.db);
  });
  afterAll(() => ctx.close());

  async function meetingWithForm(fields: FormFieldInput[], type: 'general' | 'date_schedule' = 'general') {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: type });
    const saved = await saveForm(ctx, token, meeting.id, fields, 0);
    expect(saved.statusCode, saved.body).toBe(200);
    return meeting;
  }
  const preview = async (imp: GuestImport, lang = 'en', mapping = imp.mapping) => {
    const res = await api('POST', `/api/guest-imports/${imp.id}/preview`, { mapping }, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as GuestImportPreview;
  };
  const run = async (imp: GuestImport, options: Record<string, unknown> = {}) => {
    const res = await api('POST', `/api/guest-imports/${imp.id}/start`, { mapping: imp.mapping, ...options });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.jobs.runDue();
    return (await api('GET', `/api/guest-imports/${imp.id}`)).json().data as GuestImport;
  };
  const answersOf = async (meetingId: number) =>
    Object.fromEntries(
      (await liveGuests(ctx.db, meetingId)).map((g) => [g.name, JSON.parse(g.answers) as unknown]),
    );

  it('has a column per field with its label, drop-downs for choices and yes/no, and instructions', async () => {
    const meeting = await meetingWithForm(FORM);
    const res = await api('GET', `/api/meetings/${meeting.id}/guest-imports/template`, undefined, 'zh-TW');
    expect(res.statusCode).toBe(200);
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ['嘉賓', 'visible'],
      ['填寫說明', 'visible'],
      ['選項', 'hidden'],
    ]);
    const [guests, instructions, lists] = workbook.worksheets as ExcelJS.Worksheet[];
    const headers = sheetValues(guests!)[0] as string[];
    const builtIn = GENERAL_HEADERS.length;
    // Required ones marked; the file and the retired field have no column. The door's question keeps
    // one, unmarked: the door asks it when the file leaves it empty.
    expect(headers.slice(builtIn)).toEqual([
      '專科 *',
      '主題',
      '有同行者 *',
      '年資',
      '抵達日期',
      '辦公室電話',
      '膳食',
    ]);
    expect(headers.join()).not.toMatch(/舊問題|會員證明/);

    // The choices in the template's language on the hidden sheet, each column's drop-down on them.
    const listHeaders = sheetValues(lists!)[0] as string[];
    const listColumn = (header: string) => letter(listHeaders.indexOf(header));
    expect(listHeaders).toEqual(expect.arrayContaining(['專科', '主題', '有同行者', '膳食']));
    const choices = (header: string) =>
      sheetValues(lists!)
        .slice(1)
        .map((row) => row[listHeaders.indexOf(header)])
        .filter(Boolean);
    expect(choices('專科')).toEqual(['內科', '外科']);
    expect(choices('主題')).toEqual(['心臟', '神經', '腫瘤']);
    expect(choices('有同行者')).toEqual(['是', '否']);

    // Read in the sheet's own XML: a drop-down per choice column, strict but for several choices.
    const xml = (await zipEntries(res.rawPayload)).get('xl/worksheets/sheet1.xml')!;
    const drops = listValidations(xml);
    const col = (header: string) => letter(headers.indexOf(header));
    const range = (header: string, n: number) =>
      `'選項'!$${listColumn(header)}$2:$${listColumn(header)}$${n + 1}`;
    expect(drops[col('專科 *')]).toEqual([range('專科', 2), true, null]);
    expect(drops[col('有同行者 *')]).toEqual([range('有同行者', 2), true, null]);
    expect(drops[col('膳食')]).toEqual([range('膳食', 2), true, null]);
    expect(drops[col('主題')]![0]).toBe(range('主題', 3));
    expect(drops[col('主題')]![1]).toBe(false);
    expect(drops[col('主題')]![2]).toContain('以「;」分隔');
    for (const header of ['年資', '抵達日期', '辦公室電話']) expect(drops[col(header)]).toBeUndefined();
    // exceljs, another reader, sees the same drop-down.
    expect(guests!.getCell(2, headers.indexOf('專科 *') + 1).dataValidation).toMatchObject({
      type: 'list',
      formulae: [range('專科', 2)],
    });

    // The instructions: one row per field not retired, the file's saying it is not imported.
    const described = Object.fromEntries(
      sheetValues(instructions!)
        .slice(1)
        .map((row) => [row[0], row.slice(1).join(' | ')]),
    );
    expect(Object.keys(described)).toEqual([
      '專科',
      '主題',
      '有同行者',
      '年資',
      '抵達日期',
      '辦公室電話',
      '會員證明',
      '膳食',
    ]);
    expect(described['專科']).toMatch(/^是 \| 單選 \| 選項：內科、外科/);
    expect(described['主題']).toMatch(/^否 \| 多選 \| .*以「;」分隔.*最多選 2 項/);
    expect(described['年資']).toContain('0 至 60');
    expect(described['抵達日期']).toContain('YYYY-MM-DD');
    expect(described['會員證明']).toContain('檔案無法從試算表匯入');
    expect(described['膳食']).toMatch(/^否（到場時詢問）/);
  });

  it('imports answers given by label in any language, by value, with ；, 是 and dates; a bad choice is reported naming the field', async () => {
    const meeting = await meetingWithForm(FORM);
    const row = (n: number, own: string[]) => [...generalRow(n, { Name: `Guest ${n}` }), ...own];
    const file = await xlsxOf([
      [...GENERAL_HEADERS, ...OWN_HEADERS],
      row(1, ['外科', '心臟；Neurology', '是', '12', '(a date)', '+852 2345 6789']), // zh-tw labels, ；
      row(2, ['Medicine', 'onco', 'No', ' 0 ', '2026/3/2', '2876 5432']), // en label, a value, row's area code
      row(3, ['Dentistry', '', 'Y', '', '', '']), // row 4: not one of the choices
      row(4, ['surgery', 'cardio, neuro, onco', '', '61', 'soon', '123']), // row 5: five problems
    ]);
    // A date typed as a date (Excel's serial with a date format) reads as one.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    workbook.worksheets[0]!.getCell(2, GENERAL_HEADERS.length + 5).value = new Date(Date.UTC(2026, 2, 1));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const imp = await uploadedGuestFile(ctx, token, meeting, bytes);
    expect(imp.mapping.slice(GENERAL_HEADERS.length)).toEqual([
      'answers.specialty',
      'answers.topics',
      'answers.accompanied',
      'answers.years',
      'answers.arrival',
      'answers.office_phone',
    ]);
    expect(imp.answer_fields.map((f) => [f.key, f.required])).toEqual([
      ['specialty', true],
      ['topics', false],
      ['accompanied', true],
      ['years', false],
      ['arrival', false],
      ['office_phone', false],
      ['diet', false], // asked at the door
    ]);

    const en = await preview(imp);
    expect(en).toMatchObject({ total: 4, valid: 2, invalid: 2 });
    expect(en.issues.filter((i) => i.row === 4)).toEqual([
      { row: 4, kind: 'invalid', column: 'Specialty', message: 'Specialty is not one of the choices' },
    ]);
    expect(en.issues.filter((i) => i.row === 5).map((i) => [i.column, i.message])).toEqual([
      ['Topics', 'Topics takes at most 2 choices'],
      ['Accompanied', 'Accompanied is required'],
      ['Years of practice', 'Years of practice must be at most 60'],
      ['Arrival date', 'Arrival date is not a valid date'],
      ['Office phone', 'Office phone is not a valid number for the area code'],
    ]);
    const zh = await preview(imp, 'zh-TW');
    expect(zh.issues.find((i) => i.row === 4)?.message).toBe('「專科」：選項不正確');

    const done = await run(imp);
    expect(done.progress).toMatchObject({ created: 2, failed: 2 });
    expect(await answersOf(meeting.id)).toEqual({
      'Guest 1': {
        specialty: 'surgery',
        topics: ['cardio', 'neuro'],
        accompanied: true,
        years: 12,
        arrival: '2026-03-01',
        office_phone: { area_code: '852', phone: '+85223456789' },
      },
      'Guest 2': {
        specialty: 'medicine',
        topics: ['onco'],
        accompanied: false,
        years: 0,
        arrival: '2026-03-02',
        office_phone: { area_code: '853', phone: '+85328765432' },
      },
    });
    // The failed rows' file says why, naming the field.
    const failures = await ctx.db
      .selectFrom('import_failures')
      .select(['row_number', 'reason'])
      .where('import_id', '=', imp.id)
      .orderBy('row_number')
      .execute();
    expect(failures[0]).toEqual({ row_number: 4, reason: 'Specialty: Specialty is not one of the choices' });
  });

  it('maps the fields by their label in another language or their key, and remembers a mapping by hand', async () => {
    const meeting = await meetingWithForm(FORM);
    const first = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([
        ['區號', '手機號碼', '专科', 'OFFICE_PHONE', 'Spec. notes', '舊問題', '會員證明'],
        ['853', macaoPhone(90), '內科', 'yes', 'x', 'y', 'z'],
      ]),
    );
    // zh-cn label, key in capitals; the retired field and the file are nobody's.
    expect(first.mapping).toEqual([
      'area_code',
      'phone',
      'answers.specialty',
      'answers.office_phone',
      null,
      null,
      null,
    ]);
    const mapping = [...first.mapping];
    mapping[4] = 'answers.topics';
    mapping[2] = null;
    await preview(first, 'en', mapping);
    const second = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([
        ['Spec. notes', 'Area code', 'Phone', '专科'],
        ['', '853', macaoPhone(91), ''],
      ]),
    );
    expect(second.mapping).toEqual(['answers.topics', 'area_code', 'phone', null]);

    // The retired field, the file and a key the form lacks cannot be mapped.
    for (const target of ['answers.old_question', 'answers.membership', 'answers.nothing']) {
      const res = await api('POST', `/api/guest-imports/${second.id}/preview`, {
        mapping: [target, 'area_code', 'phone', null],
      });
      expect(res.statusCode, target).toBe(400);
      expect(res.json()).toMatchObject({
        code: ERRORS.IMPORT_MAPPING_INCOMPLETE.code,
        data: { foreign: [target] },
      });
    }
    // Nor a column twice.
    const twice = await api('POST', `/api/guest-imports/${second.id}/preview`, {
      mapping: ['answers.topics', 'area_code', 'phone', 'answers.topics'],
    });
    expect(twice.json()).toMatchObject({ data: { repeated: ['answers.topics'] } });
  });

  it('updates an existing guest’s answers to the fields the file has, keeping the others', async () => {
    const meeting = await meetingWithForm(FORM);
    const file = (own: string[], headers = OWN_HEADERS) =>
      xlsxOf([
        [...GENERAL_HEADERS, ...headers],
        [...generalRow(7, { Name: 'Guest 7' }), ...own],
      ]);
    await run(
      await uploadedGuestFile(
        ctx,
        token,
        meeting,
        await file(['Medicine', 'Cardiology', 'No', '3', '2026-01-05', '']),
      ),
    );
    const again = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await file(['外科', '是'], ['Specialty', 'Accompanied']),
    );
    expect((await run(again, { on_existing: 'update' })).progress).toMatchObject({ updated: 1 });
    expect((await answersOf(meeting.id))['Guest 7']).toEqual({
      specialty: 'surgery',
      accompanied: true,
      topics: ['cardio'],
      years: 3,
      arrival: '2026-01-05',
    });
  });

  it('applies a field to the registration types it is for (date-schedule meetings)', async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const session = await createSchedule(ctx.db, meeting.id, 0, 'Plenary');
    const doctor = await createUserType(ctx.db, meeting.id, [session], 'Doctor');
    await createUserType(ctx.db, meeting.id, [session], 'Nurse');
    const saved = await saveForm(
      ctx,
      token,
      meeting.id,
      [
        {
          key: 'licence_board',
          type: 'choice',
          label: tri('註冊機構', '注册机构', 'Licensing board'),
          required: true,
          user_type_ids: [doctor],
          options: [option('mc', '醫務委員會', 'Medical Council')],
        },
      ],
      0,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const names = GUEST_FIELD_NAMES;
    const headers = [
      names.name_zh.en,
      names.name_en.en,
      names.area_code.en,
      names.phone.en,
      names.email.en,
      names.user_type.en,
      names.license_number.en,
      names.session.en,
      'Licensing board',
    ];
    const row = (n: number, type: string, board: string) => [
      `嘉賓${n}`,
      `Guest ${n}`,
      '853',
      macaoPhone(200 + n),
      `g${n}@example.com`,
      type,
      `L${n}`,
      '2027-01-10 Plenary',
      board,
    ];
    const imp = await uploadedGuestFile(
      ctx,
      token,
      meeting,
      await xlsxOf([headers, row(1, 'Doctor', 'Medical Council'), row(2, 'Doctor', ''), row(3, 'Nurse', '')]),
    );
    expect(imp.mapping.at(-1)).toBe('answers.licence_board');
    const result = await preview(imp);
    expect(result).toMatchObject({ valid: 2, invalid: 1 });
    expect(result.issues).toEqual([
      { row: 3, kind: 'invalid', column: 'Licensing board', message: 'Licensing board is required' },
    ]);
    await run(imp);
    const guests = await liveGuests(ctx.db, meeting.id);
    expect(guests.map((g) => [g.name_en, JSON.parse(g.answers) as unknown])).toEqual([
      ['Guest 1', { licence_board: 'mc' }],
      ['Guest 3', {}],
    ]);
  });

  it('keeps the answer terms the list filters on in step with every answer written', async () => {
    expect(await answerTermsOutOfStep(ctx.db)).toEqual([]);
  });
});
