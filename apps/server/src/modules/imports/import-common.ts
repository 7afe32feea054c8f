import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMPORT_FILE_MAX_BYTES } from '@meetflow/shared/schemas/imports';
import { AppError } from '../../lib/app-error.ts';
import { SpreadsheetError } from '../../lib/spreadsheet.ts';
import { contentDisposition, XLSX_MIME } from '../../lib/xlsx-export.ts';

/* What the guest import and the session workbook import share: upload limits, the template reply, errors. */

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
