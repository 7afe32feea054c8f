import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';

/** The health check: database, Redis, version. */
export const healthModule = fp<{ version: string }>(
  async (app, { version }) => {
    const { db, dbKind, redis, config } = app.platform;
    await app.register(healthRoutes, { db, database: dbKind, redis, version, timeZone: config.timeZone });
  },
  { name: 'health', dependencies: ['platform'] },
);
