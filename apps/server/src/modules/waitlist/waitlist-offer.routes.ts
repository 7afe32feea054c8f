import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { guestTokenResult } from '@meetflow/shared/schemas/public';
import { offerTokenBody, waitlistOffer } from '@meetflow/shared/schemas/waitlist';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import type { VisitorPages } from './visitor-pages.ts';
import type { WaitlistService } from './waitlist.service.ts';

const tags = ['waitlist'];
/** Offer pages per address: generous for a venue's Wi-Fi, tight for guessing (tokens are signed anyway). */
export const OFFER_LIMIT_PER_IP = { points: 60, seconds: 60 };

/** The offer page under /api/public (the signed token of the offer mail): show, accept, decline. */
export const waitlistOfferRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  registration: Pick<VisitorPages, 'openGuestPage'>;
  limiters: LimiterFactory;
}> = async (app, { waitlist, registration, limiters }) => {
  const offerPerIp = limiters(
    'public_waitlist_offer_ip',
    OFFER_LIMIT_PER_IP.points,
    OFFER_LIMIT_PER_IP.seconds,
  );
  const publicRoute = { auth: 'public' as const };

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
