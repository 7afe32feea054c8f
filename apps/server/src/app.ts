import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Authenticate } from './core/auth-user.ts';
import type { DatabaseKind, Db } from './db/database.ts';
import type { ExportReporting } from './lib/export-pipeline.ts';
import { setTimeZone } from './lib/local-time.ts';
import { createLimiterFactory } from './lib/rate-limiter.ts';
import { logRedisAvailability } from './lib/redis.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { apiTokenRoutes } from './modules/auth/api-tokens.routes.ts';
import { createApiTokens } from './modules/auth/api-tokens.service.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { createOfflineDoorService } from './modules/attendance/offline-door.service.ts';
import { offlineDoorRoutes } from './modules/attendance/offline-door.routes.ts';
import { createRecordsExport } from './modules/attendance/records-export.ts';
import { recordsExportRoutes } from './modules/attendance/records-export.routes.ts';
import { createAttendanceService } from './modules/attendance/attendance.service.ts';
import { certificatesRoutes } from './modules/certificates/certificates.routes.ts';
import { createCertificatesService } from './modules/certificates/certificates.service.ts';
import { createBadgesService } from './modules/certificates/badges.service.ts';
import { createCertificateCore } from './modules/certificates/certificate-core.ts';
import { createGuestCertificatesService } from './modules/certificates/guest-certificates.service.ts';
import { createPdfRenderer } from './modules/certificates/pdf-renderer.ts';
import { createLiveStats } from './modules/attendance/live-stats.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, revokeUserSessions } from './modules/auth/auth.service.ts';
import { createCaptchaService } from './modules/auth/captcha.service.ts';
import { getOrCreateSecret } from './modules/auth/secrets.repository.ts';
import { truncateWalAfterErasure } from './db/database.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { guestsRoutes } from './modules/guests/guest-admin.routes.ts';
import { createGuestsService } from './modules/guests/guest-admin.service.ts';
import { guestImportRoutes } from './modules/imports/guest-import.routes.ts';
import { createGuestImports } from './modules/imports/guest-import.service.ts';
import { scheduleImportRoutes } from './modules/imports/schedule-import.routes.ts';
import { createScheduleImports } from './modules/imports/schedule-import.service.ts';
import { createJobs } from './modules/jobs/jobs.service.ts';
import { createUrlGuard } from './modules/webhooks/url-guard.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { createGuestConfirmation } from './modules/mail/guest-confirmation.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createMailTransport } from './modules/mail/mail-transport.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { meetingDisplayRoutes } from './modules/meeting-display/meeting-display.routes.ts';
import { createMeetingDisplayService } from './modules/meeting-display/meeting-display.service.ts';
import { meetingsRoutes } from './modules/meetings/meetings.routes.ts';
import { createMeetingsService } from './modules/meetings/meetings.service.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import { createVisitorGuestService } from './modules/registration/visitor-guest.service.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { scheduleDetailRoutes } from './modules/schedule-detail/schedule-detail.routes.ts';
import { createScheduleDetailService } from './modules/schedule-detail/schedule-detail.service.ts';
import { createRegistrationService } from './modules/registration/registration.service.ts';
import { createSystemLog } from './modules/system-log/system-log.service.ts';
import { systemLogRoutes } from './modules/system-log/system-log.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { authorization } from './plugins/authorization.ts';
import { compression } from './plugins/compression.ts';
import { answerRoutingError, errorHandling } from './plugins/errors.ts';
import { createWaitlistCore } from './modules/waitlist/waitlist-core.ts';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { createWaitlistService } from './modules/waitlist/waitlist.service.ts';
import { gracefulShutdown } from './plugins/graceful-shutdown.ts';
import { openapi } from './plugins/openapi.ts';
import { requestContext } from './plugins/request-context.ts';
import { security } from './plugins/security.ts';
import { webApp } from './plugins/web-app.ts';

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

const VERSION = '0.1.0';

/** Builds the whole HTTP application: plugins in the order they must run, then the domain routes. */
/**
 * Every schema is zod's. Given as the schema controller's factories, Fastify never loads its default
 * compilers (ajv with its formats, fast-json-stringify: ~240 modules each start loaded for nothing).
 * Fastify types these factories for ajv, hence the cast.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? Date.now;
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

  if (deps.redis) logRedisAvailability(deps.redis, app.log, 'commands');
  warnWithoutSecureDeletion(config, deps.dbKind, app.log);
  const limiters = createLimiterFactory(deps.redis, await getOrCreateSecret(db, 'rate_limit'));
  const systemLog = createSystemLog(db, clock);
  const notifications = createNotificationsService({
    db,
    clock,
    onError: (err) => app.log.error({ err }, 'notification not written'),
  });
  const captcha = createCaptchaService(
    db,
    { enabled: config.captchaEnabled, fixedAnswer: config.captchaFixedAnswer },
    clock,
  );
  const accessTokens = createAccessTokens(
    config.jwtSecret ?? (await getOrCreateSecret(db, 'jwt')),
    config.accessTokenTtl,
  );
  const auth = createAuthService({
    db,
    captcha,
    accessTokens,
    refreshTtlSeconds: config.refreshTokenTtl,
    limiters,
    systemLog,
    clock,
  });

  // Background work; main.js starts the runner, so tests and tools run jobs when they choose.
  const jobs = createJobs({ db, dbKind: deps.dbKind, clock, log: app.log, leaseMs: config.jobLeaseMs });
  app.decorate('jobs', jobs);
  const webhooks = createWebhooksService({
    db,
    dbKind: deps.dbKind,
    jobs,
    systemLog,
    notifications,
    guard: createUrlGuard(config.webhookAllowPrivate),
    clock,
  });
  webhooks.register();
  // What every export reports to: the audit trail, the user's notification, the meeting's webhooks.
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
  const live = createLiveStats({
    redis: deps.redis,
    log: app.log,
    compute: (scope) => attendance.statsOf(scope),
    clock,
    ...deps.live,
  });
  const attendance = createAttendanceService({
    db,
    systemLog,
    clock,
    repeatWindowMs: config.scanRepeatWindowMs,
    onRecorded: (scope) => live.publish(scope),
    webhooks,
  });
  const onSignupsChanged = (meetingId: number) => live.publishMeeting(meetingId);
  app.decorate('liveStats', live);

  const mailTransport = config.smtpUrl ? createMailTransport(config.smtpUrl, config.mailFrom) : undefined;
  const guests = createGuestsService({
    db,
    systemLog,
    webhooks,
    clock,
    onSignupsChanged,
    notifications,
    countCap: config.guestCountCap,
    // The certificate core is made below; the guest list asks it only once the app runs.
    certificateStates: (meeting, guestIds) => certificateCore.statesOf(meeting, guestIds),
    // The waiting lists are made below (they need mail): seats a delete frees go to them.
    waitlist: {
      seatsFreedIn: (trx, freed) => waitlist.seatsFreedIn(trx, freed),
      guestCancelledIn: (trx, guestId, username) => waitlist.guestCancelledIn(trx, guestId, username),
    },
  });
  const mail = createMailService({
    db,
    dbKind: deps.dbKind,
    jobs,
    clock,
    systemLog,
    limiters,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    transport: mailTransport,
    guests,
    signingSecret: await getOrCreateSecret(db, 'mail'),
    broadcastPerMinute: config.broadcastPerMinute,
    // The certificates service is made below; a mail job asks it only once the app runs.
    certificatePdf: (guestId) => guestCertificates.pdfForMail(guestId),
    waitlistOffer: (entryId, offeredAt) => waitlist.offerForMail(entryId, offeredAt),
  });
  const waitlist = createWaitlistService({
    db,
    clock,
    core: createWaitlistCore({ db, dbKind: deps.dbKind, clock, systemLog, jobs, mail, webhooks }),
    signingSecret: await getOrCreateSecret(db, 'waitlist'),
    publicUrl: config.publicUrl,
    mail,
    onSignupsChanged,
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mail.close();
    mailTransport?.close();
    await pdfRenderer.close();
  });

  await app.register(requestContext);
  await app.register(errorHandling);
  await app.register(gracefulShutdown);
  await app.register(security);
  await app.register(compression);
  const apiTokens = createApiTokens({
    db,
    systemLog,
    limiters,
    perMinute: config.apiTokenPerMinute,
    clock,
  });
  // A bearer secret is a session's access token or, by its prefix, an API token.
  const authenticate: Authenticate = (token, ip) =>
    apiTokens.isApiToken(token) ? apiTokens.authenticate(token, ip) : auth.authenticate(token);
  await app.register(authorization, { authenticate });
  await app.register(openapi, { strict: config.env !== 'production' });

  await app.register(healthRoutes, {
    db,
    database: deps.dbKind,
    redis: deps.redis,
    version: VERSION,
    timeZone: config.timeZone,
  });
  await app.register(authRoutes, { auth, captcha, limiters });
  await app.register(apiTokenRoutes, { apiTokens });
  await app.register(webhookRoutes, { webhooks });
  await app.register(organizationRoutes, {
    organizations: createOrganizationsService({ db, systemLog, clock }),
  });
  await app.register(userRoutes, { users: createUsersService({ db, systemLog, clock, revokeUserSessions }) });
  await app.register(meetingDisplayRoutes, {
    meetingDisplay: createMeetingDisplayService({ db, systemLog }),
  });

  await app.register(filesRoutes, { files: createFilesService({ db, systemLog, clock }) });
  await app.register(meetingsRoutes, {
    meetings: createMeetingsService({ db, systemLog, clock, waitlist, webhooks }),
  });
  await app.register(dictionaryRoutes, { db, systemLog, clock, waitlist });
  const visitorGuests = createVisitorGuestService({
    db,
    webhooks,
    clock,
    notifications,
    onSignupsChanged,
    mail,
    waitlist,
  });
  const pdfRenderer = createPdfRenderer();
  const certificateCore = createCertificateCore({
    db,
    clock,
    timeZone: config.timeZone,
    publicUrl: config.publicUrl,
    renderer: pdfRenderer,
    webhooks,
  });
  const guestCertificates = createGuestCertificatesService({
    db,
    timeZone: config.timeZone,
    core: certificateCore,
    guestFromToken: (token) => visitorGuests.identify(token),
  });
  const registration = createRegistrationService({
    db,
    dbKind: deps.dbKind,
    log: app.log,
    systemLog,
    webhooks,
    limiters,
    clock,
    notifications,
    onSignupsChanged,
    mail,
    waitlist,
  });
  await app.register(registrationRoutes, { registration, guests: visitorGuests });
  const privacy = createPrivacyService({
    db,
    clock,
    systemLog,
    jobs,
    notifications,
    guests,
    visitorGuests,
    logRetentionDays: config.logRetentionDays,
    truncateWal: (stop) => truncateWalAfterErasure(db, stop),
    log: app.log,
  });
  privacy.register();
  app.addHook('onClose', () => privacy.close());
  await app.register(privacyRoutes, { privacy, limiters });
  await app.register(waitlistRoutes, {
    waitlist,
    registration,
    guests: visitorGuests,
    reporting,
    limiters,
    clock,
  });
  await app.register(mailRoutes, {
    mail,
    confirmation: createGuestConfirmation({
      db,
      jobs,
      clock,
      systemLog,
      limiters,
      mailServerConfigured: mailTransport !== undefined,
      identify: (token) => visitorGuests.identify(token),
    }),
  });
  await app.register(attendanceRoutes, {
    attendance,
    live,
    sessionStillValid: (user) =>
      user.apiTokenId === null ? auth.sessionStillValid(user) : apiTokens.stillValid(user.apiTokenId),
    clock,
  });
  await app.register(recordsExportRoutes, {
    recordsExport: createRecordsExport({ db, clock, timeZone: config.timeZone, webhooks }),
    reporting,
    clock,
  });
  await app.register(offlineDoorRoutes, {
    door: createOfflineDoorService({
      db,
      systemLog,
      clock,
      timeZone: config.timeZone,
      repeatWindowMs: config.scanRepeatWindowMs,
      doorSecret: await getOrCreateSecret(db, 'door'),
      loginCodeRequired: (meetingId) => mail.loginCodeRequired(meetingId),
      onRecorded: (scope) => live.publish(scope),
      webhooks,
    }),
  });
  await app.register(dashboardRoutes, { dashboard: createDashboardService({ db, clock }) });
  await app.register(guestsRoutes, { guests, reporting, clock });
  await app.register(guestImportRoutes, {
    guestImports: createGuestImports({
      db,
      dbKind: deps.dbKind,
      clock,
      systemLog,
      jobs,
      mail,
      notifications,
      onSignupsChanged,
      batchRows: config.importBatchRows,
      webhooks,
    }),
    reporting,
    clock,
  });
  await app.register(scheduleImportRoutes, {
    scheduleImports: createScheduleImports({ db, dbKind: deps.dbKind, clock, systemLog, waitlist }),
  });
  await app.register(scheduleDetailRoutes, {
    scheduleDetail: createScheduleDetailService({ db, clock }),
    reporting,
    clock,
  });
  await app.register(systemLogRoutes, {
    systemLog,
    authenticate,
    limiters,
    notifications,
    clock,
  });
  await app.register(certificatesRoutes, {
    certificates: createCertificatesService({ db, systemLog, clock, core: certificateCore, mail }),
    guestCertificates,
    badges: createBadgesService({ db, systemLog, renderer: pdfRenderer }),
    reporting,
    clock,
    limiters,
  });
  await app.register(notificationRoutes, { notifications });
  await app.register(profileRoutes, { profile: createProfileService({ db, systemLog, clock }) });
  await app.register(webApp, { root: config.webDist });
  return app;
}

/**
 * MF_SQLITE_SECURE_DELETE=off exists for the bench that measures secure deletion's cost, which runs
 * with NODE_ENV=production like any deployment: so it is not refused, but said loudly at each start.
 */
function warnWithoutSecureDeletion(config: Config, dbKind: AppDeps['dbKind'], log: FastifyBaseLogger): void {
  if (dbKind !== 'sqlite' || config.sqliteSecureDelete !== false) return;
  log.warn(
    "MF_SQLITE_SECURE_DELETE=off: erased personal data stays readable in the SQLite file's free pages; for measurements only, never in service",
  );
}
