import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language, Localized } from '@meetflow/shared/languages';
import { localDateTimeText, spreadsheetDateTime } from './local-time.ts';
import { writeXlsx, xmlSafe, type XlsxCell, type XlsxSheetData } from './xlsx-writer.ts';

/*
 * Streamed XLSX exports. Rows come from an async iterable (`export-pipeline.ts` reads the database
 * in keyset batches) and are read only as fast as the HTTP client takes the file (see
 * `xlsx-writer.ts`), so memory holds one batch and a few chunks of the zip, not the file.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type CellValue = string | number | boolean | null | undefined;

export interface XlsxColumn<Row> {
  /** The header in each language; the file is written in the request's. */
  header: Localized;
  /** In characters. */
  width?: number;
  /**
   * 'datetime': the value is ms since the epoch (or null), written as the local date and time
   * (TIME_ZONE) in the text form 'YYYY-MM-DD HH:mm:ss' — it sorts and filters as it reads, in every
   * locale, and spares a cell style per value (styling each date cell doubled the export's time).
   * 'amount': a number shown with two decimals (money in major units).
   */
  type?: 'text' | 'number' | 'datetime' | 'amount';
  value: (row: Row, lang: Language) => CellValue;
}

export interface XlsxSheet<Row> {
  name: Localized;
  columns: readonly XlsxColumn<Row>[];
  rows: AsyncIterable<Row>;
}

/** A sheet of any row type, ready to be written (see `xlsxSheet`). */
export interface PreparedSheet {
  /** The sheet's cells in a language; `written` is called once per data row the writer has taken. */
  cells(lang: Language, written: () => void): XlsxSheetData;
}

export interface XlsxExport {
  /** With the extension; any characters (sent in the RFC 6266 UTF-8 form). */
  fileName: string;
  sheets: readonly PreparedSheet[];
  /** The system-log entry of the export, given the number of data rows written. */
  audit: (rows: number, completed: boolean) => Promise<void>;
}

/** Characters a spreadsheet reads as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Phone numbers and signed numbers ('+853 6612 3456', '-5'): only digits, spaces, brackets, dots and
 * dashes after the sign, which no spreadsheet can run as a formula, so they stay as typed.
 */
const PLAIN_NUMBER = /^[+-]?[\d\s().-]*\d[\d\s().-]*$/;

/**
 * Text as a cell stores it: a value that a spreadsheet would read as a formula is prefixed with a
 * single quote, so it stays inert text even when someone edits the cell later.
 */
export function safeCellText(value: string): string {
  const clean = xmlSafe(value);
  return FORMULA_START.test(clean) && !PLAIN_NUMBER.test(clean) ? `'${clean}` : clean;
}

/** RFC 6266: an ASCII fallback and the exact UTF-8 name (RFC 8187 encoding). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Wraps a typed sheet so that sheets of different row types travel in one export. */
export function xlsxSheet<Row>(sheet: XlsxSheet<Row>): PreparedSheet {
  return {
    cells(lang, written) {
      return {
        name: sheet.name[lang],
        widths: sheet.columns.map((column) => column.width ?? 16),
        header: sheet.columns.map((column) => safeCellText(column.header[lang])),
        rows: rowCells(sheet, lang, written),
        decimalColumns: sheet.columns.flatMap((column, i) => (column.type === 'amount' ? [i] : [])),
      };
    },
  };
}

async function* rowCells<Row>(sheet: XlsxSheet<Row>, lang: Language, written: () => void) {
  for await (const row of sheet.rows) {
    yield sheet.columns.map((column): XlsxCell => {
      const value = column.value(row, lang);
      if (value === null || value === undefined || value === '') return null;
      if (column.type === 'datetime') return typeof value === 'number' ? localDateTimeText(value) : null;
      if ((column.type === 'number' || column.type === 'amount') && typeof value === 'number') return value;
      return safeCellText(String(value));
    });
    // The writer asks for the next row only once it has written this one.
    written();
  }
}

/**
 * Streams the workbook as the reply: headers first, then the file as it is written. A failure after
 * the first byte can only cut the download short (the client sees an incomplete file); failures
 * before it (not found, forbidden) are the caller's, thrown before this is called. The reply ends
 * only after the audit entry is written.
 */
export function sendXlsx(request: FastifyRequest, reply: FastifyReply, spec: XlsxExport): FastifyReply {
  const output = new PassThrough();
  const run = async () => {
    let rows = 0;
    let completed = false;
    try {
      const sheets = spec.sheets.map((sheet) => sheet.cells(request.lang, () => (rows += 1)));
      completed = await writeXlsx(sheets, output);
    } finally {
      await spec.audit(rows, completed);
    }
    if (completed) output.end();
  };
  run().catch((error: unknown) => {
    request.log.error({ err: error }, 'export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(spec.fileName))
    .header('cache-control', 'no-store')
    .send(output);
}

/** '20261123-0930': the local time (TIME_ZONE), for file names. */
export function fileTimestamp(ms: number): string {
  return spreadsheetDateTime(ms).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
}
