import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, errorMessage } from '@meetflow/shared/errors';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { healthResponse } from '@meetflow/shared/schemas/health';
import type { InstanceRole } from '../../config.ts';
import type { DatabaseKind, Db } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { within } from '../../lib/within.ts';
import { pingDatabase } from './health.repository.ts';

const startedAt = Date.now();
/** A dependency that has not answered by then counts as down: a health check must answer quickly. */
const PROBE_TIMEOUT_MS = 1_000;
const probe = async (check: Promise<unknown>) => ((await within(check, PROBE_TIMEOUT_MS)) ? 'up' : 'down');

export const healthRoutes: FastifyPluginAsyncZod<{
  db: Db;
  database: DatabaseKind;
  redis: Redis | undefined;
  version: string;
  timeZone: string;
  sourceUrl: string | null;
  role: InstanceRole;
  jobRunnerRunning: () => boolean;
}> = async (app, opts) => {
  const { db, redis } = opts;
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary:
          'Readiness: 503 while the instance shuts down or a dependency it needs is down (each one reported)',
        response: { 200: envelope(healthResponse), 503: envelope(healthResponse.nullable()) },
      },
    },
    async (request, reply) => {
      const unavailable = {
        code: ERRORS.SERVICE_UNAVAILABLE.code,
        message: errorMessage('SERVICE_UNAVAILABLE', request.lang),
      };
      // A draining instance must leave the load balancer's rotation whatever its dependencies say.
      if (app.isDraining()) return reply.status(503).send({ ...unavailable, data: null });
      const [database, redisState] = await Promise.all([
        probe(pingDatabase(db)),
        redis ? probe(redis.ping()) : undefined,
      ]);
      const dependencies = { database, ...(redisState ? { redis: redisState } : {}) };
      const up = Object.values(dependencies).every((state) => state === 'up');
      const health = {
        status: up ? ('ok' as const) : ('unavailable' as const),
        database: opts.database,
        dependencies,
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
        version: opts.version,
        time_zone: opts.timeZone,
        source_url: opts.sourceUrl,
        role: opts.role,
        job_runner: opts.jobRunnerRunning() ? ('running' as const) : ('stopped' as const),
      };
      if (!up) return reply.status(503).send({ ...unavailable, data: health });
      return ok(request, health);
    },
  );
};
