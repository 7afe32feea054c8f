import { Readable, Transform } from 'node:stream';
import chardet from 'chardet';
import { parse as parseCsv } from 'csv-parse';
import yauzl from 'yauzl';
import { SpreadsheetError } from './spreadsheet.ts';
import { readXlsx, XLSX_COLUMNS_MAX } from './xlsx-reader.ts';

/*
 * Reads uploaded spreadsheets (XLSX or CSV) as rows of text, safely: the type is judged by the bytes,
 * a zip is measured before anything inflates it for real, cells are read as the values they hold
 * (a formula's cached result, never an evaluation), and a file with more rows than allowed is refused
 * (the zip's sheets are counted before they are read; CSV stops at the first row past it). Domain-free:
 * the import modules give the rows their meaning. Modules load it with the first file
 * (`loadSpreadsheetReader` in spreadsheet.ts), not at start-up.
 */

export type SpreadsheetFormat = 'xlsx' | 'csv';
export type TextEncoding = 'utf-8' | 'big5' | 'gb18030';

export { SpreadsheetError, type SpreadsheetProblem } from './spreadsheet.ts';

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (1 = the first row). */
  number: number;
  cells: string[];
}

/** A real XLSX of 30,000 full rows inflates to ~30 MB; anything past this is a bomb, not a guest list. */
const UNZIPPED_MAX_BYTES = 160 * 1024 * 1024;
const ZIP_ENTRIES_MAX = 2_000;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

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
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    // not UTF-8
  }
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
 * entry that inflates past its declared size). Not a workbook: 'type'; too big inflated: 'unsafe';
 * a sheet with more row elements than `maxRows`: 'too_many_rows'.
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
        let rows = 0;
        let tail = '';
        zip.openReadStream(entry, (error, stream) => {
          if (error) {
            reject(new SpreadsheetError('unsafe'));
            return;
          }
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (inflated > UNZIPPED_MAX_BYTES) {
              stream.destroy();
              reject(new SpreadsheetError('unsafe'));
              return;
            }
            if (!sheet) return;
            const text = tail + chunk.toString('latin1');
            rows += text.split('<row').length - 1;
            tail = text.slice(-3);
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
      yield { sheet: row.sheet, row: { number: row.number, cells: row.cells } };
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
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
      yield Buffer.from(bytes.subarray(at, at + 64 * 1024));
  };
  const parser = Readable.from(chunks())
    .pipe(decoder(encoding))
    .pipe(
      parseCsv({
        delimiter: sniffDelimiter(head),
        relax_column_count: true,
        relax_quotes: true,
        bom: true,
      }),
    );
  let number = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    number += 1;
    if (number > maxRows) {
      parser.destroy();
      throw new SpreadsheetError('too_many_rows');
    }
    if (record.length > XLSX_COLUMNS_MAX) {
      parser.destroy();
      throw new SpreadsheetError('unsafe');
    }
    const cells = trimRow(record);
    if (cells.length > 0) yield { number, cells };
  }
}
