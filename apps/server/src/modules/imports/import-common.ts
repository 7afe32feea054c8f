import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX } from '@meetflow/shared/schemas/imports';
import { AppError } from '../../lib/app-error.ts';
import { loadSpreadsheetReader, SpreadsheetError } from '../../lib/spreadsheet.ts';
import type { SheetRow, TextEncoding } from '../../lib/spreadsheet-reader.ts';
import { contentDisposition, XLSX_MIME } from '../../lib/xlsx-export.ts';

/*
 * What the imports share (the guest list, the session workbook, an organisation's member list):
 * upload limits, the file's format and first sheet, the template reply, errors.
 */

/** The request body an upload may take: the file and its multipart framing. */
export const IMPORT_BODY_LIMIT = IMPORT_FILE_MAX_BYTES + 1024 * 1024;

/** Multipart, registered inside the calling plugin only, with the imports' limits. */
export async function registerImportUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: 4,
      parts: 6,
      fieldSize: 1024,
      fileSize: IMPORT_FILE_MAX_BYTES,
      headerPairs: 50,
    },
  });
}

/** A template workbook as a download that no cache keeps. */
export function sendTemplate(reply: FastifyReply, fileName: string, file: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(file);
}

/** A file the reader refused, as the answer the user reads; any other error as it is. */
export function spreadsheetError(error: unknown): unknown {
  if (!(error instanceof SpreadsheetError)) return error;
  switch (error.problem) {
    case 'type':
      return new AppError('FILE_TYPE_NOT_ALLOWED');
    case 'unsafe':
      return new AppError('IMPORT_FILE_UNSAFE');
    case 'too_many_rows':
      return new AppError('IMPORT_TOO_MANY_ROWS');
    case 'text_too_long':
      return new AppError('IMPORT_TEXT_TOO_LONG', { data: error.row ? { row: error.row } : null });
    case 'empty':
      return new AppError('IMPORT_EMPTY');
  }
}

/**
 * An uploaded list's format: an old .xls and anything not a spreadsheet refused, an XLSX checked
 * to unpack safely within the row limit before it is read.
 */
export async function uploadFormat(bytes: Uint8Array): Promise<'xlsx' | 'csv'> {
  const reader = await loadSpreadsheetReader();
  const format = reader.sniffFormat(bytes);
  if (!format)
    throw new AppError(reader.isLegacyExcel(bytes) ? 'IMPORT_XLS_NOT_SUPPORTED' : 'FILE_TYPE_NOT_ALLOWED');
  if (format === 'xlsx')
    await reader
      .checkZip(bytes, IMPORT_ROWS_MAX + 1)
      .catch((error: unknown) => Promise.reject(spreadsheetError(error)));
  return format;
}

/**
 * The header row (the first non-empty one), then the data rows, of the file's first sheet (a
 * template's lists live on another), up to the row limit. The reader's errors as they are: the
 * caller turns them into answers (`spreadsheetError`).
 */
export async function* firstSheetRows(
  bytes: Uint8Array,
  format: 'xlsx' | 'csv',
  encoding?: TextEncoding,
): AsyncGenerator<SheetRow> {
  const { readSheets } = await loadSpreadsheetReader();
  let sheet: string | undefined;
  for await (const entry of readSheets(bytes, { format, encoding, maxRows: IMPORT_ROWS_MAX + 1 })) {
    sheet ??= entry.sheet;
    if (entry.sheet !== sheet) return;
    yield entry.row;
  }
}
