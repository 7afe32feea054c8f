import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { privacyGuestRoutes } from './privacy-guest.routes.ts';
import { privacyMeetingRoutes } from './privacy-meeting.routes.ts';
import { privacyPublicRoutes } from './privacy-public.routes.ts';
import type { PrivacyService } from './privacy.service.ts';

export { GUEST_DATA_LIMIT_PER_IP } from './privacy-public.routes.ts';

/** Personal data (issue 20): a meeting's notice and retention, purge, a guest's own data and withdrawal. */
export const privacyRoutes: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  limiters: LimiterFactory;
}> = async (app, { privacy, limiters }) => {
  await app.register(privacyPublicRoutes, { privacy, limiters });
  await app.register(privacyMeetingRoutes, { privacy });
  await app.register(privacyGuestRoutes, { privacy });
};
