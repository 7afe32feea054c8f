import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import {
  attendanceScopeQuery,
  attendanceStats,
  envelope,
  recordPage,
  recordQuery,
  scanAnswer,
  scanRequest,
  type AttendanceStats,
} from '@meetflow/shared';
import type { Db } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { createAttendanceService } from './attendance.service.ts';
import { createLiveStats } from './live-stats.ts';

const tags = ['attendance'];
const security = [{ bearer: [] }];

/** A comment line now and then keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** What the client waits before reconnecting after a drop (it backs off further on its own). */
const RETRY_MS = 2_000;

export interface AttendanceRoutesOptions {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  redis?: Redis | undefined;
  /** Coalescing window of the live statistics (tests shorten it). */
  liveCoalesceMs?: number;
}

export const attendanceRoutes: FastifyPluginAsyncZod<AttendanceRoutesOptions> = async (app, options) => {
  const live = createLiveStats({
    redis: options.redis,
    log: app.log,
    compute: (scope) => attendance.statsOf(scope),
    ...(options.liveCoalesceMs === undefined ? {} : { coalesceMs: options.liveCoalesceMs }),
  });
  const attendance = createAttendanceService({
    db: options.db,
    systemLog: options.systemLog,
    clock: options.clock,
    onRecorded: (scope) => live.publish(scope),
  });

  // Open streams end when the server closes, so that they never hold a graceful shutdown.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    await live.close();
  });

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
      return ok(request, await attendance.stats(scope));
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
      },
    },
    async (request, reply) => {
      const scope = await attendance.resolveScope(
        currentUser(request),
        request.query.meeting_id,
        request.query.schedule_id,
      );
      const stream = new PassThrough();
      let sequence = 0;
      const send = (stats: AttendanceStats) => {
        sequence += 1;
        stream.write(`id: ${sequence}\nevent: stats\ndata: ${JSON.stringify(stats)}\n\n`);
      };

      let stop: (() => void) | null = null;
      let heartbeat: NodeJS.Timeout | null = null;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        streams.delete(end);
        stop?.();
        if (heartbeat) clearInterval(heartbeat);
        stream.end();
      };
      streams.add(end);
      // The client went away (or the response ended): stop pushing to it.
      reply.raw.once('close', end);

      stop = await live.watch({ meetingId: scope.meetingId, scopeId: scope.scopeId }, (stats) => {
        if (!ended) send(stats);
      });
      if (ended) stop();
      stream.write(`retry: ${RETRY_MS}\n\n`);
      send(await attendance.stats(scope));
      heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);

      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};
