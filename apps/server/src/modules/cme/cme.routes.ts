import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  cmeLinkResult,
  cmeMergeRequest,
  cmeOrganizationParams,
  cmePeoplePage,
  cmePeopleQuery,
  cmePersonDetail,
  cmePersonParams,
  cmePersonResult,
  cmeReturnColumns,
  cmeReturnQuery,
  cmeSplitRequest,
  cmeTranscriptQuery,
} from '@meetflow/shared/schemas/cme';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { pdfAnswer, xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { contentDisposition, fileTimestamp } from '../../lib/xlsx-export.ts';
import { currentActor, currentUser } from '../../plugins/authorization.ts';
import { returnSheet } from './cme-return.ts';
import type { CmeService } from './cme.service.ts';
import type { CmeReturn } from './cme-yearly-return.ts';

const tags = ['cme'];
const security = [{ bearer: [] }];
const manage = { auth: 'certificate:manage' as const };

export function sendPdf(reply: FastifyReply, file: { fileName: string; bytes: Uint8Array }): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** The back office's CME record: people, merge and split, transcripts, the yearly return. */
export const cmeRoutes: FastifyPluginAsyncZod<{
  cme: CmeService;
  cmeReturn: CmeReturn;
  reporting: ExportReporting;
  clock: () => number;
  timeZone: string;
}> = async (app, { cme, cmeReturn, reporting, clock, timeZone }) => {
  await app.register(cmePeopleRoutes, { cme });
  await app.register(cmeReturnRoutes, { cmeReturn, reporting, clock, timeZone });
};

/** The people: linking, lists, merge and split, transcripts. */
const cmePeopleRoutes: FastifyPluginAsyncZod<{ cme: CmeService }> = async (app, { cme }) => {
  app.post(
    '/api/organizations/:id/cme/link',
    {
      config: manage,
      schema: {
        tags,
        summary: "Link the organisation's guests to people by licence number, else e-mail",
        security,
        params: cmeOrganizationParams,
        response: { 200: envelope(cmeLinkResult) },
      },
    },
    async (request) => ok(request, await cme.link(currentActor(request), request.params.id)),
  );

  app.get(
    '/api/organizations/:id/cme/people',
    {
      config: manage,
      schema: {
        tags,
        summary: "The organisation's doctors with their meetings and credits (linked first)",
        security,
        params: cmeOrganizationParams,
        querystring: cmePeopleQuery,
        response: { 200: envelope(cmePeoplePage) },
      },
    },
    async (request) => ok(request, await cme.people(currentUser(request), request.params.id, request.query)),
  );

  app.get(
    '/api/cme/people/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "A doctor's record: each linked guest's meeting, credits and certificate code",
        security,
        params: cmePersonParams,
        response: { 200: envelope(cmePersonDetail) },
      },
    },
    async (request) => ok(request, await cme.detail(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/cme/people/:id/merge',
    {
      config: manage,
      schema: {
        tags,
        summary: "Move another person's guests to this one (kept by later linkings) and remove the other",
        security,
        params: cmePersonParams,
        body: cmeMergeRequest,
        response: { 200: envelope(cmePersonResult) },
      },
    },
    async (request) =>
      ok(request, {
        person_id: await cme.merge(currentActor(request), request.params.id, request.body.other_id),
      }),
  );

  app.post(
    '/api/cme/people/:id/split',
    {
      config: manage,
      schema: {
        tags,
        summary: "Move some of a person's guests to a new person (kept by later linkings)",
        security,
        params: cmePersonParams,
        body: cmeSplitRequest,
        response: { 200: envelope(cmePersonResult) },
      },
    },
    async (request) =>
      ok(request, {
        person_id: await cme.split(currentActor(request), request.params.id, request.body.guest_ids),
      }),
  );

  app.get(
    '/api/cme/people/:id/transcript.pdf',
    {
      config: manage,
      schema: {
        tags,
        summary: "A doctor's CME transcript as PDF, in the organisation's or the asked language",
        security,
        params: cmePersonParams,
        querystring: cmeTranscriptQuery,
        response: { 200: pdfAnswer('The transcript (PDF)') },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await cme.transcriptPdf(currentActor(request), request.params.id, request.query.language),
      ),
  );
};

/** The yearly return and its saved columns. */
const cmeReturnRoutes: FastifyPluginAsyncZod<{
  cmeReturn: CmeReturn;
  reporting: ExportReporting;
  clock: () => number;
  timeZone: string;
}> = async (app, { cmeReturn, reporting, clock, timeZone }) => {
  app.get(
    '/api/organizations/:id/cme/return-columns',
    {
      config: manage,
      schema: {
        tags,
        summary: "The yearly return's chosen columns (all until a choice is saved)",
        security,
        params: cmeOrganizationParams,
        response: { 200: envelope(cmeReturnColumns) },
      },
    },
    async (request) =>
      ok(request, { columns: await cmeReturn.columns(currentUser(request), request.params.id) }),
  );

  app.put(
    '/api/organizations/:id/cme/return-columns',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save the yearly return's columns and their order",
        security,
        params: cmeOrganizationParams,
        body: cmeReturnColumns,
        response: { 200: envelope(cmeReturnColumns) },
      },
    },
    async (request) =>
      ok(request, {
        columns: await cmeReturn.saveColumns(currentActor(request), request.params.id, request.body.columns),
      }),
  );

  app.get(
    '/api/organizations/:id/cme/return.xlsx',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The yearly return: each linked attendee of each meeting started that year, as XLSX',
        security,
        params: cmeOrganizationParams,
        querystring: cmeReturnQuery,
        response: { 200: xlsxAnswer('The yearly return (XLSX)') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { year } = request.query;
      const { org, rows, columns } = await cmeReturn.rows(user, request.params.id, year);
      return sendExport(request, reply, reporting, {
        user,
        fileName: `${org.name}-cme-${year}-${fileTimestamp(clock())}.xlsx`,
        sheets: [returnSheet(rows, columns, timeZone)],
        auditKey: 'cme.return_exported',
        auditParams: { organization_id: org.id, year },
      });
    },
  );
};
