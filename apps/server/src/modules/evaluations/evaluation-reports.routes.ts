import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  evaluationNonResponders,
  evaluationNonRespondersQuery,
  evaluationParams,
  evaluationReport as evaluationReportSchema,
  evaluationReportQuery,
} from '@meetflow/shared/schemas/evaluations';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { fileTimestamp } from '../../lib/xlsx-export.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { evaluationReportSheets } from './evaluation-report-xlsx.ts';
import { evaluationReport, nonResponders, type ReportsDeps } from './evaluation-reports.ts';

const tags = ['evaluations'];
const security = [{ bearer: [] }];
/** Reports are the certificates' business: the accrediting body asks for both. */
const manage = { auth: 'certificate:manage' as const };

/** An evaluation's report (JSON and XLSX) and who has not answered it yet. */
export const evaluationReportsRoutes: FastifyPluginAsyncZod<
  ReportsDeps & { reporting: ExportReporting; clock: () => number }
> = async (app, { reporting, clock, ...deps }) => {
  app.get(
    '/api/evaluations/:id/report',
    {
      config: manage,
      schema: {
        tags,
        summary: "An evaluation's report per question: counts, distributions, averages, free texts",
        security,
        params: evaluationParams,
        querystring: evaluationReportQuery,
        response: { 200: envelope(evaluationReportSchema) },
      },
    },
    async (request) => {
      const lang = request.query.lang ?? request.lang;
      const { report } = await evaluationReport(deps, currentUser(request), request.params.id, lang);
      return ok(request, report);
    },
  );

  app.get(
    '/api/evaluations/:id/report.xlsx',
    {
      config: manage,
      schema: {
        tags,
        summary: "An evaluation's report as an XLSX file (aggregates only: no respondent's data)",
        security,
        params: evaluationParams,
        querystring: evaluationReportQuery,
        response: { 200: xlsxAnswer('The evaluation report (XLSX)') },
      },
    },
    async (request, reply) => {
      // The file's words follow the asked language, its headers included.
      if (request.query.lang) request.lang = request.query.lang;
      const user = currentUser(request);
      const { meeting, workbook } = await evaluationReport(deps, user, request.params.id, request.lang);
      return sendExport(request, reply, reporting, {
        user,
        fileName: `${workbook.meetingName}-evaluation-${request.params.id}-${fileTimestamp(clock())}.xlsx`,
        sheets: evaluationReportSheets(workbook),
        auditKey: 'evaluation.report_exported',
        auditParams: { id: request.params.id, meeting_id: meeting.id, meeting_name: meeting.name },
        meetingId: meeting.id,
      });
    },
  );

  app.get(
    '/api/evaluations/:id/non-responders',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Guests who may answer an evaluation and have not: for reminders, never their answers',
        security,
        params: evaluationParams,
        querystring: evaluationNonRespondersQuery,
        response: { 200: envelope(evaluationNonResponders) },
      },
    },
    async (request) =>
      ok(request, await nonResponders(deps, currentUser(request), request.params.id, request.query)),
  );
};
