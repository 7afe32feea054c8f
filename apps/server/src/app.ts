import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DatabaseKind, Db } from './db/database.ts';
import { setTimeZone } from './lib/local-time.ts';
import { attendanceModule } from './modules/attendance/attendance.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { certificatesModule } from './modules/certificates/certificates.module.ts';
import { cmeModule } from './modules/cme/cme.module.ts';
import { paymentsModule } from './modules/payments/payments.module.ts';
import { approvalModule } from './modules/approval/approval.module.ts';
import { groupsModule } from './modules/groups/groups.module.ts';
import { invitationsModule } from './modules/invitations/invitations.module.ts';
import { membersModule } from './modules/members/members.module.ts';
import { walkInsModule } from './modules/walk-ins/walk-ins.module.ts';
import { evaluationsModule } from './modules/evaluations/evaluations.module.ts';
import { dashboardModule } from './modules/dashboard/dashboard.module.ts';
import { dictionaryModule } from './modules/dictionary/dictionary.module.ts';
import { filesModule } from './modules/files/files.module.ts';
import { guestsModule } from './modules/guests/guests.module.ts';
import { healthModule } from './modules/health/health.module.ts';
import { importsModule } from './modules/imports/imports.module.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import { meetingDisplayModule } from './modules/meeting-display/meeting-display.module.ts';
import { meetingsModule } from './modules/meetings/meetings.module.ts';
import { metricsModule } from './modules/metrics/metrics.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { organizationsModule } from './modules/organizations/organizations.module.ts';
import { privacyModule } from './modules/privacy/privacy.module.ts';
import { profileModule } from './modules/profile/profile.module.ts';
import { registrationModule } from './modules/registration/registration.module.ts';
import { scheduleDetailModule } from './modules/schedule-detail/schedule-detail.module.ts';
import { systemLogModule } from './modules/system-log/system-log.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { waitlistModule } from './modules/waitlist/waitlist.module.ts';
import { webhooksModule } from './modules/webhooks/webhooks.module.ts';
import { platform } from './platform.ts';
import { authorization } from './plugins/authorization.ts';
import { compression } from './plugins/compression.ts';
import { answerRoutingError, errorHandling } from './plugins/errors.ts';
import { gracefulShutdown } from './plugins/graceful-shutdown.ts';
import { openapi } from './plugins/openapi.ts';
import { requestContext } from './plugins/request-context.ts';
import { security } from './plugins/security.ts';
import { webApp } from './plugins/web-app.ts';
import { VERSION } from './version.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  redis?: Redis | undefined;
  /** Injectable time source, so tests can move the clock instead of waiting. */
  clock?: () => number;
  /** Timing of the live statistics (tests shorten it). */
  live?: { coalesceMs?: number; heartbeatMs?: number };
  /** Where the log goes (standard output when unset); tests read it from here. */
  logStream?: { write(line: string): void } | undefined;
}

/** What a request log line says about the request: never its query string, which can carry personal data. */
export function requestLogFields(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}) {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    path: query === -1 ? request.url : request.url.slice(0, query),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Every schema is zod's. Given as the schema controller's factories, Fastify never loads its default
 * compilers (ajv with its formats, fast-json-stringify: ~240 modules each start loaded for nothing).
 * Fastify types these factories for ajv, hence the cast.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Builds the whole HTTP application: the platform (what every module is given), the hooks every
 * route runs, in the order they must run, then the modules — each a plugin that names the modules
 * it needs, so each comes after them — and the web app last.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  setTimeZone(config.timeZone);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Search keywords (names, phones, emails) travel in query strings: requests are logged by path.
      serializers: { req: requestLogFields },
      // Bearer tokens and cookies never reach the logs.
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-guest-token"]',
        'res.headers["set-cookie"]',
      ],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Malformed URLs fail in the router, before any hook: they too answer the envelope.
    frameworkErrors: answerRoutingError,
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  await app.register(platform, deps);
  await app.register(requestContext);
  await app.register(errorHandling);
  await app.register(gracefulShutdown);
  await app.register(security);
  await app.register(compression);
  await app.register(authorization, { authenticate: app.platform.authentication.use.authenticate });
  await app.register(openapi, { strict: config.env !== 'production' });

  await app.register(metricsModule);
  await app.register(healthModule, { version: VERSION });
  await app.register(authModule);
  await app.register(webhooksModule);
  await app.register(organizationsModule);
  await app.register(usersModule);
  await app.register(meetingDisplayModule);
  await app.register(filesModule);
  await app.register(guestsModule);
  await app.register(meetingsModule);
  await app.register(dictionaryModule);
  await app.register(mailModule);
  await app.register(waitlistModule);
  await app.register(registrationModule);
  await app.register(privacyModule);
  await app.register(attendanceModule);
  await app.register(dashboardModule);
  await app.register(importsModule);
  await app.register(scheduleDetailModule);
  await app.register(systemLogModule);
  await app.register(evaluationsModule);
  await app.register(certificatesModule);
  await app.register(cmeModule);
  await app.register(paymentsModule);
  // Who registers (issue 45): they fill the sign-up's ports and add their own routes.
  await app.register(invitationsModule);
  await app.register(membersModule);
  await app.register(approvalModule);
  await app.register(groupsModule);
  await app.register(walkInsModule);
  await app.register(notificationsModule);
  await app.register(profileModule);
  await app.register(webApp, { root: config.webDist });
  return app;
}
