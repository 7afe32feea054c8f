import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExportReporting } from '../../lib/export-pipeline.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import type { VisitorPages } from './visitor-pages.ts';
import { waitlistAdminRoutes } from './waitlist-admin.routes.ts';
import { waitlistOfferRoutes } from './waitlist-offer.routes.ts';
import { waitlistPublicRoutes } from './waitlist-public.routes.ts';
import type { WaitlistService } from './waitlist.service.ts';

export { OFFER_LIMIT_PER_IP } from './waitlist-offer.routes.ts';

/** Waiting lists (issue 19): the visitor's place and offers under /api/public, the back office's lists. */
export const waitlistRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  registration: Pick<VisitorPages, 'openGuestPage'>;
  guests: Omit<VisitorPages, 'openGuestPage'>;
  reporting: ExportReporting;
  limiters: LimiterFactory;
  clock: () => number;
}> = async (app, { waitlist, registration, guests, reporting, limiters, clock }) => {
  await app.register(waitlistPublicRoutes, { waitlist, guests });
  await app.register(waitlistOfferRoutes, { waitlist, registration, limiters });
  await app.register(waitlistAdminRoutes, { waitlist, reporting, clock });
};
