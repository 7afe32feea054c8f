import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nameIn, type Localized } from '@meetflow/shared/languages';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  IMPORT_FILE_MAX_BYTES,
  importIdParams,
  meetingImportParams,
  scheduleImportPreview,
  scheduleImportResult,
} from '@meetflow/shared/schemas/imports';
import { AppError } from '../../lib/app-error.ts';
import { readUpload } from '../../lib/multipart-upload.ts';
import { multipartForm, xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { IMPORT_BODY_LIMIT, registerImportUploads, sendTemplate } from './import-common.ts';
import type { ScheduleImports } from './schedule-import.service.ts';

const tags = ['imports'];
const security = [{ bearer: [] }];

const TEMPLATE: Localized = {
  'zh-tw': '日程匯入範本',
  'zh-cn': '日程导入模板',
  en: 'schedule import template',
};

/** A date-schedule meeting's sessions, registration types and college categories from one workbook. */
export const scheduleImportRoutes: FastifyPluginAsyncZod<{ scheduleImports: ScheduleImports }> = async (
  app,
  { scheduleImports },
) => {
  await registerImportUploads(app);

  app.get(
    '/api/meetings/:id/schedule-imports/template',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        summary:
          "The meeting's schedule workbook (XLSX) in the request's language: sessions, registration types and college categories as they are, with a drop-down of the usable time slots",
        security,
        params: meetingImportParams,
        response: { 200: xlsxAnswer('The schedule workbook (XLSX)') },
      },
    },
    async (request, reply) => {
      const { meeting, file } = await scheduleImports.template(
        currentUser(request),
        request.params.id,
        request.lang,
      );
      const name = `${nameIn(request.lang, meeting.name, meeting.name_cn, meeting.name_en)}-${TEMPLATE[request.lang]}.xlsx`;
      return sendTemplate(reply, name, file);
    },
  );

  app.post(
    '/api/meetings/:id/schedule-imports',
    {
      config: { auth: 'dictionary:edit' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Upload a schedule workbook (multipart field `file`, XLSX) of a date-schedule meeting and judge every row; nothing is written yet',
        security,
        multipartBody: multipartForm({}),
        params: meetingImportParams,
        response: { 200: envelope(scheduleImportPreview) },
      },
    },
    async (request) => {
      const { file } = await readUpload(request, IMPORT_FILE_MAX_BYTES);
      if (!file) throw new AppError('FILE_REQUIRED');
      return ok(
        request,
        await scheduleImports.upload(currentUser(request), request.params.id, file, request.lang),
      );
    },
  );

  app.post(
    '/api/schedule-imports/:id/apply',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        summary:
          'Apply an uploaded schedule workbook whole, in one transaction, after judging it again (refused whole while any row is invalid; once only)',
        security,
        params: importIdParams,
        response: { 200: envelope(scheduleImportResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await scheduleImports.apply(currentUser(request), request.params.id, request.ip, request.lang),
      ),
  );
};
