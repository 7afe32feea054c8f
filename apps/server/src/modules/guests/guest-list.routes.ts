import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nameIn } from '@meetflow/shared/languages';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  guestExportQuery,
  guestListQuery,
  guestPage,
  meetingGuestsParams,
} from '@meetflow/shared/schemas/guests';
import { xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { fileTimestamp, xlsxSheet } from '../../lib/xlsx-export.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { EXPORT_TEXT, guestExportColumns } from './guest-admin-export.ts';
import type { GuestsService } from './guest-admin.service.ts';

const tags = ['guests'];
const security = [{ bearer: [] }];

/** A meeting's guest list: the page on screen and the XLSX export. */
export const guestListRoutes: FastifyPluginAsyncZod<{
  guests: GuestsService;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { guests, reporting, clock }) => {
  app.get(
    '/api/meetings/:id/guests',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary:
          "A meeting's guests, paginated, sorted and filtered (keyword, type, attendance, sign-up date, answers)",
        security,
        params: meetingGuestsParams,
        querystring: guestListQuery,
        response: { 200: envelope(guestPage) },
      },
    },
    async (request) =>
      ok(request, await guests.list(currentUser(request), request.params.id, request.query, request.lang)),
  );

  app.get(
    '/api/meetings/:id/guests/export',
    {
      config: { auth: 'guest:export' },
      schema: {
        tags,
        summary:
          "The meeting's guests matching the list's filters as a streamed XLSX file (a column per own field)",
        security,
        params: meetingGuestsParams,
        querystring: guestExportQuery,
        response: { 200: xlsxAnswer('The guests (XLSX)') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const lang = request.lang;
      const meeting = await guests.visibleMeeting(user, request.params.id);
      const fields = await guests.formFields(meeting.id);
      // Built before the file starts: a filter the meeting's form refuses is still a 400.
      const rows = guests.exportRows(meeting, request.query, lang, fields);
      const meetingName = nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en);
      const fileName = `${meetingName}-${EXPORT_TEXT.sheet[lang]}-${fileTimestamp(clock())}.xlsx`;
      return sendExport(request, reply, reporting, {
        user,
        fileName,
        sheets: [
          xlsxSheet({
            name: EXPORT_TEXT.sheet,
            columns: guestExportColumns(meeting.meeting_type, fields),
            rows,
          }),
        ],
        auditKey: 'guest.exported',
        auditParams: { meeting_id: meeting.id, meeting_name: meeting.name },
        meetingId: meeting.id,
      });
    },
  );
};
