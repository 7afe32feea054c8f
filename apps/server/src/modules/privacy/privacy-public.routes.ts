import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { guestPersonalData } from '@meetflow/shared/schemas/privacy';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { guestToken } from '../../plugins/authorization.ts';
import type { PrivacyService } from './privacy.service.ts';

const tags = ['privacy'];
const guestSecurity = [{ guestToken: [] }];
/** A guest's own data and withdrawal, per address: plenty for a venue's Wi-Fi, little for scraping. */
export const GUEST_DATA_LIMIT_PER_IP = { points: 30, seconds: 60 };

/** The guest's side, by guest token under /api/public: their own data and withdrawal. */
export const privacyPublicRoutes: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  limiters: LimiterFactory;
}> = async (app, { privacy, limiters }) => {
  const perIp = limiters(
    'public_guest_data_ip',
    GUEST_DATA_LIMIT_PER_IP.points,
    GUEST_DATA_LIMIT_PER_IP.seconds,
  );

  app.get(
    '/api/public/guest/data',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Everything held about the guest of this token (their own copy, as JSON)',
        security: guestSecurity,
        response: { 200: envelope(guestPersonalData) },
      },
    },
    async (request) => {
      await perIp.consume(request.ip);
      return ok(request, await privacy.visitorData(guestToken(request), request.ip));
    },
  );

  app.delete(
    '/api/public/guest',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'The guest withdraws their sign-up: seats are freed (and handed to the waiting lists) and their personal data erased',
        security: guestSecurity,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await perIp.consume(request.ip);
      await privacy.withdrawVisitor(guestToken(request), request.ip);
      return ok(request, null);
    },
  );
};
