import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userInfo } from '@meetflow/shared/schemas/auth';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { updateProfileBody } from '@meetflow/shared/schemas/profile';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { ProfileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.put(
    '/api/me/profile',
    {
      config: { sessionOnly: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Change my display name, email and preferred language (applied at each login)',
        body: updateProfileBody,
        response: { 200: envelope(userInfo) },
      },
    },
    async (request) => ok(request, await profile.update(currentUser(request), request.body, request.ip)),
  );
};
