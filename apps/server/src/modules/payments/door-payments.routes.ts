import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANSWER_FILE_MAX_BYTES, ANSWER_FILE_MIMES } from '@meetflow/shared/forms/form-basics';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { MB } from '@meetflow/shared/schemas/files';
import {
  deskPaymentAnswer,
  deskPaymentBody,
  orderProofParams,
  proofUploaded,
} from '@meetflow/shared/schemas/payments';
import { readUpload } from '../../lib/multipart-upload.ts';
import { fileAnswer, multipartForm } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { contentDisposition } from '../../lib/xlsx-export.ts';
import { currentUser, guestToken } from '../../plugins/authorization.ts';
import type { Db } from '../../db/database.ts';
import type { ConfirmOutcome, PaymentInput } from './confirm-payment.ts';
import { takeDeskPayment } from './desk.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import type { Proofs } from './proof.ts';

/**
 * The guest's proof of payment (upload by guest token, download in the back office) and the desk's
 * payment at the door. Multipart is registered for this plugin only.
 */
export const doorPaymentsRoutes: FastifyPluginAsyncZod<{
  deps: PaymentsDeps;
  proofs: Proofs;
  confirmIn: (trx: Db, input: PaymentInput) => Promise<ConfirmOutcome>;
}> = async (app, { deps, proofs, confirmIn }) => {
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: 1024,
      fileSize: ANSWER_FILE_MAX_BYTES,
      headerPairs: 50,
    },
  });

  app.post(
    '/api/public/guest/orders/:id/proof',
    {
      config: { auth: 'public' },
      // The application's 1 MB body limit is raised for this route alone.
      bodyLimit: ANSWER_FILE_MAX_BYTES + MB,
      schema: {
        tags: ['public'],
        summary:
          'Upload a proof of payment for the guest’s order awaiting payment (X-Guest-Token; multipart field `file`: PDF, JPEG or PNG judged by its bytes, at most 5 MB); replaces an earlier one',
        security: [{ guestToken: [] }],
        params: orderProofParams,
        multipartBody: multipartForm({}),
        response: { 200: envelope(proofUploaded) },
      },
    },
    async (request) =>
      ok(
        request,
        await proofs.upload(guestToken(request), request.params.id, request.ip, () => readUpload(request)),
      ),
  );

  app.get(
    '/api/orders/:id/proof',
    {
      config: { auth: 'payment:view' },
      schema: {
        tags: ['payments'],
        summary: "The guest's proof of payment of an order, as a download; audited",
        security: [{ bearer: [] }],
        params: orderProofParams,
        response: { 200: fileAnswer(ANSWER_FILE_MIMES, 'The proof: a PDF, JPEG or PNG') },
      },
    },
    async (request, reply) => {
      const file = await proofs.download(currentUser(request), request.params.id, request.ip);
      // Personal data: never kept by a cache, never rendered in place.
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    },
  );

  app.post(
    '/api/payments/desk',
    {
      config: { auth: 'payment:desk' },
      schema: {
        tags: ['payments'],
        summary:
          "At the door: take cash or a card-terminal payment of the scanned guest's order, the whole amount still due; the next scan admits them",
        security: [{ bearer: [] }],
        body: deskPaymentBody,
        response: { 200: envelope(deskPaymentAnswer) },
      },
    },
    async (request) =>
      ok(
        request,
        await takeDeskPayment(deps, confirmIn, { user: currentUser(request), ip: request.ip }, request.body),
      ),
  );
};
