import fp from 'fastify-plugin';
import { webhookRoutes } from './webhooks.routes.ts';

/** The webhooks' back office; the service itself is the platform's (every module emits events). */
export const webhooksModule = fp(
  async (app) => {
    await app.register(webhookRoutes, { webhooks: app.platform.webhooks });
  },
  { name: 'webhooks', dependencies: ['platform'] },
);
