import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nameIn } from '@meetflow/shared/languages';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  adminGuest,
  guestDetail,
  guestExportQuery,
  guestIdParams,
  guestListQuery,
  guestPage,
  meetingGuestsParams,
} from '@meetflow/shared/schemas/guests';
import { signUpBody } from '@meetflow/shared/schemas/public';
import { xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { fileTimestamp, xlsxSheet } from '../../lib/xlsx-export.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { EXPORT_TEXT, guestExportColumns } from './guest-admin-export.ts';
import type { GuestsService } from './guest-admin.service.ts';

const tags = ['guests'];
const security = [{ bearer: [] }];

export const guestsRoutes: FastifyPluginAsyncZod<{
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
          "A meeting's guests, paginated, sorted and filtered (keyword, type, attendance, sign-up date)",
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
        summary: "The meeting's guests matching the list's filters as a streamed XLSX file",
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
      const meetingName = nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en);
      const fileName = `${meetingName}-${EXPORT_TEXT.sheet[lang]}-${fileTimestamp(clock())}.xlsx`;
      return sendExport(request, reply, reporting, {
        user,
        fileName,
        sheets: [
          xlsxSheet({
            name: EXPORT_TEXT.sheet,
            columns: guestExportColumns(meeting.meeting_type),
            rows: guests.exportRows(meeting, request.query, lang),
          }),
        ],
        auditKey: 'guest.exported',
        auditParams: { meeting_id: meeting.id, meeting_name: meeting.name },
        meetingId: meeting.id,
      });
    },
  );

  app.post(
    '/api/meetings/:id/guests',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: "Add a guest with the meeting's sign-up form (capacity counted as for a sign-up)",
        security,
        params: meetingGuestsParams,
        body: signUpBody,
        response: { 200: envelope(adminGuest) },
      },
    },
    async (request) =>
      ok(
        request,
        await guests.create(currentUser(request), request.params.id, request.body, request.ip, request.lang),
      ),
  );

  app.get(
    '/api/guests/:id',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: 'One guest with their sessions and scan history',
        security,
        params: guestIdParams,
        response: { 200: envelope(guestDetail) },
      },
    },
    async (request) =>
      ok(request, await guests.detail(currentUser(request), request.params.id, request.lang)),
  );

  app.put(
    '/api/guests/:id',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: "Replace a guest's form data (and, for date-schedule meetings, their sessions)",
        security,
        params: guestIdParams,
        body: signUpBody,
        response: { 200: envelope(adminGuest) },
      },
    },
    async (request) =>
      ok(
        request,
        await guests.update(currentUser(request), request.params.id, request.body, request.ip, request.lang),
      ),
  );

  app.delete(
    '/api/guests/:id',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Delete a guest: seats are given back, the scan history is kept',
        security,
        params: guestIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await guests.remove(currentUser(request), request.params.id, request.ip);
      return ok(request, null);
    },
  );
};
