import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { IMPORT_FILE_MAX_BYTES } from '@meetflow/shared/schemas/imports';
import { meetingIdParams } from '@meetflow/shared/schemas/meetings';
import { statementApplied, statementApplyBody, statementPreview } from '@meetflow/shared/schemas/payments';
import { AppError } from '../../lib/app-error.ts';
import { readUpload } from '../../lib/multipart-upload.ts';
import { multipartForm } from '../../lib/openapi-files.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { currentActor } from '../../plugins/authorization.ts';
import type { StatementImport } from './statement-import.ts';

const tags = ['payments'];
const security = [{ bearer: [] }];

/**
 * Reconciliation by bank statement (issue 44): upload and preview, then apply. The upload takes
 * the guest import's limits (one file of at most IMPORT_FILE_MAX_BYTES, a few small fields); the
 * reads are counted per user, so that a loop re-reading files cannot keep a core busy.
 */
export const statementImportRoutes: FastifyPluginAsyncZod<{
  statementImport: StatementImport;
  limiters: LimiterFactory;
}> = async (app, { statementImport, limiters }) => {
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: 4,
      parts: 6,
      fieldSize: 1024,
      fileSize: IMPORT_FILE_MAX_BYTES,
      headerPairs: 50,
    },
  });
  const previewLimit = limiters('statement_preview_user', 60, 600);

  app.post(
    '/api/meetings/:id/statements/preview',
    {
      config: { auth: 'payment:manage' },
      bodyLimit: IMPORT_FILE_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        summary:
          "Read a bank statement (multipart field `file`, CSV or XLSX with date, amount and reference columns) and match its credit lines to the meeting's orders; nothing is paid until it is applied",
        security,
        multipartBody: multipartForm({}),
        params: meetingIdParams,
        response: { 200: envelope(statementPreview) },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      await previewLimit.consume(String(actor.user.id));
      const { file } = await readUpload(request, IMPORT_FILE_MAX_BYTES);
      if (!file) throw new AppError('FILE_REQUIRED');
      return ok(request, await statementImport.preview(actor, request.params.id, file.bytes));
    },
  );

  app.post(
    '/api/meetings/:id/statements/apply',
    {
      config: { auth: 'payment:manage' },
      schema: {
        tags,
        summary:
          'Pay the orders a statement preview matched (once: a line imported before, or an order paid meanwhile, is skipped); 404 once the preview has expired or was applied',
        security,
        params: meetingIdParams,
        body: statementApplyBody,
        response: { 200: envelope(statementApplied) },
      },
    },
    async (request) =>
      ok(
        request,
        await statementImport.apply(currentActor(request), request.params.id, request.body.preview_id),
      ),
  );
};
