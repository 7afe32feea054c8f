import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { apiToken, createApiTokenBody, createdApiToken } from '@meetflow/shared/schemas/integrations';
import { ok } from '../../lib/reply.ts';
import { currentActor, currentUser } from '../../plugins/authorization.ts';
import type { ApiTokens } from './api-tokens.service.ts';

const tags = ['integrations'];
const security = [{ bearer: [] }];
const idParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const apiTokenRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokens }> = async (app, { apiTokens }) => {
  app.get(
    '/api/api-tokens',
    {
      config: { auth: 'integration:manage' },
      schema: {
        tags,
        summary: 'API tokens of the users in your organisation subtree (yours included)',
        security,
        response: { 200: envelope(z.array(apiToken)) },
      },
    },
    async (request) => ok(request, await apiTokens.list(currentUser(request))),
  );

  app.post(
    '/api/api-tokens',
    {
      config: { auth: 'integration:manage', sessionOnly: true },
      schema: {
        tags,
        summary:
          'Create an API token for yourself; the secret is in this answer only (signed-in session only)',
        security,
        body: createApiTokenBody,
        response: { 200: envelope(createdApiToken) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await apiTokens.create(currentActor(request), request.body));
    },
  );

  app.delete(
    '/api/api-tokens/:id',
    {
      config: { auth: 'integration:manage', sessionOnly: true },
      schema: {
        tags,
        summary: 'Revoke an API token: refused from the next request on, on every instance',
        security,
        params: idParams,
        response: { 200: envelope(apiToken) },
      },
    },
    async (request) => ok(request, await apiTokens.revoke(currentActor(request), request.params.id)),
  );
};
