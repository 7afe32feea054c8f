import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  cmePublicCodeRequest,
  cmePublicCodeResult,
  cmePublicTranscriptQuery,
  cmePublicVerifyRequest,
  cmePublicVerifyResult,
} from '@meetflow/shared/schemas/cme';
import { pdfAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import type { CmeAccess } from './cme-access.ts';
import { sendPdf } from './cme.routes.ts';
import type { CmeService } from './cme.service.ts';

const tags = ['public'];
const publicRoute = { auth: 'public' as const };

/** `Authorization: Bearer <token>`: the token `verify` gave (never in a URL). */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? '');
  return match?.[1];
}

/** The doctor's public transcript page: a code by e-mail, a token for it, the PDF with the token. */
export const cmePublicRoutes: FastifyPluginAsyncZod<{
  cme: CmeService;
  access: CmeAccess;
  timeZone: string;
}> = async (app, { cme, access, timeZone }) => {
  app.post(
    '/api/public/cme/code',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Mail a one-time code to this address if it is on a CME record (answered alike either way)',
        body: cmePublicCodeRequest,
        response: { 200: envelope(cmePublicCodeResult) },
      },
    },
    async (request) => {
      await access.requestCode(request.body.email, request.lang, request.ip);
      return ok(request, { code_sent: true as const });
    },
  );

  app.post(
    '/api/public/cme/verify',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'Exchange the e-mailed code (once) for a short-lived token and the CME records of the address',
        body: cmePublicVerifyRequest,
        response: { 200: envelope(cmePublicVerifyResult) },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      const { token, expiresAt } = await access.verify(email, code, request.ip);
      return ok(request, {
        token,
        expires_at: expiresAt,
        transcripts: await cme.publicTranscripts(email),
        time_zone: timeZone,
      });
    },
  );

  app.get(
    '/api/public/cme/transcript.pdf',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "The doctor's transcript at one organisation as PDF (Authorization: Bearer <verify's token>)",
        security: [{ bearer: [] }],
        querystring: cmePublicTranscriptQuery,
        response: { 200: pdfAnswer('The transcript (PDF)') },
      },
    },
    async (request, reply) => {
      const email = await access.emailOf(bearerToken(request.headers.authorization));
      // Each download draws a PDF: a budget per address keeps that from being a lever.
      await access.pdfLimit.consume(request.ip);
      const { organization_id: organizationId, person_id: personId, language } = request.query;
      return sendPdf(reply, await cme.publicPdf(email, organizationId, personId, language));
    },
  );
};
