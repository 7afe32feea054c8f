import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { enrolBody, publicGuest } from '@meetflow/shared/schemas/public';
import { meetingWaitlistEntry, waitlistParams } from '@meetflow/shared/schemas/waitlist';
import { ok } from '../../lib/reply.ts';
import { guestToken } from '../../plugins/authorization.ts';
import type { VisitorPages } from './visitor-pages.ts';
import type { WaitlistService } from './waitlist.service.ts';

const tags = ['waitlist'];
const guestSecurity = [{ guestToken: [] }];

/** The visitor's places under /api/public (guest token): the meeting's list, the sessions' lists. */
export const waitlistPublicRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  guests: Omit<VisitorPages, 'openGuestPage'>;
}> = async (app, { waitlist, guests }) => {
  const publicRoute = { auth: 'public' as const };

  app.get(
    '/api/public/waitlist',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "A visitor's place on a meeting's waiting list (X-Guest-Token from the sign-up or look-up); promoted: the token now opens the guest page",
        security: guestSecurity,
        response: { 200: envelope(meetingWaitlistEntry) },
      },
    },
    async (request) => ok(request, await waitlist.waitingPlace(guestToken(request))),
  );

  app.delete(
    '/api/public/waitlist',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Leave the meeting's waiting list (a held seat passes to the next in line)",
        security: guestSecurity,
        response: { 200: envelope(meetingWaitlistEntry) },
      },
    },
    async (request) => ok(request, await waitlist.leaveMeetingList(guestToken(request), request.ip)),
  );

  app.post(
    '/api/public/guest/waitlist',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "A guest joins a full session's waiting list (a seat free by now is simply taken)",
        security: guestSecurity,
        body: enrolBody,
        response: { 200: envelope(publicGuest) },
      },
    },
    async (request) => {
      const guest = await guests.authenticated(guestToken(request));
      await guests.assertEnrollable(guest, request.body.schedule_id);
      await waitlist.joinSession(guest.guest, request.body.schedule_id, request.ip);
      return ok(request, await guests.viewOf(guest));
    },
  );

  app.delete(
    '/api/public/guest/waitlist/:scheduleId',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "A guest leaves a session's waiting list, or declines the seat it offers",
        security: guestSecurity,
        params: waitlistParams,
        response: { 200: envelope(publicGuest) },
      },
    },
    async (request) => {
      const guest = await guests.authenticated(guestToken(request));
      await waitlist.leaveSession(guest.guest, request.params.scheduleId, request.ip);
      return ok(request, await guests.viewOf(guest));
    },
  );
};
