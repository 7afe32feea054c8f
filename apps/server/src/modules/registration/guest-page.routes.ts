import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { enrolBody, enrolmentParams, publicGuest } from '@meetflow/shared/schemas/public';
import { ok } from '../../lib/reply.ts';
import { guestToken } from '../../plugins/authorization.ts';
import type { VisitorGuestService } from './visitor-guest.service.ts';

const tags = ['public'];
const guestSecurity = [{ guestToken: [] }];

/** The guest's own page (X-Guest-Token): their data, enrolling in and cancelling sessions. */
export const guestPageRoutes: FastifyPluginAsyncZod<{ guests: VisitorGuestService }> = async (
  app,
  { guests },
) => {
  app.get(
    '/api/public/guest',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The guest's own data (X-Guest-Token header)",
        security: guestSecurity,
        response: { 200: envelope(publicGuest) },
      },
    },
    async (request) => ok(request, await guests.me(guestToken(request))),
  );

  app.post(
    '/api/public/guest/enrolments',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Enrol in a session allowed for the registration type',
        security: guestSecurity,
        body: enrolBody,
        response: { 200: envelope(publicGuest) },
      },
    },
    async (request) => ok(request, await guests.enrol(guestToken(request), request.body.schedule_id)),
  );

  app.delete(
    '/api/public/guest/enrolments/:scheduleId',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Cancel a session enrolment (frees the seat)',
        security: guestSecurity,
        params: enrolmentParams,
        response: { 200: envelope(publicGuest) },
      },
    },
    async (request) => ok(request, await guests.cancel(guestToken(request), request.params.scheduleId)),
  );
};
