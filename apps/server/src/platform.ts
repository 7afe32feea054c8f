import type { AttendanceStats } from '@meetflow/shared/schemas/attendance';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Authenticate } from './core/auth-user.ts';
import { createPort, type Port } from './core/port.ts';
import type { DatabaseKind, Db } from './db/database.ts';
import type { ExportReporting } from './lib/export-pipeline.ts';
import { createLimiterFactory, type LimiterFactory } from './lib/rate-limiter.ts';
import { logRedisAvailability } from './lib/redis.ts';
import { createLiveStats, type LiveStats, type StatsScope } from './modules/attendance/live-stats.ts';
import { getOrCreateSecret } from './modules/auth/secrets.repository.ts';
import { createJobs, type Jobs } from './modules/jobs/jobs.service.ts';
import { createMetrics, type Metrics } from './modules/metrics/metrics-registry.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service.ts';
import { createSystemLog, type SystemLog } from './modules/system-log/system-log.service.ts';
import { createUrlGuard } from './modules/webhooks/url-guard.ts';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/webhooks.service.ts';

/*
 * The platform: what every module is given and none owns — configuration, database, clock, limiters,
 * the audit trail, notifications, background jobs, webhook events, export reporting and the live
 * figures. Registered first; each module plugin reads `app.platform` and adds its own service. It
 * sits beside app.ts (the composition root), not in plugins/, because it builds module services and
 * plugins/ sit below the modules.
 */

export interface PlatformOptions {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  redis?: Redis | undefined;
  clock?: () => number;
  live?: { coalesceMs?: number; heartbeatMs?: number };
}

export interface Platform {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  redis: Redis | undefined;
  clock: () => number;
  limiters: LimiterFactory;
  systemLog: SystemLog;
  notifications: NotificationsService;
  jobs: Jobs;
  webhooks: WebhooksService;
  /** What every export reports to: the audit trail, the user's notification, the meeting's webhooks. */
  reporting: ExportReporting;
  live: LiveStats;
  /** The operator's series: use cases count through `metrics.counters`; modules/metrics serves them. */
  metrics: Metrics;
  /** A committed add, delete or change of sign-ups: the meeting's live figures changed. */
  onSignupsChanged: (meetingId: number) => void;
  /** An app secret shared by every instance (made on first use). */
  secret: (name: string) => Promise<string>;
  /** Closes something at shutdown once the background jobs have stopped, in the order given. */
  closeAfterJobs: (close: () => unknown) => void;
  /** Who a bearer secret is: the authorisation hook asks, the auth module answers. */
  authentication: Port<{ authenticate: Authenticate }>;
  /** A scope's figures, recomputed for live watchers: the attendance module answers. */
  liveFigures: Port<{ statsOf(scope: StatsScope): Promise<AttendanceStats> }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export const platform = fp<PlatformOptions>(
  async (app, options) => {
    const { config, db, dbKind, redis } = options;
    const clock = options.clock ?? Date.now;
    if (redis) logRedisAvailability(redis, app.log, 'commands');
    warnWithoutSecureDeletion(config, dbKind, app.log);

    const limiters = createLimiterFactory(redis, await getOrCreateSecret(db, 'rate_limit'));
    const systemLog = createSystemLog(db, clock);
    const notifications = createNotificationsService({
      db,
      clock,
      onError: (err) => app.log.error({ err }, 'notification not written'),
    });
    // Background work; main.js starts the runner, so tests and tools run jobs when they choose.
    const jobs = createJobs({ db, dbKind, clock, log: app.log, leaseMs: config.jobLeaseMs });
    app.decorate('jobs', jobs);
    const webhooks = createWebhooksService({
      db,
      dbKind,
      jobs,
      systemLog,
      notifications,
      guard: createUrlGuard(config.webhookAllowPrivate),
      clock,
    });
    webhooks.register();
    const reporting: ExportReporting = {
      systemLog,
      notifications,
      exportFinished: (finished) =>
        db.transaction().execute((trx) =>
          webhooks.emit(trx, {
            type: 'export.finished',
            meetingId: finished.meetingId,
            data: { file_name: finished.fileName, rows: finished.rows, kind: finished.kind },
          }),
        ),
    };

    // Scans, sign-ups and guest changes all publish here; the attendance stream watches it.
    const liveFigures = createPort<Platform['liveFigures']['use']>('live figures', ['statsOf']);
    const live = createLiveStats({
      redis,
      log: app.log,
      compute: liveFigures.use.statsOf,
      clock,
      ...options.live,
    });
    app.decorate('liveStats', live);
    const authentication = createPort<Platform['authentication']['use']>('authentication', ['authenticate']);

    const closers: (() => unknown)[] = [];
    app.addHook('onClose', async () => {
      await jobs.stop();
      for (const close of closers) await close();
    });
    app.addHook('onReady', async () => {
      liveFigures.assertFilled();
      authentication.assertFilled();
    });

    app.decorate('platform', {
      config,
      db,
      dbKind,
      redis,
      clock,
      limiters,
      systemLog,
      notifications,
      jobs,
      webhooks,
      reporting,
      live,
      metrics: createMetrics(),
      onSignupsChanged: (meetingId: number) => live.publishMeeting(meetingId),
      secret: (name: string) => getOrCreateSecret(db, name),
      closeAfterJobs: (close: () => unknown) => void closers.push(close),
      authentication,
      liveFigures,
    });
  },
  { name: 'platform' },
);

/**
 * MF_SQLITE_SECURE_DELETE=off exists for the bench that measures secure deletion's cost, which runs
 * with NODE_ENV=production like any deployment: so it is not refused, but said loudly at each start.
 */
function warnWithoutSecureDeletion(config: Config, dbKind: DatabaseKind, log: FastifyBaseLogger): void {
  if (dbKind !== 'sqlite' || config.sqliteSecureDelete !== false) return;
  log.warn(
    "MF_SQLITE_SECURE_DELETE=off: erased personal data stays readable in the SQLite file's free pages; for measurements only, never in service",
  );
}
