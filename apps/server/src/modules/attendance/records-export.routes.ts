import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordExportQuery } from '@meetflow/shared/schemas/attendance';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { fileTimestamp, XLSX_MIME } from '../../lib/xlsx-export.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { RecordsExport } from './records-export.ts';

/** The records page's export: the attendance log per guest and every entry and exit, as XLSX. */
export const recordsExportRoutes: FastifyPluginAsyncZod<{
  recordsExport: RecordsExport;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { recordsExport, reporting, clock }) => {
  app.get(
    '/api/attendance/records/export',
    {
      // The records page's right and, for the phone numbers, the guest export's.
      config: { auth: { allOf: ['records:view', 'guest:export'] } },
      schema: {
        tags: ['attendance'],
        summary:
          "Entries and exits with the records page's filters as a streamed XLSX file: per guest and scope (entries, exits, times, stations, minutes present) and every record; needs records:view and guest:export (phone numbers)",
        security: [{ bearer: [] }],
        querystring: recordExportQuery,
        response: {
          200: {
            description: 'The workbook, streamed',
            content: { [XLSX_MIME]: { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { meeting, meetingName, fileLabel, sheets } = await recordsExport.prepare(
        user,
        request.query,
        request.lang,
      );
      return sendExport(request, reply, reporting, {
        user,
        fileName: `${meetingName}-${fileLabel}-${fileTimestamp(clock())}.xlsx`,
        sheets,
        auditKey: 'attendance.exported',
        auditParams: { meeting_id: meeting.id, meeting_name: meeting.name },
        meetingId: meeting.id,
      });
    },
  );
};
