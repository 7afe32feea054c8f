import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';

/** The health check: database, Redis, version, role and job runner. */
export const healthModule = fp<{ version: string }>(
  async (app, { version }) => {
    const { db, dbKind, redis, config, jobs } = app.platform;
    await app.register(healthRoutes, {
      db,
      database: dbKind,
      redis,
      version,
      timeZone: config.timeZone,
      sourceUrl: config.sourceUrl,
      role: config.role,
      jobRunnerRunning: jobs.isRunning,
    });
  },
  { name: 'health', dependencies: ['platform'] },
);
