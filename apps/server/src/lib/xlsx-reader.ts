import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { IMPORT_CELL_MAX_CHARS } from '@meetflow/shared/schemas/imports';

/*
 * A streaming XLSX reader: the sheets' cells as text, row by row, with memory bounded by one sheet's
 * XML chunk and the shared strings. Our own (docs/decisions/0021-own-streaming-xlsx-reader.md):
 * exceljs's streaming reader loses the parts stored after the sheets about once in ten reads (exceljs issue #3064), and
 * SheetJS builds the whole workbook — +173 MB of server memory for 20,000 rows, where this reads
 * them in +39 MB. The zip is read through its central directory (yauzl), so the parts' order does
 * not matter; the XML is parsed by saxes. Cells are values: a formula's cached result is read, the
 * formula never; dates (by their number format) come out as YYYY-MM-DD, HH:mm or both.
 */

/** Columns a row may use: a cell past it is refused, so a tiny file cannot make the server fill millions of blanks. */
export const XLSX_COLUMNS_MAX = 200;

/**
 * Text a cell gathers before it stops growing: one past the longest cell an import takes, so that a
 * cell of a thousand rich-text runs is refused (by its length) without the reader building it whole.
 */
const CELL_TEXT_MAX = IMPORT_CELL_MAX_CHARS + 1;

export interface XlsxRow {
  sheet: string;
  number: number;
  cells: string[];
}

const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

function openZip(bytes: Uint8Array): Promise<{ zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry> }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true },
      (error, zip) => {
        if (error) return reject(error);
        const entries = new Map<string, yauzl.Entry>();
        zip.on('entry', (entry: yauzl.Entry) => {
          entries.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.on('end', () => resolve({ zip, entries }));
        zip.on('error', reject);
        zip.readEntry();
      },
    );
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/** Feeds a part's XML to a parser set up by `listen`; `drain` runs after each chunk (rows to hand out). */
async function* parsePart(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry | undefined,
  listen: (parser: SaxesParser) => void,
): AsyncGenerator<void> {
  if (!entry) return;
  const parser = new SaxesParser();
  listen(parser);
  const stream = await entryStream(zip, entry);
  stream.setEncoding('utf8'); // characters split between chunks are joined by the decoder
  for await (const chunk of stream as AsyncIterable<string>) {
    parser.write(chunk);
    yield;
  }
  parser.close();
  yield;
}

async function parseWhole(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry | undefined,
  listen: (parser: SaxesParser) => void,
) {
  for await (const _ of parsePart(zip, entry, listen));
}

/** 'worksheets/sheet1.xml' from xl/, or '/xl/worksheets/sheet1.xml' → the zip path. */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** Column index of a cell reference ('C7' → 2). */
function columnOf(reference: string): number {
  let column = 0;
  for (const ch of reference.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

/** A spreadsheet date serial as text: a date, a time of day (day 0) or both. */
function serialText(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0);
  // Excel counts 1900-02-29, which did not exist: serials from 61 on are one day ahead.
  const ms = Math.round(((days >= 61 ? days : days + 1) - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 16);
  if (serial < 1) return time;
  return time === '00:00' ? day : `${day} ${time}`;
}

function numberText(value: string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return Number.isInteger(n) ? String(n) : String(+n.toFixed(10));
}

/** Whether a custom number format shows a date or time (letters outside quotes, escapes and [colour]). */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

type Zip = Awaited<ReturnType<typeof openZip>>;

/** The workbook: its sheets in order, where each one's part is, and whether it counts dates from 1904. */
async function readWorkbookParts({ zip, entries }: Zip) {
  const sheets: { name: string; id: string }[] = [];
  let date1904 = false;
  await parseWhole(zip, entries.get('xl/workbook.xml'), (p) =>
    p.on('opentag', (tag) => {
      if (tag.name === 'sheet')
        sheets.push({ name: String(tag.attributes.name ?? ''), id: String(tag.attributes['r:id'] ?? '') });
      if (tag.name === 'workbookPr') date1904 = ['1', 'true'].includes(String(tag.attributes.date1904 ?? ''));
    }),
  );
  const targets = new Map<string, string>();
  await parseWhole(zip, entries.get('xl/_rels/workbook.xml.rels'), (p) =>
    p.on('opentag', (tag) => {
      if (tag.name === 'Relationship')
        targets.set(String(tag.attributes.Id), partPath(String(tag.attributes.Target)));
    }),
  );
  return { sheets, date1904, targets };
}

/**
 * A workbook's shared strings, held as their UTF-8 bytes end to end with each item's end offset:
 * 100,000 rows of distinct names, phones and e-mails are ~1.2 million items, which as JavaScript
 * strings were ~65 MB of the server's heap while a file was read; here they take their own size and
 * four bytes an item. A cell's text is decoded when the cell is read.
 */
export class SharedStrings {
  #bytes = Buffer.alloc(64 * 1024);
  #ends = new Uint32Array(4096);
  #used = 0;
  #count = 0;

  get count(): number {
    return this.#count;
  }

  add(text: string): void {
    const size = Buffer.byteLength(text);
    if (this.#used + size > this.#bytes.length) {
      const grown = Buffer.alloc(Math.max(this.#bytes.length * 2, this.#used + size));
      this.#bytes.copy(grown, 0, 0, this.#used);
      this.#bytes = grown;
    }
    if (this.#count === this.#ends.length) {
      const grown = new Uint32Array(Math.max(4096, this.#ends.length * 2));
      grown.set(this.#ends);
      this.#ends = grown;
    }
    this.#used += this.#bytes.write(text, this.#used);
    this.#ends[this.#count] = this.#used;
    this.#count += 1;
  }

  /** Drops the room left for more items: the bytes grow by doubling, up to twice what they hold. */
  fit(): void {
    this.#bytes = Buffer.from(this.#bytes.subarray(0, this.#used));
    this.#ends = this.#ends.slice(0, this.#count);
  }

  /** Item `index`'s text, or '' past the last item. */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return '';
    const start = index === 0 ? 0 : this.#ends[index - 1]!;
    return this.#bytes.toString('utf8', start, this.#ends[index]);
  }
}

/** Shared strings: the text runs of each item (phonetic guides left out). */
async function readSharedStrings({ zip, entries }: Zip): Promise<SharedStrings> {
  const strings = new SharedStrings();
  let text: string | null = null;
  let inText = false;
  let phonetic = 0;
  await parseWhole(zip, entries.get('xl/sharedStrings.xml'), (p) => {
    p.on('opentag', (tag) => {
      if (tag.name === 'si') text = '';
      else if (tag.name === 'rPh') phonetic += 1;
      else if (tag.name === 't' && phonetic === 0) inText = true;
    });
    p.on('text', (t) => {
      if (inText && text !== null && text.length < CELL_TEXT_MAX) text = (text + t).slice(0, CELL_TEXT_MAX);
    });
    p.on('closetag', (tag) => {
      if (tag.name === 't') inText = false;
      else if (tag.name === 'rPh') phonetic -= 1;
      else if (tag.name === 'si') {
        strings.add(text ?? '');
        text = null;
      }
    });
  });
  strings.fit();
  return strings;
}

/** Which cell styles show dates. */
async function readDateStyles({ zip, entries }: Zip): Promise<boolean[]> {
  const dateStyles: boolean[] = [];
  const customDates = new Set<number>();
  let inCellXfs = false;
  await parseWhole(zip, entries.get('xl/styles.xml'), (p) => {
    p.on('opentag', (tag) => {
      if (tag.name === 'numFmt' && isDateFormat(String(tag.attributes.formatCode ?? '')))
        customDates.add(Number(tag.attributes.numFmtId));
      else if (tag.name === 'cellXfs') inCellXfs = true;
      else if (tag.name === 'xf' && inCellXfs) {
        const id = Number(tag.attributes.numFmtId ?? 0);
        dateStyles.push(DATE_FORMAT_IDS.has(id) || customDates.has(id));
      }
    });
    p.on('closetag', (tag) => {
      if (tag.name === 'cellXfs') inCellXfs = false;
    });
  });
  return dateStyles;
}

/** What the workbook's cells are read with: shared strings and date styles. */
interface CellContext {
  strings: SharedStrings;
  dateStyles: readonly boolean[];
  date1904: boolean;
}

/** A cell's value as text, by its type (and its style, for numbers that are dates). */
function cellText(cell: { type: string; style: number }, value: string, context: CellContext): string {
  switch (cell.type) {
    case 's':
      return context.strings.get(Number(value));
    case 'inlineStr':
    case 'str':
      return value;
    case 'b':
      return value === '1' ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    case 'd':
      return serialText(Date.parse(value) / 86_400_000 + 25569 || 0, false);
    default:
      return context.dateStyles[cell.style] ? serialText(Number(value), context.date1904) : numberText(value);
  }
}

/** One sheet's non-empty rows, streamed; throws past `maxRows`, too wide a row or too long a cell. */
async function* readSheetRows(
  { zip, entries }: Zip,
  sheet: { name: string; path: string },
  maxRows: number,
  context: CellContext,
): AsyncGenerator<XlsxRow> {
  const ready: XlsxRow[] = [];
  let rowNumber = 0;
  let cells: string[] = [];
  let cell: { column: number; type: string; style: number } | null = null;
  let value: string | null = null;
  let inValue = false;
  let inInline = false;
  let nextColumn = 0;
  let tooMany = false;
  let tooWide = false;
  let tooLong = false;
  for await (const _ of parsePart(zip, entries.get(sheet.path), (p) => {
    p.on('opentag', (tag) => {
      switch (tag.name) {
        case 'row': {
          // Numbers only go up: a row that says otherwise is taken as the next one.
          const stated = Number(tag.attributes.r);
          rowNumber = Number.isInteger(stated) && stated > rowNumber ? stated : rowNumber + 1;
          if (rowNumber > maxRows) tooMany = true;
          cells = [];
          nextColumn = 0;
          break;
        }
        case 'c': {
          const reference = String(tag.attributes.r ?? '');
          const column = reference ? columnOf(reference) : nextColumn;
          if (column < 0 || column >= XLSX_COLUMNS_MAX) tooWide = true;
          nextColumn = column + 1;
          cell = { column, type: String(tag.attributes.t ?? 'n'), style: Number(tag.attributes.s ?? 0) };
          value = null;
          break;
        }
        case 'v':
          inValue = true;
          value ??= '';
          break;
        case 'is':
          inInline = true;
          value ??= '';
          break;
        case 't':
          if (inInline) inValue = true;
          break;
      }
    });
    p.on('text', (t) => {
      if (!inValue || tooLong) return;
      value += t;
      if (value!.length > IMPORT_CELL_MAX_CHARS) tooLong = true;
    });
    p.on('closetag', (tag) => {
      switch (tag.name) {
        case 'v':
        case 't':
          inValue = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 'c': {
          if (cell && value !== null && !tooWide) {
            while (cells.length < cell.column) cells.push('');
            cells[cell.column] = cellText(cell, value, context);
          }
          cell = null;
          break;
        }
        case 'row': {
          let end = cells.length;
          while (end > 0 && cells[end - 1]!.trim() === '') end -= 1;
          if (end > 0) ready.push({ sheet: sheet.name, number: rowNumber, cells: cells.slice(0, end) });
          break;
        }
      }
    });
  })) {
    if (tooMany) throw new Error('too_many_rows');
    if (tooWide) throw new Error('too_wide');
    if (tooLong) throw Object.assign(new Error('text_too_long'), { row: rowNumber });
    yield* ready.splice(0);
  }
}

/**
 * The non-empty rows of the workbook's sheets, in order, streamed. A row numbered past `maxRows`
 * throws 'too_many_rows'; anything that is not a readable workbook throws.
 */
export async function* readXlsx(bytes: Uint8Array, maxRows: number): AsyncGenerator<XlsxRow> {
  const opened = await openZip(bytes);
  try {
    const { sheets, date1904, targets } = await readWorkbookParts(opened);
    const strings = await readSharedStrings(opened);
    const dateStyles = await readDateStyles(opened);
    for (const sheet of sheets) {
      const path = targets.get(sheet.id) ?? `xl/worksheets/sheet${sheets.indexOf(sheet) + 1}.xml`;
      yield* readSheetRows(opened, { name: sheet.name, path }, maxRows, { strings, dateStyles, date1904 });
    }
  } finally {
    opened.zip.close();
  }
}
