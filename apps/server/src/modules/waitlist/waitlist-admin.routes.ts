import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { meetingIdParams } from '@meetflow/shared/schemas/meetings';
import {
  waitlistEntryParams,
  waitlistExportQuery,
  waitlistPage,
  waitlistPromoteResult,
  waitlistQuery,
} from '@meetflow/shared/schemas/waitlist';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { fileTimestamp } from '../../lib/xlsx-export.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { waitlistSheet } from './waitlist-export.ts';
import type { WaitlistService } from './waitlist.service.ts';

const tags = ['waitlist'];
const security = [{ bearer: [] }];

/** The back office's side of the waiting lists: a meeting's lists, promotion, removal, export. */
export const waitlistAdminRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { waitlist, reporting, clock }) => {
  app.get(
    '/api/meetings/:id/waitlist',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: "A meeting's or session's waiting list: the line, offers pending, what became of the others",
        security,
        params: meetingIdParams,
        querystring: waitlistQuery,
        response: { 200: envelope(waitlistPage) },
      },
    },
    async (request) =>
      ok(request, await waitlist.list(currentUser(request), request.params.id, request.query)),
  );

  app.post(
    '/api/meetings/:id/waitlist/:entryId/promote',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Give a place its seat now; with none free, the limit is raised by one for it',
        security,
        params: waitlistEntryParams,
        response: { 200: envelope(waitlistPromoteResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await waitlist.promote(currentUser(request), request.params.id, request.params.entryId, request.ip),
      ),
  );

  app.delete(
    '/api/meetings/:id/waitlist/:entryId',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Take a place off the list (a held seat passes to the next in line)',
        security,
        params: waitlistEntryParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await waitlist.remove(currentUser(request), request.params.id, request.params.entryId, request.ip);
      return ok(request, null);
    },
  );

  app.get(
    '/api/meetings/:id/waitlist/export',
    {
      config: { auth: 'guest:export' },
      schema: {
        tags,
        summary: 'A waiting list as a streamed XLSX file',
        security,
        params: meetingIdParams,
        querystring: waitlistExportQuery,
        response: { 200: xlsxAnswer('The waiting list (XLSX)') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const meeting = await waitlist.visibleMeeting(user, request.params.id);
      const { listName, rows } = await waitlist.exportRows(meeting, request.query.schedule_id, request.lang);
      return sendExport(request, reply, reporting, {
        user,
        fileName: `${listName}-waitlist-${fileTimestamp(clock())}.xlsx`,
        sheets: [waitlistSheet(rows)],
        auditKey: 'waitlist.exported',
        auditParams: { meeting_id: meeting.id, meeting_name: meeting.name, list_name: listName },
        meetingId: meeting.id,
      });
    },
  );
};
