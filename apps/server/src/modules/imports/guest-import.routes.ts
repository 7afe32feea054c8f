import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nameIn, type Localized } from '@meetflow/shared/languages';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  guestImport,
  guestImportList,
  guestImportPreview,
  IMPORT_ENCODINGS,
  IMPORT_FILE_MAX_BYTES,
  importEncodingBody,
  importIdParams,
  importPreviewBody,
  importStartBody,
  meetingImportParams,
} from '@meetflow/shared/schemas/imports';
import { AppError } from '../../lib/app-error.ts';
import { readUpload } from '../../lib/multipart-upload.ts';
import { multipartForm, xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { fileTimestamp, xlsxSheet } from '../../lib/xlsx-export.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { IMPORT_BODY_LIMIT, registerImportUploads, sendTemplate } from './import-common.ts';
import type { GuestImports } from './guest-import.service.ts';

const tags = ['imports'];
const security = [{ bearer: [] }];

const TEXT: Record<'template' | 'failed' | 'reason', Localized> = {
  template: { 'zh-tw': '嘉賓匯入範本', 'zh-cn': '嘉宾导入模板', en: 'guest import template' },
  failed: { 'zh-tw': '未匯入的行', 'zh-cn': '未导入的行', en: 'rows not imported' },
  reason: { 'zh-tw': '原因', 'zh-cn': '原因', en: 'Reason' },
};

interface FailedRow {
  cells: string[];
  reason: string;
}

const encodingField = z.enum(IMPORT_ENCODINGS).default('auto');

/** The uploaded file of a multipart request (field `file`), and its `encoding` field. */
async function uploadedFile(request: Parameters<typeof readUpload>[0]) {
  const { fields, file } = await readUpload(request, IMPORT_FILE_MAX_BYTES);
  if (!file) throw new AppError('FILE_REQUIRED');
  const encoding = encodingField.safeParse(fields.encoding);
  if (!encoding.success) {
    throw new AppError('VALIDATION_FAILED', { data: { fields: { encoding: 'invalidOption' } } });
  }
  return { file, encoding: encoding.data };
}

export const guestImportRoutes: FastifyPluginAsyncZod<{
  guestImports: GuestImports;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { guestImports, reporting, clock }) => {
  await registerImportUploads(app);

  await app.register(guestImportFileRoutes, { guestImports });
  await app.register(guestImportStepRoutes, { guestImports });
  await app.register(failedRowsRoute, { guestImports, reporting, clock });
};

/** The meeting's template, uploading a file, and the imports there are. */
const guestImportFileRoutes: FastifyPluginAsyncZod<{ guestImports: GuestImports }> = async (
  app,
  { guestImports },
) => {
  app.get(
    '/api/meetings/:id/guest-imports/template',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary:
          "The meeting's guest file template (XLSX) in the request's language, with drop-down lists of its choices",
        security,
        params: meetingImportParams,
        response: { 200: xlsxAnswer('The template (XLSX)') },
      },
    },
    async (request, reply) => {
      const { meeting, file } = await guestImports.template(
        currentUser(request),
        request.params.id,
        request.lang,
      );
      const name = `${nameIn(request.lang, meeting.name, meeting.name_cn, meeting.name_en)}-${TEXT.template[request.lang]}.xlsx`;
      return sendTemplate(reply, name, file);
    },
  );

  app.post(
    '/api/meetings/:id/guest-imports',
    {
      config: { auth: 'guest:edit' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Upload a guest file (multipart: field `encoding` = auto|utf-8|big5|gb18030 for CSV, then field `file`, XLSX or CSV). Nothing is imported yet.',
        security,
        multipartBody: multipartForm({ encoding: encodingField }),
        params: meetingImportParams,
        response: { 200: envelope(guestImport) },
      },
    },
    async (request) => {
      const { file, encoding } = await uploadedFile(request);
      return ok(
        request,
        await guestImports.upload(currentUser(request), request.params.id, file, encoding, request.lang),
      );
    },
  );

  app.get(
    '/api/meetings/:id/guest-imports',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: "The meeting's recent guest imports, newest first",
        security,
        params: meetingImportParams,
        response: { 200: envelope(guestImportList) },
      },
    },
    async (request) =>
      ok(request, { items: await guestImports.list(currentUser(request), request.params.id, request.lang) }),
  );

  app.get(
    '/api/guest-imports/:id',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: 'One guest import: its columns, mapping, options and progress',
        security,
        params: importIdParams,
        response: { 200: envelope(guestImport) },
      },
    },
    async (request) =>
      ok(request, await guestImports.get(currentUser(request), request.params.id, request.lang)),
  );
};

/** An import step by step: the encoding, the preview, the start, or dropping it. */
const guestImportStepRoutes: FastifyPluginAsyncZod<{ guestImports: GuestImports }> = async (
  app,
  { guestImports },
) => {
  app.patch(
    '/api/guest-imports/:id',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Read a CSV again in another encoding (before the import starts)',
        security,
        params: importIdParams,
        body: importEncodingBody,
        response: { 200: envelope(guestImport) },
      },
    },
    async (request) =>
      ok(
        request,
        await guestImports.setEncoding(
          currentUser(request),
          request.params.id,
          request.body.encoding,
          request.lang,
        ),
      ),
  );

  app.post(
    '/api/guest-imports/:id/preview',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: "Judge every row with the sign-up's rules, duplicates and seats left; nothing is written",
        security,
        params: importIdParams,
        body: importPreviewBody,
        response: { 200: envelope(guestImportPreview) },
      },
    },
    async (request) =>
      ok(
        request,
        await guestImports.preview(
          currentUser(request),
          request.params.id,
          request.body.mapping,
          request.lang,
        ),
      ),
  );

  app.post(
    '/api/guest-imports/:id/start',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Start the import job (idempotent: an import already started is answered as it is)',
        security,
        params: importIdParams,
        body: importStartBody,
        response: { 200: envelope(guestImport) },
      },
    },
    async (request) =>
      ok(
        request,
        await guestImports.start(
          currentUser(request),
          request.params.id,
          request.body,
          request.ip,
          request.lang,
        ),
      ),
  );

  app.delete(
    '/api/guest-imports/:id',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Discard an import that has not started, with its file',
        security,
        params: importIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await guestImports.discard(currentUser(request), request.params.id);
      return ok(request, null);
    },
  );
};

/** The rows an import did not write, as a file. */
const failedRowsRoute: FastifyPluginAsyncZod<{
  guestImports: GuestImports;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { guestImports, reporting, clock }) => {
  app.get(
    '/api/guest-imports/:id/failed-rows',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: "The rows an import did not write, with the file's columns and a column saying why (XLSX)",
        security,
        params: importIdParams,
        response: { 200: xlsxAnswer('The rows not written (XLSX)') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const lang = request.lang;
      const { info, meeting, headers, rows } = await guestImports.failedRows(user, request.params.id);
      const meetingName = nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en);
      const same = (text: string): Localized => ({ 'zh-tw': text, 'zh-cn': text, en: text });
      return sendExport(request, reply, reporting, {
        user,
        fileName: `${meetingName}-${TEXT.failed[lang]}-${fileTimestamp(clock())}.xlsx`,
        sheets: [
          xlsxSheet({
            name: TEXT.failed,
            columns: [
              ...headers.map((header, i) => ({
                header: same(header),
                width: 18,
                value: (row: FailedRow) => row.cells[i] ?? '',
              })),
              { header: TEXT.reason, width: 50, value: (row: FailedRow) => row.reason },
            ],
            rows,
          }),
        ],
        auditKey: 'import.failed_rows_exported',
        auditParams: { id: info.id, meeting_id: meeting.id },
      });
    },
  );
};
