import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  guestTokenResult,
  lookupBody,
  lookupResult,
  lookupVerifyBody,
  publicMeeting,
  publicMeetingParams,
  signUpBody,
} from '@meetflow/shared/schemas/public';
import { ok } from '../../lib/reply.ts';
import type { RegistrationService } from './registration.service.ts';

const tags = ['public'];

/** The sign-up page: the meeting, the sign-up, and code retrieval with its e-mailed second step. */
export const signUpRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (
  app,
  { registration },
) => {
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
};
