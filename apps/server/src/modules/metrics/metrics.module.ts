import fp from 'fastify-plugin';
import { collectDefaultMetrics } from 'prom-client';
import { listenForMetrics } from './metrics-port.ts';
import { METRIC_PREFIX } from './metrics-registry.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { createScrapeGauges } from './scrape-gauges.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The port METRICS_PORT listens on once ready (its real one when set to 0); undefined when off. */
    metricsPort: () => number | undefined;
  }
}

/** Scrapes allowed per client address and minute on the main port: Prometheus asks 4 times a minute. */
const SCRAPES_PER_MINUTE = 60;

/**
 * The operator's Prometheus series (docs/metrics.md, decision 0083), off unless METRICS_TOKEN or
 * METRICS_PORT is set: then every answer is timed by route pattern, Node's own series are collected,
 * and the database-wide gauges are read at each scrape. The use cases' counters live on the platform
 * (`platform.metrics`), counted whether or not anyone scrapes. Registered before the other modules,
 * so that the timing hook runs for their routes too.
 */
export const metricsModule = fp(
  async (app) => {
    const { config, db, dbKind, clock, limiters, metrics } = app.platform;
    const { port, host, token } = config.metrics;
    const enabled = token !== undefined || port !== undefined;
    let listening: Awaited<ReturnType<typeof listenForMetrics>> | undefined;
    app.decorate('metricsPort', () => listening?.port);
    const refresh = createScrapeGauges(metrics.registry, {
      db,
      dbKind,
      clock,
      onSourceFailed: (source) => app.log.warn({ source }, 'metrics: a source could not be read in time'),
    });
    const scrape = async () => {
      await refresh();
      return metrics.registry.metrics();
    };
    await app.register(metricsRoutes, {
      token,
      limiter: limiters('metrics_ip', SCRAPES_PER_MINUTE, 60),
      scrape,
      registry: metrics.registry,
    });
    if (!enabled) return;

    collectDefaultMetrics({ register: metrics.registry, prefix: METRIC_PREFIX });
    // A callback hook: no promise per request on the hot path.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    if (port === undefined) return;
    app.addHook('onReady', async () => {
      listening = await listenForMetrics({
        host,
        port,
        token,
        contentType: metrics.registry.contentType,
        scrape,
        onError: (error) => app.log.error({ err: error }, 'metrics scrape failed'),
      });
    });
    app.addHook('onClose', async () => listening?.close());
  },
  { name: 'metrics', dependencies: ['platform'] },
);
