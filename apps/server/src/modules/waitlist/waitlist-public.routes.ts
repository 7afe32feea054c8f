import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { enrolBody, guestTokenResult, publicGuest } from '@meetflow/shared/schemas/public';
import {
  meetingWaitlistEntry,
  offerTokenBody,
  waitlistOffer,
  waitlistParams,
} from '@meetflow/shared/schemas/waitlist';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { guestToken } from '../../plugins/authorization.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import type { VisitorGuestService } from '../registration/visitor-guest.service.ts';
import type { WaitlistService } from './waitlist.service.ts';

const tags = ['waitlist'];
const guestSecurity = [{ guestToken: [] }];
/** Offer pages per address: generous for a venue's Wi-Fi, tight for guessing (tokens are signed anyway). */
export const OFFER_LIMIT_PER_IP = { points: 60, seconds: 60 };

/** The visitor's side of the waiting lists under /api/public: their place, session lists, offers. */
export const waitlistPublicRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  registration: RegistrationService;
  guests: VisitorGuestService;
  limiters: LimiterFactory;
}> = async (app, { waitlist, registration, guests, limiters }) => {
  const offerPerIp = limiters(
    'public_waitlist_offer_ip',
    OFFER_LIMIT_PER_IP.points,
    OFFER_LIMIT_PER_IP.seconds,
  );
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

  app.post(
    '/api/public/waitlist/offer',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'What an offer (the e-mail link) holds: the meeting or session, until when, and whether it is still open',
        body: offerTokenBody,
        response: { 200: envelope(waitlistOffer) },
      },
    },
    async (request) => {
      await offerPerIp.consume(request.ip);
      return ok(request, await waitlist.offer(request.body.token));
    },
  );

  app.post(
    '/api/public/waitlist/offer/accept',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "Accept an offer before it lapses: the seat becomes the guest's; answers a guest token for this device",
        body: offerTokenBody,
        response: { 200: envelope(guestTokenResult) },
      },
    },
    async (request) => {
      await offerPerIp.consume(request.ip);
      const { guestId } = await waitlist.acceptOffer(request.body.token, request.ip);
      return ok(request, await registration.openGuestPage(guestId, request.ip));
    },
  );

  app.post(
    '/api/public/waitlist/offer/decline',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Decline an offer: the seat passes to the next in line',
        body: offerTokenBody,
        response: { 200: envelope(waitlistOffer) },
      },
    },
    async (request) => {
      await offerPerIp.consume(request.ip);
      return ok(request, await waitlist.declineOffer(request.body.token, request.ip));
    },
  );
};
