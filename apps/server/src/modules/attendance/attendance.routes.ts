import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceScopeQuery,
  attendanceStats,
  doorAnswersAnswer,
  doorAnswersRequest,
  recordPage,
  recordQuery,
  scanAnswer,
  scanRequest,
  type AttendanceStats,
} from '@meetflow/shared/schemas/attendance';
import { envelope } from '@meetflow/shared/schemas/envelope';
import type { AuthUser } from '../../core/auth-user.ts';
import { eventStreamAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { AttendanceService } from './attendance.service.ts';
import type { LiveStats } from './live-stats.ts';

const tags = ['attendance'];
const security = [{ bearer: [] }];

/** What the client waits before reconnecting after a drop (it backs off further on its own). */
const RETRY_MS = 2_000;
/** setTimeout's ceiling; a token living longer is caught by the heartbeat's check instead. */
const MAX_TIMER_MS = 2_147_483_647;

export interface AttendanceRoutesOptions {
  attendance: AttendanceService;
  /** The live statistics publisher and watcher shared with the modules that change the figures. */
  live: LiveStats;
  /** Re-checks the session of an open stream. */
  /** Whether the stream's session is still open (logout and password changes end the stream). */
  sessionStillValid: (user: AuthUser) => Promise<boolean>;
  clock: () => number;
}

export const attendanceRoutes: FastifyPluginAsyncZod<AttendanceRoutesOptions> = async (app, options) => {
  const { attendance, live, sessionStillValid, clock } = options;

  // Open streams end when the server closes, so that they never hold a graceful shutdown.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    await live.close();
  });

  await app.register(scanAndRecordRoutes, { attendance, live });

  app.get(
    '/api/attendance/stream',
    {
      config: { auth: 'records:view' },
      schema: {
        tags,
        summary:
          'Server-Sent Events: `stats` with the full statistics on opening and after every change (coalesced)',
        security,
        querystring: attendanceScopeQuery,
        response: { 200: eventStreamAnswer('The event stream') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const stream = new PassThrough();
      let sequence = 0;
      let stop: (() => void) | null = null;
      let stopHeartbeat: (() => void) | null = null;
      let expiry: NodeJS.Timeout | null = null;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        streams.delete(end);
        stop?.();
        stopHeartbeat?.();
        if (expiry) clearTimeout(expiry);
        stream.end();
      };
      // Nothing is written once the stream has ended (the client left, the session ended, shutdown).
      const write = (chunk: string) => {
        if (!ended) stream.write(chunk);
      };
      const send = (stats: AttendanceStats) => {
        sequence += 1;
        write(`id: ${sequence}\nevent: stats\ndata: ${JSON.stringify(stats)}\n\n`);
      };

      // Before any await: the client may leave (or the server close) while the scope is resolved
      // or the first subscription is made, and an error of the stream must never go unhandled.
      streams.add(end);
      stream.on('error', end);
      reply.raw.once('close', end);
      if (reply.raw.destroyed) end();

      try {
        const scope = await attendance.resolveScope(
          user,
          request.query.meeting_id,
          request.query.schedule_id,
        );
        if (!ended) {
          const watching = await live.watch({ meetingId: scope.meetingId, scopeId: scope.scopeId }, send);
          if (ended) watching();
          else stop = watching;
        }
        if (!ended) {
          write(`retry: ${RETRY_MS}\n\n`);
          const stats = await attendance.stats(scope);
          send(stats);
        }
      } catch (error) {
        end();
        throw error;
      }

      if (!ended) {
        // The stream is authorised by one access token and one session: it ends with either.
        expiry = setTimeout(end, Math.min(Math.max(0, user.tokenExpiresAt - clock()), MAX_TIMER_MS));
        expiry.unref();
        stopHeartbeat = live.heartbeat(() => {
          if (clock() >= user.tokenExpiresAt) {
            end();
            return;
          }
          // A comment line now and then keeps proxies and load balancers from closing a quiet stream.
          write(': heartbeat\n\n');
          sessionStillValid(user).then(
            (valid) => {
              if (!valid) end();
            },
            (error: unknown) => request.log.warn({ err: error }, 'session of a live stream not checked'),
          );
        });
      }

      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};

/** Scans, today's figures and the records page. */
const scanAndRecordRoutes: FastifyPluginAsyncZod<{ attendance: AttendanceService; live: LiveStats }> = async (
  app,
  { attendance, live },
) => {
  app.post(
    '/api/attendance/scans',
    {
      config: { auth: 'records:scan' },
      schema: {
        tags,
        summary: 'Record one scan (entry, exit or automatic); a retried nonce answers the first result',
        security,
        body: scanRequest,
        response: { 200: envelope(scanAnswer) },
      },
    },
    async (request) =>
      ok(request, await attendance.scan(currentUser(request), request.body, request.lang, request.ip)),
  );

  app.post(
    '/api/attendance/door-answers',
    {
      config: { auth: 'records:scan' },
      schema: {
        tags,
        summary:
          "Record a guest's answers to the meeting's ask-at-door questions (merged into their answers); answers the questions still open",
        security,
        body: doorAnswersRequest,
        response: { 200: envelope(doorAnswersAnswer) },
      },
    },
    async (request) =>
      ok(request, await attendance.doorAnswers(currentUser(request), request.body, request.lang, request.ip)),
  );

  app.get(
    '/api/attendance/stats',
    {
      config: { auth: 'records:view' },
      schema: {
        tags,
        summary: "Today's statistics of a meeting or one session",
        security,
        querystring: attendanceScopeQuery,
        response: { 200: envelope(attendanceStats) },
      },
    },
    async (request) => {
      const scope = await attendance.resolveScope(
        currentUser(request),
        request.query.meeting_id,
        request.query.schedule_id,
      );
      return ok(request, await live.current({ meetingId: scope.meetingId, scopeId: scope.scopeId }));
    },
  );

  app.get(
    '/api/attendance/records',
    {
      config: { auth: 'records:view' },
      schema: {
        tags,
        summary: 'Entries and exits, newest first, filtered and paginated',
        security,
        querystring: recordQuery,
        response: { 200: envelope(recordPage) },
      },
    },
    async (request) =>
      ok(request, await attendance.records(currentUser(request), request.query, request.lang)),
  );
};
