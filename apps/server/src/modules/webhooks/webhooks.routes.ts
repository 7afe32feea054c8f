import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  webhookDelivery,
  webhookDeliveryDetail,
  webhookDeliveryPage,
  webhookDeliveryQuery,
  webhookEndpoint,
  webhookEndpointBody,
  webhookEndpointWithSecret,
} from '@meetflow/shared/schemas/integrations';
import { ok } from '../../lib/reply.ts';
import { currentActor, currentUser } from '../../plugins/authorization.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['integrations'];
const security = [{ bearer: [] }];
const config = { auth: 'integration:manage' } as const;
const idParams = z.strictObject({ id: z.coerce.number().int().positive() });
const deliveryParams = z.strictObject({
  id: z.coerce.number().int().positive(),
  deliveryId: z.coerce.number().int().positive(),
});

export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  await app.register(endpointRoutes, { webhooks });
  await app.register(deliveryRoutes, { webhooks });
};

/** Endpoints: list, add, read, change, delete, a new signing secret. */
const endpointRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  app.get(
    '/api/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Webhook endpoints of your organisation subtree',
        security,
        response: { 200: envelope(z.array(webhookEndpoint)) },
      },
    },
    async (request) => ok(request, await webhooks.list(currentUser(request))),
  );

  app.post(
    '/api/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Add an endpoint; its signing secret is in this answer only',
        security,
        body: webhookEndpointBody,
        response: { 200: envelope(webhookEndpointWithSecret) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await webhooks.create(currentActor(request), request.body));
    },
  );

  app.get(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One endpoint',
        security,
        params: idParams,
        response: { 200: envelope(webhookEndpoint) },
      },
    },
    async (request) => ok(request, await webhooks.get(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an endpoint; enabling a disabled one resumes its pending deliveries',
        security,
        params: idParams,
        body: webhookEndpointBody,
        response: { 200: envelope(webhookEndpoint) },
      },
    },
    async (request) =>
      ok(request, await webhooks.update(currentActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an endpoint with its delivery log',
        security,
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await webhooks.remove(currentActor(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/api/webhooks/:id/rotate-secret',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the signing secret; the new one is in this answer only',
        security,
        params: idParams,
        response: { 200: envelope(webhookEndpointWithSecret) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await webhooks.rotateSecret(currentActor(request), request.params.id));
    },
  );
};

/** An endpoint's deliveries: a test message, the log, one delivery, sending it again. */
const deliveryRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  app.post(
    '/api/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        summary: 'Queue a webhook.test message to this endpoint',
        security,
        params: idParams,
        response: { 200: envelope(webhookDelivery) },
      },
    },
    async (request) => ok(request, await webhooks.sendTest(currentActor(request), request.params.id)),
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: "The endpoint's delivery log, newest first",
        security,
        params: idParams,
        querystring: webhookDeliveryQuery,
        response: { 200: envelope(webhookDeliveryPage) },
      },
    },
    async (request) =>
      ok(request, await webhooks.deliveries(currentUser(request), request.params.id, request.query)),
  );

  app.get(
    '/api/webhooks/:id/deliveries/:deliveryId',
    {
      config,
      schema: {
        tags,
        summary: 'One delivery: the request and every attempt',
        security,
        params: deliveryParams,
        response: { 200: envelope(webhookDeliveryDetail) },
      },
    },
    async (request) =>
      ok(
        request,
        await webhooks.delivery(currentUser(request), request.params.id, request.params.deliveryId),
      ),
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config,
      schema: {
        tags,
        summary: 'Send a delivery again now (same webhook-id) and answer how it went',
        security,
        params: deliveryParams,
        response: { 200: envelope(webhookDeliveryDetail) },
      },
    },
    async (request) =>
      ok(
        request,
        await webhooks.redeliver(currentActor(request), request.params.id, request.params.deliveryId),
      ),
  );
};
