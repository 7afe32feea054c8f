import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerUploadRoutes } from './answer-upload.routes.ts';
import { guestPageRoutes } from './guest-page.routes.ts';
import type { RegistrationService } from './registration.service.ts';
import { signUpRoutes } from './sign-up.routes.ts';
import type { VisitorGuestService } from './visitor-guest.service.ts';

/** The anonymous visitor API (issue 4): everything under /api/public, one place to rate-limit and audit. */
export const registrationRoutes: FastifyPluginAsyncZod<{
  registration: RegistrationService;
  guests: VisitorGuestService;
}> = async (app, { registration, guests }) => {
  await app.register(signUpRoutes, { registration });
  await app.register(answerUploadRoutes, { registration });
  await app.register(guestPageRoutes, { guests });
};
