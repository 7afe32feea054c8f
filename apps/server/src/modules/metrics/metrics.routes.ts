import type { FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';
import { AppError } from '../../lib/app-error.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { bearerMatches } from './metrics-access.ts';

/**
 * GET /metrics on the main port: with METRICS_TOKEN set, for its bearer alone, rate-limited per
 * client address like the other public doors; without it, Not found. Its refusals are the API's
 * envelope; the series are Prometheus text, the one answer outside it. An operator's door, not the
 * API's: kept out of the OpenAPI document.
 */
export const metricsRoutes: FastifyPluginAsync<{
  token: string | undefined;
  limiter: Limiter;
  scrape: () => Promise<string>;
  registry: Registry;
}> = async (app, { token, limiter, scrape, registry }) => {
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError('NOT_FOUND');
    await limiter.consume(request.ip);
    if (!bearerMatches(request.headers.authorization, token)) throw new AppError('UNAUTHORIZED');
    const text = await scrape();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
};
