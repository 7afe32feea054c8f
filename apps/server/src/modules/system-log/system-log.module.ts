import fp from 'fastify-plugin';
import { systemLogRoutes } from './system-log.routes.ts';

/** The audit trail's pages; the system log itself is the platform's (every module records to it). */
export const systemLogModule = fp(
  async (app) => {
    const { systemLog, limiters, notifications, clock } = app.platform;
    await app.register(systemLogRoutes, {
      systemLog,
      authenticate: app.auth.authenticate,
      limiters,
      notifications,
      clock,
    });
  },
  { name: 'system-log', dependencies: ['platform', 'auth'] },
);
