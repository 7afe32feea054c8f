import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { ANSWER_FILE_MIMES } from '@meetflow/shared/forms/form-basics';
import {
  adminGuest,
  guestAnswerFileParams,
  guestDetail,
  guestIdParams,
  meetingGuestsParams,
} from '@meetflow/shared/schemas/guests';
import { signUpBody } from '@meetflow/shared/schemas/public';
import { fileAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { contentDisposition } from '../../lib/xlsx-export.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { GuestsService } from './guest-admin.service.ts';

const tags = ['guests'];
const security = [{ bearer: [] }];

/** One guest: add, detail, edit, delete. */
export const guestEditRoutes: FastifyPluginAsyncZod<{ guests: GuestsService }> = async (app, { guests }) => {
  app.post(
    '/api/meetings/:id/guests',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: "Add a guest with the meeting's sign-up form (capacity counted as for a sign-up)",
        security,
        params: meetingGuestsParams,
        body: signUpBody,
        response: { 200: envelope(adminGuest) },
      },
    },
    async (request) =>
      ok(
        request,
        await guests.create(currentUser(request), request.params.id, request.body, request.ip, request.lang),
      ),
  );

  app.get(
    '/api/guests/:id',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: 'One guest with their sessions and scan history',
        security,
        params: guestIdParams,
        response: { 200: envelope(guestDetail) },
      },
    },
    async (request) =>
      ok(request, await guests.detail(currentUser(request), request.params.id, request.lang)),
  );

  app.get(
    '/api/guests/:id/answer-files/:fileId',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary:
          "A file the guest answered with (a form's file field), as a download under its answer's name; audited",
        security,
        params: guestAnswerFileParams,
        response: { 200: fileAnswer(ANSWER_FILE_MIMES, 'The file: a PDF, JPEG or PNG') },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const file = await guests.answerFile(currentUser(request), id, fileId, request.ip);
      // Personal data: never kept by a cache, never rendered in place.
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    },
  );

  app.put(
    '/api/guests/:id',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: "Replace a guest's form data (and, for date-schedule meetings, their sessions)",
        security,
        params: guestIdParams,
        body: signUpBody,
        response: { 200: envelope(adminGuest) },
      },
    },
    async (request) =>
      ok(
        request,
        await guests.update(currentUser(request), request.params.id, request.body, request.ip, request.lang),
      ),
  );

  app.delete(
    '/api/guests/:id',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Delete a guest: seats are given back, the scan history is kept',
        security,
        params: guestIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await guests.remove(currentUser(request), request.params.id, request.ip);
      return ok(request, null);
    },
  );
};
