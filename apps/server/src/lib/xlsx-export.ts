import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language, Localized } from '@meetflow/shared';
import { localDateTimeText, spreadsheetDateTime } from './local-time.ts';

/*
 * Streamed XLSX exports. Rows come from an async iterable (the caller reads the database in keyset
 * batches) and each row is committed to the zip stream as soon as it is written, so memory holds one
 * batch, not the file. The writer waits whenever the HTTP client reads slower than rows are made.
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
   */
  type?: 'text' | 'number' | 'datetime';
  value: (row: Row, lang: Language) => CellValue;
}

export interface XlsxSheet<Row> {
  name: Localized;
  columns: readonly XlsxColumn<Row>[];
  rows: AsyncIterable<Row>;
}

/** A sheet of any row type, ready to be written (see `xlsxSheet`). */
export interface PreparedSheet {
  write(workbook: ExcelJS.stream.xlsx.WorkbookWriter, context: WriteContext): Promise<number>;
}

interface WriteContext {
  lang: Language;
  /** Resolves when the client has room for more bytes; false when it has gone away. */
  room: () => Promise<boolean>;
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
// Characters XML 1.0 cannot carry: they would make the file unreadable.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Text as a cell stores it: a value that a spreadsheet would read as a formula is prefixed with a
 * single quote, so it stays inert text even when someone edits the cell later.
 */
export function safeCellText(value: string): string {
  const clean = value.replace(XML_INVALID, '');
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

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Wraps a typed sheet so that sheets of different row types travel in one export. */
export function xlsxSheet<Row>(sheet: XlsxSheet<Row>): PreparedSheet {
  return {
    async write(workbook, { lang, room }) {
      const worksheet = workbook.addWorksheet(sheetName(sheet.name[lang]), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      worksheet.columns = sheet.columns.map((column) => ({ width: column.width ?? 16 }));
      const header = worksheet.addRow(sheet.columns.map((column) => safeCellText(column.header[lang])));
      header.font = { bold: true };
      header.commit();
      let count = 0;
      for await (const row of sheet.rows) {
        const cells = sheet.columns.map((column) => {
          const value = column.value(row, lang);
          if (value === null || value === undefined || value === '') return null;
          if (column.type === 'datetime') return typeof value === 'number' ? localDateTimeText(value) : null;
          if (column.type === 'number' && typeof value === 'number') return value;
          return safeCellText(String(value));
        });
        worksheet.addRow(cells).commit();
        count += 1;
        // Every hundred rows, let the bytes reach the client before making more.
        if (count % 100 === 0 && !(await room())) break;
      }
      worksheet.commit();
      return count;
    },
  };
}

/**
 * Streams the workbook as the reply: headers first, then the file as it is written. A failure after
 * the first byte can only cut the download short (the client sees an incomplete file); failures
 * before it (not found, forbidden) are the caller's, thrown before this is called.
 */
export function sendXlsx(request: FastifyRequest, reply: FastifyReply, spec: XlsxExport): FastifyReply {
  const output = new PassThrough();
  const room = async (): Promise<boolean> => {
    if (output.destroyed) return false;
    if (output.writableNeedDrain) {
      await Promise.race([once(output, 'drain'), once(output, 'close')]);
    }
    return !output.destroyed;
  };

  // The zip goes through its own stream so that the reply ends only after the audit entry is written.
  const zip = new PassThrough();
  zip.pipe(output, { end: false });

  const run = async () => {
    let rows = 0;
    let completed = false;
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: zip,
        useStyles: true,
        useSharedStrings: false,
      });
      for (const sheet of spec.sheets) {
        rows += await sheet.write(workbook, { lang: request.lang, room });
        if (output.destroyed) break;
      }
      if (!output.destroyed) {
        await workbook.commit();
        completed = true;
      }
    } finally {
      await spec.audit(rows, completed);
    }
    if (completed) {
      if (!zip.readableEnded) await once(zip, 'end');
      output.end();
    }
  };
  run().catch((error: unknown) => {
    request.log.error({ err: error }, 'export failed');
    const failure = error instanceof Error ? error : new Error(String(error));
    zip.destroy(failure);
    output.destroy(failure);
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
