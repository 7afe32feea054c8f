import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formFields, type FormFieldInput } from '@meetflow/shared/forms/form-definition';
import { IMPORT_ROWS_MAX } from '@meetflow/shared/schemas/imports';
import { xlsxBuffer } from '../../lib/xlsx-template.ts';
import { readXlsx } from '../../lib/xlsx-reader.ts';
import { suggestMapping } from './guest-import-fields.ts';
import { guestImportTemplate, guestTemplateSheets } from './guest-import-template.ts';
import type { ImportDictionary } from './guest-import-rows.ts';

/*
 * The guest template, written by our XLSX writer, as three readers see it: LibreOffice, exceljs and
 * the import's own reader. The schedule template's round trip through the whole import (its rows
 * imported again unchanged) is in test/schedule-import.test.ts.
 */

const names = (name: string, name_cn: string, name_en: string) => ({ name, name_cn, name_en });
const DICTIONARY: ImportDictionary = {
  meetingType: 'date_schedule',
  userTypes: [
    { id: 1, ...names('醫生', '医生', 'Doctor') },
    { id: 2, ...names('護士', '护士', 'Nurse') },
  ],
  collegeCategories: [{ id: 1, ...names('內科', '内科', 'Medicine') }],
  sessions: [
    { id: 1, date: '2026-12-01', ...names('開幕式', '开幕式', 'Opening') },
    { id: 2, date: '2026-12-02', ...names('工作坊', '工作坊', 'Workshop') },
  ],
  allowedSessions: new Map(),
};

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer (an ArrayBuffer); Node's Buffer is what it reads.
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

/** The file as LibreOffice reads it and writes it again (an XLSX of its own making). */
async function throughLibreOffice(bytes: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mf-soffice-'));
  try {
    await writeFile(path.join(dir, 'template.xlsx'), bytes);
    // A profile of its own: another LibreOffice running on the machine would hold the default one.
    await promisify(execFile)('soffice', [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'xlsx',
      '--outdir',
      path.join(dir, 'out'),
      path.join(dir, 'template.xlsx'),
    ]);
    return await readFile(path.join(dir, 'out', 'template.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Cells as text: LibreOffice writes a header of two scripts as rich text, one run per font. */
function texts(cells: { eachCell(callback: (cell: ExcelJS.Cell) => void): void }): string[] {
  const out: string[] = [];
  cells.eachCell((cell) => {
    if (cell.text) out.push(cell.text);
  });
  return out;
}
const headerRow = (sheet: ExcelJS.Worksheet) => texts(sheet.getRow(1));
const column = (sheet: ExcelJS.Worksheet, letter: string) => texts(sheet.getColumn(letter));

/** What a person opening the template sees: sheets, headers, the choices and the drop-downs. */
function expectTemplate(workbook: ExcelJS.Workbook, quoted: boolean) {
  const [guests, lists] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
  expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
    ['嘉賓', 'visible'],
    ['選項', 'hidden'],
  ]);
  const headers = headerRow(guests);
  expect(headers.slice(0, 8)).toEqual([
    '中文姓名 *',
    '英文姓名 *',
    '區號 *',
    '手機號碼 *',
    '電郵 *',
    '機構',
    '報名類型 *',
    '執照號碼 *',
  ]);
  expect(headers.slice(-3)).toEqual(['報名日程 1 *', '報名日程 2', '報名日程 3']);
  expect(headerRow(lists)).toEqual(['區號', '學院院士／會員', '報名類型', '學院類別', '報名日程']);
  expect(column(lists, 'A')).toEqual([
    '區號',
    '中國內地 +86',
    '中國香港 +852',
    '中國澳門 +853',
    '中國台灣 +886',
  ]);
  expect(column(lists, 'E')).toEqual(['報名日程', '2026-12-01 開幕式', '2026-12-02 工作坊']);

  const sheet = quoted ? "'選項'" : '選項';
  const dropDowns = Object.fromEntries(
    ['C', 'G', 'J', 'K', 'L', 'N'].map((letter) => {
      const validation = guests.getCell(`${letter}2`).dataValidation;
      return [letter, [validation.type, validation.formulae?.[0], validation.showErrorMessage === true]];
    }),
  );
  expect(dropDowns).toEqual({
    C: ['list', `${sheet}!$A$2:$A$5`, true], // area codes
    G: ['list', `${sheet}!$C$2:$C$3`, true], // registration types
    J: ['list', `${sheet}!$B$2:$B$3`, true], // yes / no
    K: ['list', `${sheet}!$D$2:$D$2`, true], // college categories
    L: ['list', `${sheet}!$E$2:$E$3`, false], // sessions: a cell may name several
    N: ['list', `${sheet}!$E$2:$E$3`, false],
  });
  expect(guests.getCell('A2').dataValidation).toBeUndefined();
  expect(guests.getCell('C1').dataValidation, 'not on the header').toBeUndefined();
}

const tri = (zhTw: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhTw, en });
/** The meeting's own fields: a choice, several choices, a yes/no, a file and a retired question. */
const OWN_FIELDS = formFields.parse([
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', 'Specialty'),
    required: true,
    options: [
      { value: 'med', label: tri('內科', 'Medicine') },
      { value: 'sur', label: tri('外科', 'Surgery') },
    ],
  },
  {
    key: 'topics',
    type: 'multi_choice',
    label: tri('主題', 'Topics'),
    options: [
      { value: 'a', label: tri('甲', 'A') },
      { value: 'b', label: tri('乙', 'B') },
      { value: 'c', label: tri('丙', 'C') },
    ],
  },
  { key: 'phone2', type: 'phone', label: tri('辦公室電話', 'Office phone') },
  { key: 'proof', type: 'file', label: tri('證明', 'Proof') },
  { key: 'old', type: 'yes_no', label: tri('舊', 'Old'), retired: true },
] satisfies FormFieldInput[]);

describe('guest import template', () => {
  it('keeps the meeting’s own columns, their drop-downs and input message, and the instructions in LibreOffice', async () => {
    const dictionary = { ...DICTIONARY, meetingType: 'general' as const, formFields: OWN_FIELDS };
    const workbook = await workbookOf(await throughLibreOffice(await guestImportTemplate(dictionary, 'en')));
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ['Guests', 'visible'],
      ['Instructions', 'visible'],
      ['Lists', 'hidden'],
    ]);
    const [guests, instructions, lists] = workbook.worksheets as ExcelJS.Worksheet[];
    expect(headerRow(guests!).slice(-3)).toEqual(['Specialty *', 'Topics', 'Office phone']);
    expect(headerRow(lists!).slice(-2)).toEqual(['Specialty', 'Topics']);
    expect(column(lists!, 'E')).toEqual(['Topics', 'A', 'B', 'C']);
    const [specialty, topics, phone] = ['L', 'M', 'N'].map((letter) => guests!.getCell(`${letter}2`));
    expect([specialty!.dataValidation.type, specialty!.dataValidation.formulae?.[0]]).toEqual([
      'list',
      'Lists!$D$2:$D$3',
    ]);
    expect(topics!.dataValidation).toMatchObject({
      type: 'list',
      showInputMessage: true,
      prompt: 'Topics: several choices may be given, separated by ";"',
    });
    expect(topics!.dataValidation.formulae?.[0]).toBe('Lists!$E$2:$E$4');
    expect(phone!.dataValidation).toBeUndefined();
    expect(guests!.getColumn('N').numFmt).toBe('@');
    expect(column(instructions!, 'A')).toEqual(['Column', 'Specialty', 'Topics', 'Office phone', 'Proof']);
    expect(column(instructions!, 'D')[2]).toBe('Choices: A, B, C; Several may be given, separated by ";"');
    expect(column(instructions!, 'D')[4]).toMatch(/^Files cannot be imported/);
  }, 60_000);

  it('reads in LibreOffice with its hidden sheet of choices and its drop-downs', async () => {
    expectTemplate(
      await workbookOf(await throughLibreOffice(await guestImportTemplate(DICTIONARY, 'zh-tw'))),
      false,
    );
  }, 60_000);

  it('has drop-downs down to the last row an import takes, text phone columns and a frozen header', async () => {
    const workbook = await workbookOf(await guestImportTemplate(DICTIONARY, 'zh-tw'));
    expectTemplate(workbook, true);
    const guests = workbook.worksheets[0]!;
    expect(guests.getCell(`C${IMPORT_ROWS_MAX + 1}`).dataValidation).toMatchObject({ type: 'list' });
    expect(guests.getCell(`C${IMPORT_ROWS_MAX + 2}`).dataValidation).toBeUndefined();
    expect(guests.views).toMatchObject([{ state: 'frozen', ySplit: 1 }]);
    expect(guests.getRow(1).getCell(1).font).toMatchObject({ bold: true });
    expect([
      guests.getColumn('D').numFmt,
      guests.getColumn('H').numFmt,
      guests.getColumn('A').numFmt,
    ]).toEqual(['@', '@', undefined]);
  });

  it('is read back by the import: a filled row maps to the template’s fields', async () => {
    const [guests, lists] = guestTemplateSheets(DICTIONARY, 'en');
    const header = guests!.header;
    const row = header.map((text) => {
      if (text.startsWith('Area code')) return 'Macao +853';
      if (text.startsWith('Phone')) return '06612345';
      if (text.startsWith('Chinese name')) return '陳大文';
      if (text.startsWith('Sessions 1')) return '2026-12-01 Opening';
      return null;
    });
    const bytes = await xlsxBuffer([{ ...guests!, rows: [row] }, lists!]);
    const read = [];
    for await (const r of readXlsx(bytes, 10)) read.push(r);
    const [headers, filled] = read.filter((r) => r.sheet === guests!.name);
    expect(headers!.cells).toEqual(header);
    const mapping = suggestMapping('date_schedule', headers!.cells, {});
    const byField = Object.fromEntries(mapping.map((field, i) => [`${field}@${i}`, filled!.cells[i]]));
    expect(byField).toMatchObject({
      'name_zh@0': '陳大文',
      'area_code@2': 'Macao +853',
      'phone@3': '06612345',
    });
    expect(mapping.filter((field) => field === 'session')).toHaveLength(3);
    expect(filled!.cells[mapping.indexOf('session')]).toBe('2026-12-01 Opening');
  });
});
