import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptParams } from '@meetflow/shared/schemas/payments';
import { pdfAnswer } from '../../lib/openapi-files.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { contentDisposition } from '../../lib/xlsx-export.ts';
import { currentActor, guestToken } from '../../plugins/authorization.ts';
import type { ReceiptFile, ReceiptsService } from './receipts.service.ts';

function sendPdf(reply: FastifyReply, file: ReceiptFile): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/**
 * A receipt or credit note as PDF: the guest's own (X-Guest-Token; the id names nothing personal,
 * another guest's is 404) and the back office's (`payment:view` within the user's organisations,
 * audited as a download).
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{
  receipts: ReceiptsService;
  limiters: LimiterFactory;
}> = async (app, { receipts, limiters }) => {
  // Each download draws a PDF (~20 ms of CPU in the worker): a budget per address keeps it no lever.
  const pdfLimit = limiters('receipt_pdf_ip', 60, 60);

  app.get(
    '/api/public/guest/receipts/:id/pdf',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary: "One of the guest's receipts or credit notes as PDF",
        security: [{ guestToken: [] }],
        params: receiptParams,
        response: { 200: pdfAnswer('The receipt (PDF)') },
      },
    },
    async (request, reply) => {
      await pdfLimit.consume(request.ip);
      return sendPdf(reply, await receipts.guestPdf(guestToken(request), request.params.id));
    },
  );

  app.get(
    '/api/receipts/:id/pdf',
    {
      config: { auth: 'payment:view' },
      schema: {
        tags: ['payments'],
        summary: 'A receipt or credit note as PDF, as it was issued',
        security: [{ bearer: [] }],
        params: receiptParams,
        response: { 200: pdfAnswer('The receipt (PDF)') },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await receipts.adminPdf(currentActor(request), request.params.id)),
  );
};
