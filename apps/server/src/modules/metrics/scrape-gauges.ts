import { Gauge, type Registry } from 'prom-client';
import { poolStats, type DatabaseKind, type Db } from '../../db/database.ts';
import { within } from '../../lib/within.ts';
import { queueSummary } from '../jobs/jobs.reads.ts';
import { pendingConfirmations } from '../mail/mail.reads.ts';
import { deliveryBacklog } from '../webhooks/webhooks.reads.ts';
import { METRIC_PREFIX } from './metrics-registry.ts';

/** A scrape's query that has not answered by then counts as failed: Prometheus waits 10 s at most. */
const QUERY_TIMEOUT_MS = 2_000;
/** The job kind whose jobs are the mail outbox (one mail each). */
const MAIL_KIND = 'mail';

type Source = 'jobs' | 'webhooks' | 'mail';

const gauge = (registry: Registry, name: string, help: string, labelNames: string[] = []) =>
  new Gauge({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [registry] });

/**
 * The series read from the database at each scrape, deployment-wide (every instance reads the same
 * tables). Each source is read on its own, bounded in time: one that fails or is late leaves its
 * series out and sets `meetflow_scrape_error{source}` to 1, and the scrape answers the rest.
 */
export function createScrapeGauges(
  registry: Registry,
  deps: {
    db: Db;
    dbKind: DatabaseKind;
    clock: () => number;
    /** Told which source failed or was late (its name only: the reads carry no personal data). */
    onSourceFailed: (source: string) => void;
  },
) {
  const g = {
    depth: gauge(registry, 'job_queue_depth', 'Queued jobs already due, per kind', ['kind']),
    oldest: gauge(registry, 'job_queue_oldest_age_seconds', 'Age of the oldest due queued job, per kind', [
      'kind',
    ]),
    running: gauge(registry, 'jobs_running', 'Jobs claimed by a runner now, per kind', ['kind']),
    failed: gauge(registry, 'jobs_failed', 'Jobs that gave up (kept in the table), per kind', ['kind']),
    mailBacklog: gauge(registry, 'mail_outbox_backlog', 'Mails due or being sent'),
    mailFailed: gauge(registry, 'mail_outbox_failed', 'Mails that gave up'),
    mailUnqueued: gauge(
      registry,
      'mail_confirmations_unqueued',
      'Sign-ups whose confirmation is not yet in the outbox',
    ),
    hookBacklog: gauge(registry, 'webhook_deliveries_backlog', 'Webhook deliveries pending'),
    hookOldest: gauge(
      registry,
      'webhook_deliveries_oldest_age_seconds',
      'Age of the oldest pending webhook delivery',
    ),
    hookFailed: gauge(registry, 'webhook_deliveries_failed', 'Webhook deliveries that gave up'),
    pool: gauge(
      registry,
      'db_pool_connections',
      'PostgreSQL pool connections by state (total, idle, waiting)',
      ['state'],
    ),
    database: gauge(registry, 'db_info', 'The database this instance uses (constant 1)', ['kind']),
    error: gauge(registry, 'scrape_error', 'Whether a source could not be read at the last scrape', [
      'source',
    ]),
  };
  const kindsSeen = new Set<string>();

  async function readJobs(now: number) {
    const rows = await queueSummary(deps.db, now);
    for (const metric of [g.depth, g.oldest, g.running, g.failed]) metric.reset();
    // A kind seen once stays at 0 rather than vanishing, so an alert's expression keeps its series.
    for (const row of rows) kindsSeen.add(row.kind);
    for (const kind of kindsSeen)
      for (const metric of [g.depth, g.oldest, g.running, g.failed]) metric.set({ kind }, 0);
    let mailBacklog = 0;
    let mailFailed = 0;
    for (const row of rows) {
      const count = Number(row.jobs);
      if (row.status === 'queued') {
        g.depth.set({ kind: row.kind }, count);
        g.oldest.set({ kind: row.kind }, Math.max(0, (now - Number(row.oldest_run_at)) / 1000));
      } else g[row.status === 'running' ? 'running' : 'failed'].set({ kind: row.kind }, count);
      if (row.kind !== MAIL_KIND) continue;
      if (row.status === 'failed') mailFailed = count;
      else mailBacklog += count;
    }
    g.mailBacklog.set(mailBacklog);
    g.mailFailed.set(mailFailed);
  }

  async function readWebhooks(now: number) {
    const rows = await deliveryBacklog(deps.db);
    const pending = rows.find((row) => row.state === 'pending');
    const failed = rows.find((row) => row.state === 'failed');
    g.hookBacklog.set(Number(pending?.deliveries ?? 0));
    g.hookOldest.set(pending ? Math.max(0, (now - Number(pending.oldest_created_at)) / 1000) : 0);
    g.hookFailed.set(Number(failed?.deliveries ?? 0));
  }

  async function readMail() {
    g.mailUnqueued.set(await pendingConfirmations(deps.db));
  }

  // What a failed read leaves: series by label vanish, a single one reads NaN (alerts on it stay quiet).
  const sources: Record<Source, { read: (now: number) => Promise<void>; byLabel: Gauge[]; single: Gauge[] }> =
    {
      jobs: {
        read: readJobs,
        byLabel: [g.depth, g.oldest, g.running, g.failed],
        single: [g.mailBacklog, g.mailFailed],
      },
      webhooks: { read: readWebhooks, byLabel: [], single: [g.hookBacklog, g.hookOldest, g.hookFailed] },
      mail: { read: async () => readMail(), byLabel: [], single: [g.mailUnqueued] },
    };

  /** Brings every scrape-time series up to now; never throws. */
  return async function refresh(): Promise<void> {
    const now = deps.clock();
    g.database.set({ kind: deps.dbKind }, 1);
    const pool = poolStats(deps.db);
    if (pool) for (const [state, count] of Object.entries(pool)) g.pool.set({ state }, count);
    await Promise.all(
      Object.entries(sources).map(async ([source, { read, byLabel, single }]) => {
        const done = await within(read(now), QUERY_TIMEOUT_MS);
        g.error.set({ source }, done ? 0 : 1);
        if (done) return;
        deps.onSourceFailed(source);
        for (const metric of byLabel) metric.reset();
        for (const metric of single) metric.set(NaN);
      }),
    );
  };
}
