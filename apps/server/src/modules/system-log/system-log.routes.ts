import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  clientErrorBody,
  systemLogFilter,
  systemLogPage,
  systemLogQuery,
} from '@meetflow/shared/schemas/system-log';
import { xlsxAnswer } from '../../lib/openapi-files.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { sendExport } from '../../lib/export-pipeline.ts';
import { fileTimestamp, xlsxSheet } from '../../lib/xlsx-export.ts';
import { bearer, currentUser } from '../../plugins/authorization.ts';
import type { Authenticate } from '../../core/auth-user.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { LOG_EXPORT_COLUMNS, LOG_EXPORT_SHEET } from './system-log-export.ts';
import type { SystemLog } from './system-log.service.ts';

interface Options {
  systemLog: SystemLog;
  /** Names the reporter of a browser error when a valid token comes with it. */
  authenticate: Authenticate;
  limiters: LimiterFactory;
  notifications: NotificationsService;
  clock: () => number;
}

/** Client error reports: per address, and for everyone together so that a flood cannot bury the log. */
export const CLIENT_ERROR_LIMITS_PER_WINDOW = { perIp: 20, all: 600, seconds: 600 } as const;
/** Largest accepted report body; the schema caps each field as well. */
const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;

const tags = ['system-log'];
const security = [{ bearer: [] }];

/**
 * GET only: the log is append-only, so there is deliberately no route that changes or removes an
 * entry (PUT/DELETE answer 404).
 */
export const systemLogRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { systemLog, authenticate, limiters, notifications, clock },
) => {
  const perIp = limiters(
    'client_error_ip',
    CLIENT_ERROR_LIMITS_PER_WINDOW.perIp,
    CLIENT_ERROR_LIMITS_PER_WINDOW.seconds,
  );
  const all = limiters(
    'client_error_all',
    CLIENT_ERROR_LIMITS_PER_WINDOW.all,
    CLIENT_ERROR_LIMITS_PER_WINDOW.seconds,
  );

  app.get(
    '/api/system-logs',
    {
      config: { auth: 'log:view' },
      schema: {
        tags,
        security,
        summary: 'The system log, newest first, filtered and paginated',
        querystring: systemLogQuery,
        response: { 200: envelope(systemLogPage) },
      },
    },
    async (request) => ok(request, await systemLog.list(request.query, request.lang)),
  );

  app.get(
    '/api/system-logs/export',
    {
      config: { auth: 'log:export' },
      schema: {
        tags,
        security,
        summary: 'The entries matching the filters as a streamed XLSX file, newest first',
        querystring: systemLogFilter,
        response: { 200: xlsxAnswer('The system log (XLSX)') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const lang = request.lang;
      const fileName = `${LOG_EXPORT_SHEET[lang]}-${fileTimestamp(clock())}.xlsx`;
      return sendExport(
        request,
        reply,
        { systemLog, notifications },
        {
          user,
          fileName,
          sheets: [
            xlsxSheet({
              name: LOG_EXPORT_SHEET,
              columns: LOG_EXPORT_COLUMNS,
              rows: systemLog.entries(request.query, lang),
            }),
          ],
          auditKey: 'system_log.exported',
        },
      );
    },
  );

  app.post(
    '/api/public/client-errors',
    {
      config: { auth: 'public' },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Report an uncaught error of the web app (enableErrorLog); rate-limited and size-capped. ' +
          'A valid access token attaches the user name',
        body: clientErrorBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await perIp.consume(request.ip);
      await all.consume('all');
      const token = bearer(request.headers.authorization);
      // The report is kept either way: errors on the login and visitor pages matter as much.
      const user = token ? await authenticate(token, request.ip).catch(() => null) : null;
      await systemLog.recordClientError(request.body, user?.auditName ?? null, request.ip);
      return ok(request, null);
    },
  );
};
