import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, healthResponse } from '@meetflow/shared';
import type { DatabaseKind } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseKind;
  version: string;
  timeZone: string;
}> = async (app, opts) => {
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness, which database is in use, and the time zone where "today" begins',
        response: { 200: envelope(healthResponse) },
      },
    },
    async (request) =>
      ok(request, {
        status: 'ok' as const,
        database: opts.database,
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
        version: opts.version,
        time_zone: opts.timeZone,
      }),
  );
};
