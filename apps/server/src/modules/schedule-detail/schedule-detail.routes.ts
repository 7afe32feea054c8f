import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nameIn } from '@meetflow/shared/languages';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  enrolledGuestPage,
  enrolledGuestsParams,
  enrolledGuestsQuery,
  scheduleDetail,
  scheduleDetailParams,
} from '@meetflow/shared/schemas/schedule-detail';
import { xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { fileTimestamp } from '../../lib/xlsx-export.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { SCHEDULE_EXPORT_TEXT, type ScheduleDetailService } from './schedule-detail.service.ts';

const tags = ['schedule-detail'];
const security = [{ bearer: [] }];

export const scheduleDetailRoutes: FastifyPluginAsyncZod<{
  scheduleDetail: ScheduleDetailService;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { scheduleDetail: service, reporting, clock }) => {
  app.get(
    '/api/meetings/:id/schedule-detail',
    {
      config: { auth: 'schedule:view' },
      schema: {
        tags,
        summary: 'Per session of a meeting: sign-ups against the limit, checked-in and inside counts',
        security,
        params: scheduleDetailParams,
        response: { 200: envelope(scheduleDetail) },
      },
    },
    async (request) => ok(request, await service.summaries(currentUser(request), request.params.id)),
  );

  app.get(
    '/api/schedules/:id/guests',
    {
      config: { auth: 'schedule:view' },
      schema: {
        tags,
        summary: "A session's enrolled guests with their attendance for it, paginated (no contact data)",
        security,
        params: enrolledGuestsParams,
        querystring: enrolledGuestsQuery,
        response: { 200: envelope(enrolledGuestPage) },
      },
    },
    async (request) =>
      ok(
        request,
        await service.enrolled(currentUser(request), request.params.id, request.query, request.lang),
      ),
  );

  app.get(
    '/api/meetings/:id/schedule-detail/export',
    {
      config: { auth: 'schedule:export' },
      schema: {
        tags,
        summary: 'Schedule detail as a streamed XLSX file: the sessions, then their enrolled guests',
        security,
        params: scheduleDetailParams,
        response: { 200: xlsxAnswer('The schedule detail (XLSX)') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const lang = request.lang;
      const meeting = await service.visibleMeeting(user, request.params.id);
      const meetingName = nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en);
      const fileName = `${meetingName}-${SCHEDULE_EXPORT_TEXT.file[lang]}-${fileTimestamp(clock())}.xlsx`;
      return sendExport(request, reply, reporting, {
        user,
        fileName,
        sheets: await service.exportSheets(meeting, lang),
        auditKey: 'schedule_detail.exported',
        auditParams: { meeting_id: meeting.id, meeting_name: meeting.name },
        meetingId: meeting.id,
      });
    },
  );
};
