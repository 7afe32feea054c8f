import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { adminGuest, guestDetail, guestIdParams, meetingGuestsParams } from '@meetflow/shared/schemas/guests';
import { signUpBody } from '@meetflow/shared/schemas/public';
import { ok } from '../../lib/reply.ts';
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
