import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import yazl from 'yazl';
import type { GuestImport } from '@meetflow/shared/schemas/imports';
import type { Db } from '../src/db/database.ts';
import type { TestContext } from './helpers.ts';
import { multipart } from './file-fixtures.ts';
import { macaoPhone, type MeetingFixture } from './registration-fixtures.ts';

/** Files for the import tests, built here: spreadsheets, Chinese-encoded CSVs and hostile zips. */

/** The columns of the English template for a general-form meeting. */
export const GENERAL_HEADERS = [
  'Name',
  'Gender',
  'Local guest',
  'Area code',
  'Mobile number',
  'E-mail',
  'Institution',
  'Job title',
  'Contact name',
  'Contact number',
  'Contact mobile',
];

/** A general-form row of the English template, distinct per n. */
export const generalRow = (n: number, overrides: Partial<Record<string, string>> = {}) => {
  const row: Record<string, string> = {
    Name: `Imported ${n}`,
    Gender: n % 2 ? 'Male' : 'Female',
    'Local guest': 'Yes',
    'Area code': 'Macao +853',
    'Mobile number': macaoPhone(n),
    'E-mail': `imported${n}@example.com`,
    Institution: 'Hospital',
    'Job title': 'Doctor',
    'Contact name': 'Assistant',
    'Contact number': '28000000',
    'Contact mobile': '66999999',
    ...overrides,
  };
  return GENERAL_HEADERS.map((h) => row[h] ?? '');
};

export async function xlsxOf(rows: readonly (readonly unknown[])[], sheetName = 'Guests'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV in an encoding Excel writes (Node's TextDecoder reads them; encoding goes through iconv in the test). */
export function csvOf(
  rows: readonly (readonly string[])[],
  encoding: 'utf-8' | 'utf-8-bom' | 'big5' | 'gb18030',
): Buffer {
  const text = rows
    .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
    .join('\r\n');
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  if (encoding === 'utf-8-bom')
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
  return encodeChinese(text, encoding);
}

/**
 * Big5 / GB18030 bytes of a text. Node can decode these but not encode them: the table is built by
 * decoding every two-byte sequence once (the characters a test uses are all two-byte ones).
 */
const tables = new Map<string, Map<string, Buffer>>();
function encodeChinese(text: string, encoding: 'big5' | 'gb18030'): Buffer {
  let table = tables.get(encoding);
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder(encoding, { fatal: true });
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        const bytes = Buffer.from([lead, trail]);
        try {
          const ch = decoder.decode(bytes);
          if (ch.length === 1 && !table.has(ch)) table.set(ch, bytes);
        } catch {
          // not a character in this encoding
        }
      }
    }
    tables.set(encoding, table);
  }
  const out: Buffer[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out.push(Buffer.from(ch, 'latin1'));
    else {
      const bytes = table.get(ch);
      if (!bytes) throw new Error(`no ${encoding} bytes for ${ch}`);
      out.push(bytes);
    }
  }
  return Buffer.concat(out);
}

function zipOf(entries: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.data), entry.name);
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    out.on('end', () => resolve(Buffer.concat(chunks)));
    out.on('error', reject);
  });
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Guests" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/**
 * A workbook whose one sheet holds a header and then `rows` empty rows (a sheet "used" down to row
 * 1,000,000), and with `lastValue` a value in the row after them.
 */
export function emptyRowsWorkbook(rows: number, lastValue?: string): Promise<Buffer> {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  parts.push('<row r="1"><c r="A1" t="inlineStr"><is><t>Phone</t></is></c></row>');
  for (let r = 2; r <= rows + 1; r++) parts.push(`<row r="${r}"/>`);
  if (lastValue)
    parts.push(
      `<row r="${rows + 2}"><c r="A${rows + 2}" t="inlineStr"><is><t>${lastValue}</t></is></c></row>`,
    );
  parts.push('</sheetData></worksheet>');
  return zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: RELS },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/worksheets/sheet1.xml', data: parts.join('') },
  ]);
}

/** A workbook-shaped zip whose sheet inflates to `megabytes` MB of zeros: a zip bomb, tiny on the wire. */
export function zipBomb(megabytes: number): Promise<Buffer> {
  return zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(megabytes * 1024 * 1024) },
  ]);
}

/** Uploads a guest file as the browser's import dialog does. */
export function uploadGuestFile(
  ctx: TestContext,
  token: string,
  meetingId: number,
  file: { bytes: Buffer; name: string },
  options: { encoding?: string; lang?: string } = {},
) {
  const { payload, headers } = multipart([
    ...(options.encoding ? [{ name: 'encoding', value: options.encoding }] : []),
    { name: 'file', value: file.bytes, filename: file.name, contentType: 'application/octet-stream' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/meetings/${meetingId}/guest-imports`,
    headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': options.lang ?? 'en' },
    payload,
  });
}

/** Uploads a guest file the server accepts: answers the import. */
export async function uploadedGuestFile(
  ctx: TestContext,
  token: string,
  meeting: MeetingFixture,
  bytes: Buffer,
  name = 'guests.xlsx',
  lang = 'en',
): Promise<GuestImport> {
  const res = await uploadGuestFile(ctx, token, meeting.id, { bytes, name }, { lang });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as GuestImport;
}

/** A meeting's guests not cancelled, oldest first. */
export function liveGuests(db: Db, meetingId: number) {
  return db
    .selectFrom('guests')
    .selectAll()
    .where('meeting_id', '=', meetingId)
    .where('cancelled_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The seats a meeting has given out: its registered count. */
export async function seats(db: Db, meetingId: number): Promise<number> {
  const meeting = await db
    .selectFrom('meetings')
    .select('registered_count')
    .where('id', '=', meetingId)
    .executeTakeFirstOrThrow();
  return meeting.registered_count;
}

const TEN_MB = 10 * 1024 * 1024;

/**
 * CSVs that make one cell, one line or one row 10 MB: a quoted cell, a line of 200 cells of 50 KB with
 * no end of line, and one quoted cell of short lines (a row that spans 10 MB of lines).
 */
export function hostileCsvs(): Record<'cell' | 'line' | 'row', Buffer> {
  const header = 'Name,Area code,Mobile number\r\n';
  const wideCell = 'w'.repeat(TEN_MB / 200);
  return {
    cell: Buffer.from(`${header}"${'x'.repeat(TEN_MB)}",853,66123456\r\n`),
    line: Buffer.from(`${header}${Array.from({ length: 200 }, () => wideCell).join(',')}`),
    row: Buffer.from(`${header}"${'a line\n'.repeat(TEN_MB / 7)}",853,66123456\r\n`),
  };
}

const SHARED_STRINGS_TYPES = CONTENT_TYPES.replace(
  '</Types>',
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
);
const SHARED_STRINGS_RELS = WORKBOOK_RELS.replace(
  '</Relationships>',
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
);
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';

/**
 * XLSX bombs that stay under the unpacked-size limit: a sheet whose one cell inflates to `megabytes`
 * MB of text, and shared strings of `stringsMegabytes` MB of short items (millions of strings).
 */
export async function xlsxBombs(
  megabytes: number,
  stringsMegabytes = megabytes,
): Promise<Record<'sheet' | 'sharedStrings', Buffer>> {
  const size = megabytes * 1024 * 1024;
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>';
  const sheet = `${SHEET_START}${header}<row r="2"><c r="A2" t="inlineStr"><is><t>${'a'.repeat(size)}</t></is></c></row></sheetData></worksheet>`;
  const item = '<si><t>s</t></si>';
  const items = Math.floor((stringsMegabytes * 1024 * 1024) / item.length);
  const strings = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${item.repeat(items)}</sst>`;
  const base = [
    { name: '_rels/.rels', data: RELS },
    { name: 'xl/workbook.xml', data: WORKBOOK },
  ];
  return {
    sheet: await zipOf([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      ...base,
      { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
      { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ]),
    sharedStrings: await zipOf([
      { name: '[Content_Types].xml', data: SHARED_STRINGS_TYPES },
      ...base,
      { name: 'xl/_rels/workbook.xml.rels', data: SHARED_STRINGS_RELS },
      { name: 'xl/sharedStrings.xml', data: strings },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `${SHEET_START}${header}<row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData></worksheet>`,
      },
    ]),
  };
}

/**
 * The first sector of an Excel 97–2003 workbook (.xls): a Compound File Binary header (signature,
 * version 3, little-endian, 512-byte sectors) and the sector of its directory, empty. The server
 * judges a file by its first bytes; no workbook past them is needed.
 */
export function legacyXls(): Buffer {
  const header = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24); // minor version
  header.writeUInt16LE(3, 26); // major version
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift: 512 bytes
  header.writeUInt16LE(6, 32); // mini sector shift
  return header;
}
