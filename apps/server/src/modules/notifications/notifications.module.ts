import fp from 'fastify-plugin';
import { notificationRoutes } from './notifications.routes.ts';

/** The user's notifications; the service is the platform's (exports and limits write to it). */
export const notificationsModule = fp(
  async (app) => {
    await app.register(notificationRoutes, { notifications: app.platform.notifications });
  },
  { name: 'notifications', dependencies: ['platform'] },
);
