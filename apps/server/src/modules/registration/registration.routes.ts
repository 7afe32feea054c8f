import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  enrolBody,
  enrolmentParams,
  guestTokenResult,
  lookupBody,
  lookupResult,
  lookupVerifyBody,
  publicGuest,
  publicMeeting,
  publicMeetingParams,
  signUpBody,
} from '@meetflow/shared/schemas/public';
import { ok } from '../../lib/reply.ts';
import type { VisitorGuestService } from './visitor-guest.service.ts';
import type { RegistrationService } from './registration.service.ts';
import { guestToken } from '../../plugins/authorization.ts';

const tags = ['public'];
const guestSecurity = [{ guestToken: [] }];

/** The anonymous visitor API (issue 4): everything under /api/public, one place to rate-limit and audit. */
export const registrationRoutes: FastifyPluginAsyncZod<{
  registration: RegistrationService;
  guests: VisitorGuestService;
}> = async (app, { registration, guests }) => {
  app.get(
    '/api/public/meetings/:publicId',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'What the sign-up page shows: texts, colours, status, sessions and registration types',
        params: publicMeetingParams,
        response: { 200: envelope(publicMeeting) },
      },
    },
    async (request) => ok(request, await registration.getMeeting(request.params.publicId)),
  );

  app.post(
    '/api/public/meetings/:publicId/sign-ups',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sign up (general or date-schedule form); answers the guest token once',
        params: publicMeetingParams,
        body: signUpBody,
        response: { 200: envelope(guestTokenResult) },
      },
    },
    async (request) =>
      ok(request, await registration.signUp(request.params.publicId, request.body, request.ip, request.lang)),
  );

  app.post(
    '/api/public/meetings/:publicId/lookup',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          "Code retrieval by area code and phone; issues a guest token for this device (the guest's other devices stay signed in)",
        params: publicMeetingParams,
        body: lookupBody,
        response: { 200: envelope(lookupResult) },
      },
    },
    async (request) =>
      ok(request, await registration.lookup(request.params.publicId, request.body, request.ip)),
  );

  app.post(
    '/api/public/meetings/:publicId/lookup/verify',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'Code retrieval, second step where the organiser asks for it: the one-time code from the e-mail; issues a guest token',
        params: publicMeetingParams,
        body: lookupVerifyBody,
        response: { 200: envelope(guestTokenResult) },
      },
    },
    async (request) =>
      ok(request, await registration.verifyLookup(request.params.publicId, request.body, request.ip)),
  );

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
