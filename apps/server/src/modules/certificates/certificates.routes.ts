import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nameIn } from '@meetflow/shared/languages';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  badgeQuery,
  certificateActionResult,
  certificateCodeParams,
  certificateExportQuery,
  certificateGuestParams,
  certificateListQuery,
  certificatePage,
  certificatePreviewRequest,
  certificateRevokeRequest,
  certificateSettings,
  certificateSettingsInput,
  certificateTargets,
  certificateVerification,
  guestCertificateStatus,
  meetingCertificateParams,
} from '@meetflow/shared/schemas/certificates';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { pdfAnswer, xlsxAnswer, zipAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { contentDisposition, fileTimestamp } from '../../lib/xlsx-export.ts';
import { sendZip } from '../../lib/zip-stream.ts';
import { currentUser, guestToken } from '../../plugins/authorization.ts';
import { certificateSheet } from './certificate-export.ts';
import type { BadgesService } from './badges.service.ts';
import type { CertificateFile } from './certificate-core.ts';
import type { CertificatesService } from './certificates.service.ts';
import type { GuestCertificatesService } from './guest-certificates.service.ts';

const tags = ['certificates'];
const security = [{ bearer: [] }];

function sendPdf(reply: FastifyReply, file: CertificateFile): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(file.fileName))
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

const manage = { auth: 'certificate:manage' as const };
const actor = (request: Parameters<typeof currentUser>[0]) => ({
  user: currentUser(request),
  ip: request.ip,
});

/** Certificates and badges (issue 18): the back office's, and the public verification and guest download. */
export const certificatesRoutes: FastifyPluginAsyncZod<{
  certificates: CertificatesService;
  guestCertificates: GuestCertificatesService;
  badges: BadgesService;
  reporting: ExportReporting;
  clock: () => number;
  limiters: LimiterFactory;
}> = async (app, { certificates, guestCertificates, badges, reporting, clock, limiters }) => {
  await app.register(certificateSettingsRoutes, { certificates });
  await app.register(certificateListRoutes, { certificates, reporting, clock });
  await app.register(certificateActionRoutes, { certificates });
  await app.register(certificateFileRoutes, { certificates, badges, clock });
  await app.register(publicCertificateRoutes, { guestCertificates, limiters });
};

/** A meeting's certificate rule and template, and a preview. */
const certificateSettingsRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  app.get(
    '/api/meetings/:id/certificate-settings',
    {
      config: manage,
      schema: {
        tags,
        summary: "A meeting's attendance rule, credits and certificate template",
        security,
        params: meetingCertificateParams,
        response: { 200: envelope(certificateSettings) },
      },
    },
    async (request) => ok(request, await certificates.settings(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/meetings/:id/certificate-settings',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save a meeting's attendance rule, credits and certificate template",
        security,
        params: meetingCertificateParams,
        body: certificateSettingsInput,
        response: { 200: envelope(certificateSettings) },
      },
    },
    async (request) =>
      ok(request, await certificates.saveSettings(actor(request), request.params.id, request.body)),
  );

  app.post(
    '/api/meetings/:id/certificates/preview',
    {
      config: manage,
      schema: {
        tags,
        summary: "A template being edited, as PDF, with a guest's figures or sample ones",
        security,
        params: meetingCertificateParams,
        body: certificatePreviewRequest,
        response: { 200: pdfAnswer('The preview (PDF)') },
      },
    },
    async (request, reply) => {
      const bytes = await certificates.preview(
        currentUser(request),
        request.params.id,
        request.body.template,
        request.body.guest_id,
      );
      return sendPdf(reply, { fileName: 'certificate-preview.pdf', bytes });
    },
  );
};

/** The list of guests with their standing, and its export. */
const certificateListRoutes: FastifyPluginAsyncZod<{
  certificates: CertificatesService;
  reporting: ExportReporting;
  clock: () => number;
}> = async (app, { certificates, reporting, clock }) => {
  app.get(
    '/api/meetings/:id/certificates',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Guests with their time present, credits and certificate state',
        security,
        params: meetingCertificateParams,
        querystring: certificateListQuery,
        response: { 200: envelope(certificatePage) },
      },
    },
    async (request) =>
      ok(request, await certificates.list(currentUser(request), request.params.id, request.query)),
  );

  app.get(
    '/api/meetings/:id/certificates/export',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The certificate list as a streamed XLSX file',
        security,
        params: meetingCertificateParams,
        querystring: certificateExportQuery,
        response: { 200: xlsxAnswer('The certificate list (XLSX)') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const meeting = await certificates.visibleMeeting(user, request.params.id);
      const { rows, sessions } = await certificates.exportRows(meeting, request.query);
      const meetingName = nameIn(request.lang, meeting.name, meeting.name_cn, meeting.name_en);
      return sendExport(request, reply, reporting, {
        user,
        fileName: `${meetingName}-certificates-${fileTimestamp(clock())}.xlsx`,
        sheets: [certificateSheet(rows, sessions)],
        auditKey: 'certificates.exported',
        auditParams: { meeting_id: meeting.id, meeting_name: meeting.name },
        meetingId: meeting.id,
      });
    },
  );
};

/** Issuing, sending and revoking. */
const certificateActionRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  for (const [path, action, summary] of [
    ['issue', 'issue', 'Issue certificates to the listed guests, or to all, who earned them'],
    ['send', 'send', 'E-mail issued certificates (PDF attached) to the listed guests, or to all'],
  ] as const) {
    app.post(
      `/api/meetings/:id/certificates/${path}`,
      {
        config: manage,
        schema: {
          tags,
          summary,
          security,
          params: meetingCertificateParams,
          body: certificateTargets,
          response: { 200: envelope(certificateActionResult) },
        },
      },
      async (request) =>
        ok(request, await certificates[action](actor(request), request.params.id, request.body)),
    );
  }

  app.post(
    '/api/meetings/:id/certificates/revoke',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Revoke the listed guests’ certificates: their codes then verify as revoked',
        security,
        params: meetingCertificateParams,
        body: certificateRevokeRequest,
        response: { 200: envelope(certificateActionResult) },
      },
    },
    async (request) =>
      ok(request, await certificates.revoke(actor(request), request.params.id, request.body)),
  );
};

/** Certificates and badges as files: the ZIP, one PDF, the badge sheets. */
const certificateFileRoutes: FastifyPluginAsyncZod<{
  certificates: CertificatesService;
  badges: BadgesService;
  clock: () => number;
}> = async (app, { certificates, badges, clock }) => {
  app.get(
    '/api/meetings/:id/certificates/zip',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Every issued, unrevoked certificate of the meeting as PDFs in one streamed ZIP',
        security,
        params: meetingCertificateParams,
        response: { 200: zipAnswer('The certificates (ZIP of PDFs)') },
      },
    },
    async (request, reply) => {
      const who = actor(request);
      const meeting = await certificates.visibleMeeting(who.user, request.params.id);
      return sendZip(request, reply, {
        fileName: `${meeting.name}-certificates-${fileTimestamp(clock())}.zip`,
        entries: certificates.issuedFiles(meeting),
        done: (count, completed) => certificates.recordDownload(who, meeting.id, count, completed),
      });
    },
  );

  app.get(
    '/api/meetings/:id/certificates/:guestId/pdf',
    {
      config: manage,
      schema: {
        tags,
        summary: "A guest's issued certificate as PDF",
        security,
        params: certificateGuestParams,
        response: { 200: pdfAnswer('The certificate (PDF)') },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await certificates.pdf(currentUser(request), request.params.id, request.params.guestId)),
  );

  app.get(
    '/api/meetings/:id/badges',
    {
      // Door staff print one guest's badge at the door; the meeting's sheets are the organiser's.
      config: { auth: ['certificate:manage', 'records:scan'] },
      schema: {
        tags,
        summary: 'Name badges as PDF: label sheets (2×4, 2×5 on A4) or one per page for badge printers',
        security,
        params: meetingCertificateParams,
        querystring: badgeQuery,
        response: { 200: pdfAnswer('The badges (PDF)') },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await badges.badges(actor(request), request.params.id, request.query)),
  );
};

/** Public: checking a code, and a guest's own certificate. */
const publicCertificateRoutes: FastifyPluginAsyncZod<{
  guestCertificates: GuestCertificatesService;
  limiters: LimiterFactory;
}> = async (app, { guestCertificates, limiters }) => {
  const verifyLimit = limiters('certificate_verify_ip', 60, 60);
  const pdfLimit = limiters('certificate_pdf_ip', 120, 60);
  app.get(
    '/api/public/certificates/:code',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary:
          'Whether a certificate code is genuine: the holder’s name and meeting, and whether it was revoked',
        params: certificateCodeParams,
        response: { 200: envelope(certificateVerification) },
      },
    },
    async (request) => {
      await verifyLimit.consume(request.ip);
      return ok(request, await guestCertificates.verify(request.params.code));
    },
  );

  // The short link printed on certificates: the app's routes live after the hash.
  app.get(
    '/verify/:code',
    { config: { auth: 'public' }, schema: { hide: true, params: certificateCodeParams } },
    async (request, reply) => reply.redirect(`/#/verify/${request.params.code}`, 302),
  );

  const guestSecurity = [{ guestToken: [] }];
  app.get(
    '/api/public/guest/certificate',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary: "The guest's certificate of attendance: offered, earned, downloadable",
        security: guestSecurity,
        response: { 200: envelope(guestCertificateStatus) },
      },
    },
    async (request) => ok(request, await guestCertificates.guestStatus(guestToken(request))),
  );

  app.get(
    '/api/public/guest/certificate/pdf',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary: "The guest's certificate as PDF",
        security: guestSecurity,
        response: { 200: pdfAnswer('The certificate (PDF)') },
      },
    },
    async (request, reply) => {
      // Each download draws a PDF (~20 ms of CPU): a budget per address keeps that from being a lever.
      await pdfLimit.consume(request.ip);
      return sendPdf(reply, await guestCertificates.guestPdf(guestToken(request)));
    },
  );
};
