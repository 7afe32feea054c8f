import path from 'node:path';
import { z } from 'zod';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { passwordProblem } from '@meetflow/shared/password-rules';
import { GUEST_COUNT_CAP } from '@meetflow/shared/schemas/guests';
import { DEFAULT_TIME_ZONE, isTimeZone } from './lib/local-time.ts';
import { passwordWeaknessApart } from './core/password-strength.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'on');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
      .optional(),
    CAPTCHA_ENABLED: flag.default(true),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET needs at least 32 characters').optional(),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(7200),
    REFRESH_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(300)
      .default(7 * 24 * 3600),
    ADMIN_ACCOUNT: z.string().min(1).default('admin'),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD needs at least 8 characters').optional(),
    TRUST_PROXY: z.string().optional(),
    WEB_DIST: z.string().optional(),
    TIME_ZONE: z
      .string()
      .default(DEFAULT_TIME_ZONE)
      .refine(isTimeZone, 'TIME_ZONE must be an IANA time zone name such as Asia/Macau'),
    /** After SIGTERM, how long the instance keeps serving while its health says 503 (load balancer drain). */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(1000),
    /** A repeat of the same guest in the same scope this soon after their last scan is a duplicate of it. */
    SCAN_REPEAT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    /** Outgoing mail: smtp:// or smtps:// with credentials. Unset: mail waits in the outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('MeetFlow <no-reply@localhost>'),
    /** The address visitors open (links in mail), e.g. https://meet.example.org. */
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+/, 'PUBLIC_URL must be an http(s):// URL')
      .optional(),
    /**
     * Where the source of the code this server runs can be had (AGPL-3.0 section 13: whoever offers a
     * changed copy over a network offers its users the changed source). Shown in the About box.
     */
    SOURCE_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+/, 'SOURCE_URL must be an http(s):// URL')
      .optional(),
    /** Stripe Checkout (card, Alipay, WeChat Pay): the account's secret key, sk_… or a restricted rk_…. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_\S+$/, 'STRIPE_SECRET_KEY must be a secret key (sk_…) or a restricted key (rk_…)')
      .optional(),
    /** The signing secret of the webhook endpoint (whsec_…): the only proof a payment was made. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
      .optional(),
    /** Another address for Stripe's API (a proxy, or the tests' local stand-in); default Stripe's own. */
    STRIPE_API_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+\/?$/, 'STRIPE_API_URL must be an http(s):// address without a path')
      .optional(),
    /** Organisers' broadcasts are spread over time at this rate (mail servers throttle bulk senders). */
    MAIL_BROADCAST_PER_MINUTE: z.coerce.number().int().min(1).max(60_000).default(300),
    /** How long a runner holds a claimed job before another instance presumes it dead and takes it. */
    JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
    /** Guest rows an import writes per transaction (a crash leaves whole batches). */
    IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(5000).default(500),
    /** Audit entries (the system log) are kept this many days, then removed; 0 keeps them for ever. */
    LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(730),
    /** The guest list counts matches up to this many, then answers "10,000+" (tests set it low). */
    GUEST_COUNT_CAP: z.coerce.number().int().min(1).max(1_000_000).default(GUEST_COUNT_CAP),
    /** Requests one API token may make per minute, over all instances. */
    API_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
    /**
     * Operator setting: let webhooks reach loopback, private and link-local addresses (a receiver on
     * the same host or network). Off: such URLs are refused, at saving and at every delivery (SSRF).
     */
    WEBHOOK_ALLOW_PRIVATE: flag.default(false),
    /** What this instance does: web serves the app and API, worker runs the jobs, all does both. */
    ROLE: z.enum(['web', 'worker', 'all'], { error: 'ROLE must be web, worker or all' }).default('all'),
    /** Connections each instance may hold in its PostgreSQL pool (instances × this ≤ max_connections). */
    PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(20),
    /** PostgreSQL cancels a statement running longer than this (ms); 0: no limit. */
    PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
    /** Operator metrics (docs/metrics.md) on a port of their own (0: any free one); off unless set. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Where METRICS_PORT listens: this host only unless the operator opens it (not HOST's 0.0.0.0). */
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** Operator metrics on the main port at /metrics, for `Authorization: Bearer <token>` alone. */
    METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN needs at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Test-only: every captcha shows and accepts this text. Refused outside NODE_ENV=test. */
    MF_CAPTCHA_FIXED_ANSWER: z.string().optional(),
    /**
     * Internal, for the bench that measures its cost: 'off' leaves SQLite's secure deletion off, so
     * erased values linger in the file's free space. Not for operators: the server warns at every
     * start when it is off (not refused: the bench runs with NODE_ENV=production).
     */
    MF_SQLITE_SECURE_DELETE: z.enum(['on', 'off']).default('on'),
  })
  .superRefine((e, ctx) => {
    // The quick rules here; the guessability score when the password is about to be set (below).
    const problem = e.ADMIN_PASSWORD && passwordProblem(e.ADMIN_ACCOUNT, e.ADMIN_PASSWORD);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: fieldMessage(problem, 'en') });
    if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
      // A key without the webhook's secret takes money never confirmed; the secret alone does nothing.
      const missing = e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together',
      });
    }
    if (e.STRIPE_API_URL && stripeApi(e.STRIPE_API_URL) === null)
      // The secret key travels with every request: in clear only to this machine (a local stand-in).
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_URL'],
        message: 'STRIPE_API_URL must be an https:// address (http:// only to 127.0.0.1, ::1 or localhost)',
      });
  });

/** Where the Stripe library sends its requests; null for an http:// address off this machine. */
function stripeApi(url: string): StripeApi | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (protocol === 'http' && !['127.0.0.1', '::1', 'localhost'].includes(host)) return null;
  return { host, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Another address for Stripe's API than its own (STRIPE_API_URL). */
export interface StripeApi {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Stripe is offered only when configured: a meeting may choose the 'stripe' method only then. */
export function stripeConfigured(config: Pick<Config, 'stripe'>): boolean {
  return config.stripe !== null;
}

/**
 * The first administrator's password is checked like every password the server sets: ADMIN_PASSWORD
 * passes the quick rules in loadConfig, and is scored (zxcvbn) when it is about to become the first
 * administrator's — only then, and in a child process: zxcvbn's dictionaries cost ~0.4 s and ~40 MB
 * that the server would otherwise pay at every start, and keep, for a password it no longer uses.
 * Rejects as loadConfig throws, so that the server refuses to start.
 */
export async function refuseGuessableAdminPassword(
  config: Pick<Config, 'adminAccount'>,
  password: string,
): Promise<void> {
  const weakness = await passwordWeaknessApart(password, { account: config.adminAccount });
  if (weakness) {
    throw new Error(`Invalid configuration: ADMIN_PASSWORD: ${fieldMessage(weakness, 'en')}`);
  }
}

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  captchaEnabled: boolean;
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  adminAccount: string;
  adminPassword: string | undefined;
  trustProxy: string[] | false;
  webDist: string;
  logLevel: string;
  shutdownDrainMs: number;
  /** A scanner's double read, or two stations reading one badge: see attendance.service.ts. */
  scanRepeatWindowMs: number;
  /** IANA zone where "today" begins and spreadsheet times are read (see lib/local-time.ts). */
  timeZone: string;
  captchaFixedAnswer: string | undefined;
  /** SQLite's `pragma secure_delete` (MF_SQLITE_SECURE_DELETE; on unless the bench measures it). */
  sqliteSecureDelete: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Stripe Checkout, when both its keys are set (null otherwise: the method is not offered);
   * `api` null for Stripe's own address.
   */
  stripe: { secretKey: string; webhookSecret: string; api: StripeApi | null } | null;
  /** Without a trailing slash. */
  publicUrl: string;
  /** Where this server's source code can be had (SOURCE_URL); null when the operator has not said. */
  sourceUrl: string | null;
  jobLeaseMs: number;
  broadcastPerMinute: number;
  importBatchRows: number;
  /** Days the system log keeps an entry (0: for ever). */
  logRetentionDays: number;
  apiTokenPerMinute: number;
  /** Matching guests the list counts before it answers a capped total. */
  guestCountCap: number;
  /** Webhooks may reach loopback and private networks (an operator's choice; off by default). */
  webhookAllowPrivate: boolean;
  /** web: API and app, no jobs; worker: jobs and health only; all: both (ROLE). */
  role: InstanceRole;
  /** PostgreSQL pool size of this instance (PG_POOL_MAX). */
  pgPoolMax: number;
  /** PostgreSQL statement_timeout in ms, 0 for none (PG_STATEMENT_TIMEOUT_MS). */
  pgStatementTimeoutMs: number;
  /** Operator metrics: their own port (unset: none) and its host, and the main port's token. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
}

export type InstanceRole = 'web' | 'worker' | 'all';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads configuration from the environment; throws with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.MF_CAPTCHA_FIXED_ANSWER && e.NODE_ENV !== 'test') {
    // A known captcha answer defeats the captcha; it exists for browser tests only.
    throw new Error('MF_CAPTCHA_FIXED_ANSWER is only allowed with NODE_ENV=test');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    captchaEnabled: e.CAPTCHA_ENABLED,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    adminAccount: e.ADMIN_ACCOUNT,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY
      ? e.TRUST_PROXY.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : false,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    timeZone: e.TIME_ZONE,
    scanRepeatWindowMs: e.SCAN_REPEAT_MS,
    captchaFixedAnswer: e.MF_CAPTCHA_FIXED_ANSWER,
    sqliteSecureDelete: e.MF_SQLITE_SECURE_DELETE === 'on',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_URL ? stripeApi(e.STRIPE_API_URL) : null,
          }
        : null,
    jobLeaseMs: e.JOB_LEASE_MS,
    broadcastPerMinute: e.MAIL_BROADCAST_PER_MINUTE,
    importBatchRows: e.IMPORT_BATCH_ROWS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    apiTokenPerMinute: e.API_TOKEN_PER_MINUTE,
    guestCountCap: e.GUEST_COUNT_CAP,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    role: e.ROLE,
    pgPoolMax: e.PG_POOL_MAX,
    pgStatementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    sourceUrl: e.SOURCE_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
  };
}
