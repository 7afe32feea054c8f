import { isUtf8 } from 'node:buffer';
import { Readable, Transform } from 'node:stream';
import chardet from 'chardet';
import { parse as parseCsv } from 'csv-parse';
import yauzl from 'yauzl';
import { IMPORT_CELL_MAX_CHARS, IMPORT_ROW_MAX_CHARS } from '@meetflow/shared/schemas/imports';
import { SpreadsheetError } from './spreadsheet-error.ts';
import { readXlsx, XLSX_COLUMNS_MAX } from './xlsx-reader.ts';

/*
 * Reads uploaded spreadsheets (XLSX or CSV) as rows of text, safely: the type is judged by the bytes,
 * a zip is measured before anything inflates it for real, cells are read as the values they hold
 * (a formula's cached result, never an evaluation), and a file with more rows than allowed is refused
 * (the zip's sheets are counted before they are read; CSV stops at the first row past it), and so is
 * a cell or row longer than IMPORT_CELL_MAX_CHARS / IMPORT_ROW_MAX_CHARS, before the parser has
 * gathered more than that (a 10 MB cell never becomes a string). Domain-free:
 * the import modules give the rows their meaning. Modules load it with the first file
 * (`loadSpreadsheetReader` in spreadsheet.ts), not at start-up.
 */

export type SpreadsheetFormat = 'xlsx' | 'csv';
export type TextEncoding = 'utf-8' | 'big5' | 'gb18030';

export { SpreadsheetError, type SpreadsheetProblem } from './spreadsheet-error.ts';

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (1 = the first row). */
  number: number;
  cells: string[];
}

/** A real XLSX of 30,000 full rows inflates to ~30 MB; anything past this is a bomb, not a guest list. */
const UNZIPPED_MAX_BYTES = 160 * 1024 * 1024;
const ZIP_ENTRIES_MAX = 2_000;
/**
 * The most text between two of an XML part's '<' and '>' (a text node, a tag with its attributes):
 * the XML parser holds such a run whole. A longest cell escaped character by character (&#12345;)
 * still fits; a sheet that inflates to one 100 MB cell does not.
 */
const XML_RUN_MAX_BYTES = IMPORT_CELL_MAX_CHARS * 10;
/**
 * Shared strings are held all at once while the sheets are read, as their bytes and four bytes an
 * item (xlsx-reader.ts `SharedStrings`): 100,000 rows of distinct names, phones and e-mails write
 * ~19 MB of them (the congress bench's file), so a file of the row cap fits with room to spare; past
 * this it is no guest list.
 */
const SHARED_STRINGS_MAX_BYTES = 48 * 1024 * 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const COMPOUND_FILE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An Excel 97–2003 workbook (.xls): a Compound File, which no import reads; the user is told to save it as .xlsx. */
export function isLegacyExcel(bytes: Uint8Array): boolean {
  return COMPOUND_FILE_MAGIC.every((b, i) => bytes[i] === b);
}

/** XLSX by its zip signature; CSV when the start reads as text (no NUL bytes); otherwise neither. */
export function sniffFormat(bytes: Uint8Array): SpreadsheetFormat | undefined {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) return 'xlsx';
  const head = bytes.subarray(0, 8192);
  if (head.length === 0 || head.includes(0)) return undefined;
  return 'csv';
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * UTF-8 (with or without BOM) when the bytes decode as UTF-8; otherwise the Chinese encoding Excel
 * writes that a statistical detector finds likelier (Big5 in Hong Kong, Macao and Taiwan, GB18030 on
 * the mainland). The user can still choose when a short file fools the detector.
 */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  if (UTF8_BOM.every((b, i) => bytes[i] === b)) return 'utf-8';
  if (isUtf8(bytes)) return 'utf-8';
  const guesses = chardet.analyse(bytes);
  for (const guess of guesses) {
    if (guess.name === 'Big5') return 'big5';
    if (guess.name === 'GB18030') return 'gb18030';
  }
  return 'gb18030';
}

/**
 * Walks the zip's directory and inflates every entry, counting, before the XLSX reader sees it:
 * declared sizes can lie, so the bytes that actually come out are counted too (yauzl also fails an
 * entry that inflates past its declared size). Not a workbook: 'type'; too big inflated (or shared
 * strings past SHARED_STRINGS_MAX_BYTES): 'unsafe'; a sheet with more row elements than `maxRows`:
 * 'too_many_rows'; an XML run longer than a cell may be: 'text_too_long'.
 */
export async function checkZip(bytes: Uint8Array, maxRows: number): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true },
      (error, file) => (error ? reject(new SpreadsheetError('type')) : resolve(file)),
    ),
  );
  let declared = 0;
  let inflated = 0;
  let entries = 0;
  let workbook = false;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new SpreadsheetError('type')));
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        declared += entry.uncompressedSize;
        if (entry.fileName === 'xl/workbook.xml') workbook = true;
        if (entries > ZIP_ENTRIES_MAX || declared > UNZIPPED_MAX_BYTES) {
          reject(new SpreadsheetError('unsafe'));
          return;
        }
        if (entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        // A sheet's rows are counted as they inflate (row elements, empty ones too): a sheet "used"
        // down to row 1,000,000 is refused here, before any parser builds it.
        const sheet = entry.fileName.endsWith('.xml'); // a sheet may be stored under any name
        const partMax =
          entry.fileName === 'xl/sharedStrings.xml' ? SHARED_STRINGS_MAX_BYTES : UNZIPPED_MAX_BYTES;
        let partBytes = 0;
        let run = 0;
        let rows = 0;
        let tail = Buffer.alloc(0);
        zip.openReadStream(entry, (error, stream) => {
          if (error) {
            reject(new SpreadsheetError('unsafe'));
            return;
          }
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            partBytes += chunk.length;
            if (inflated > UNZIPPED_MAX_BYTES || partBytes > partMax) {
              stream.destroy();
              reject(new SpreadsheetError('unsafe'));
              return;
            }
            if (!sheet) return;
            const runs = markupRuns(chunk, run);
            run = runs.trailing;
            if (runs.longest > XML_RUN_MAX_BYTES) {
              stream.destroy();
              reject(new SpreadsheetError('text_too_long'));
              return;
            }
            rows += countRows(tail, chunk);
            tail = Buffer.from(chunk.subarray(-3));
            if (rows > maxRows) {
              stream.destroy();
              reject(new SpreadsheetError('too_many_rows'));
            }
          });
          stream.on('error', () => reject(new SpreadsheetError('unsafe')));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!workbook) throw new SpreadsheetError('type');
}

const ROW_TAG = Buffer.from('<row');

/** '<row' in `chunk`, and across its start from the previous chunk's last bytes (`tail`), without making text of it. */
function countRows(tail: Buffer, chunk: Buffer): number {
  let count = Buffer.concat([tail, chunk.subarray(0, ROW_TAG.length - 1)]).includes(ROW_TAG) ? 1 : 0;
  for (let at = chunk.indexOf(ROW_TAG); at !== -1; at = chunk.indexOf(ROW_TAG, at + 1)) count += 1;
  return count;
}

const LT = 0x3c;
const GT = 0x3e;

/**
 * Runs of bytes without '<' or '>' in `chunk`, read after `trailing` such bytes: the longest one,
 * and the one still open at its end.
 */
function markupRuns(chunk: Buffer, trailing: number): { longest: number; trailing: number } {
  let longest = 0;
  let current = trailing;
  let from = 0;
  // Each delimiter's next position is searched once, not again at every step.
  let lt = chunk.indexOf(LT);
  let gt = chunk.indexOf(GT);
  for (;;) {
    const at = lt === -1 ? gt : gt === -1 ? lt : Math.min(lt, gt);
    if (at === -1) {
      current += chunk.length - from;
      return { longest: Math.max(longest, current), trailing: current };
    }
    longest = Math.max(longest, current + at - from);
    current = 0;
    from = at + 1;
    if (lt === at) lt = chunk.indexOf(LT, from);
    if (gt === at) gt = chunk.indexOf(GT, from);
  }
}

/** Refuses a row with a cell or a total past the limits ('text_too_long', with its number). */
export function checkRowText(cells: readonly string[], number: number): void {
  let total = 0;
  for (const cell of cells) {
    total += cell.length;
    if (cell.length > IMPORT_CELL_MAX_CHARS || total > IMPORT_ROW_MAX_CHARS)
      throw new SpreadsheetError('text_too_long', number);
  }
}

/** Drops the empty cells at the end of a row. */
function trimRow(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1]!.trim() === '') end -= 1;
  return cells.slice(0, end);
}

export interface ReadOptions {
  format: SpreadsheetFormat;
  /** CSV only. */
  encoding?: TextEncoding;
  /** Rows past this number (header included) refuse the file with 'too_many_rows'. */
  maxRows: number;
  /** XLSX: the sheets wanted, by name (all when absent); CSV is one sheet named ''. */
  sheets?: (name: string) => boolean;
}

/**
 * The non-empty rows of each sheet, in order, as they stream out of the file (xlsx-reader.ts for
 * XLSX). Call `checkZip` first for XLSX.
 */
export async function* readSheets(
  bytes: Uint8Array,
  options: ReadOptions,
): AsyncGenerator<{ sheet: string; row: SheetRow }> {
  if (options.format === 'csv') {
    for await (const row of readCsv(bytes, options.encoding ?? detectEncoding(bytes), options.maxRows)) {
      yield { sheet: '', row };
    }
    return;
  }
  try {
    for await (const row of readXlsx(bytes, options.maxRows)) {
      if (options.sheets && !options.sheets(row.sheet)) continue;
      checkRowText(row.cells, row.number);
      yield { sheet: row.sheet, row: { number: row.number, cells: row.cells } };
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (message === 'text_too_long')
      throw new SpreadsheetError('text_too_long', (error as { row?: number }).row);
    throw new SpreadsheetError(
      message === 'too_many_rows' ? 'too_many_rows' : message === 'too_wide' ? 'unsafe' : 'type',
    );
  }
}

/** Delimiter of the first line (Excel writes ';' or a tab in some locales), outside quotes. */
function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

/** Decodes text as it streams, so that a 15 MB file is never one string in memory. */
function decoder(encoding: TextEncoding): Transform {
  const text = new TextDecoder(encoding, { ignoreBOM: false });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, text.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, text.decode());
    },
  });
}

async function* readCsv(
  bytes: Uint8Array,
  encoding: TextEncoding,
  maxRows: number,
): AsyncGenerator<SheetRow> {
  const head = new TextDecoder(encoding).decode(bytes.subarray(0, 64 * 1024));
  const chunks = function* () {
    for (let at = 0; at < bytes.length; at += 64 * 1024)
      yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(64 * 1024, bytes.length - at));
  };
  // The parser reads UTF-8 bytes itself; other encodings become text first.
  const source = Readable.from(chunks());
  const parser = (encoding === 'utf-8' ? source : source.pipe(decoder(encoding))).pipe(
    parseCsv({
      delimiter: sniffDelimiter(head),
      relax_column_count: true,
      relax_quotes: true,
      bom: true,
      // The parser's field and record buffers count bytes (up to 4 a character): a longer row is
      // refused before it grows past this.
      max_record_size: IMPORT_ROW_MAX_CHARS * 4,
    }),
  );
  const records = (async function* () {
    try {
      yield* parser as AsyncIterable<string[]>;
    } catch (error) {
      const { code, records: before } = error as { code?: string; records?: number };
      if (code === 'CSV_MAX_RECORD_SIZE') throw new SpreadsheetError('text_too_long', (before ?? 0) + 1);
      throw error;
    }
  })();
  let number = 0;
  for await (const record of records) {
    number += 1;
    if (number > maxRows) {
      parser.destroy();
      throw new SpreadsheetError('too_many_rows');
    }
    if (record.length > XLSX_COLUMNS_MAX) {
      parser.destroy();
      throw new SpreadsheetError('unsafe');
    }
    checkRowText(record, number);
    const cells = trimRow(record);
    if (cells.length > 0) yield { number, cells };
  }
}
