import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  conflictPage,
  conflictQuery,
  offlineData,
  offlineDataQuery,
  offlineSyncAnswer,
  offlineSyncRequest,
} from '@meetflow/shared/schemas/offline-door';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { OfflineDoorService } from './offline-door.service.ts';

const tags = ['attendance'];
const security = [{ bearer: [] }];

/** The offline door: a station's copy of its scope, the upload of its queued scans, the conflicts. */
export const offlineDoorRoutes: FastifyPluginAsyncZod<{ door: OfflineDoorService }> = async (
  app,
  { door },
) => {
  app.get(
    '/api/attendance/offline-data',
    {
      config: { auth: 'records:scan' },
      schema: {
        tags,
        summary:
          "A door station's copy of a scope's guests (hashed codes, names, attendance; no contact data), whole or changed since `since`",
        security,
        querystring: offlineDataQuery,
        response: { 200: envelope(offlineData) },
      },
    },
    async (request) => ok(request, await door.offlineData(currentUser(request), request.query, request.lang)),
  );

  app.post(
    '/api/attendance/offline-scans',
    {
      config: { auth: 'records:scan' },
      schema: {
        tags,
        summary:
          'Upload scans a station judged offline, in order: each recorded at its own time or kept as a conflict; idempotent by nonce',
        security,
        body: offlineSyncRequest,
        response: { 200: envelope(offlineSyncAnswer) },
      },
    },
    async (request) => ok(request, await door.sync(currentUser(request), request.body, request.ip)),
  );

  app.get(
    '/api/attendance/conflicts',
    {
      config: { auth: 'records:view' },
      schema: {
        tags,
        summary: 'Offline scans that conflicted when uploaded, newest first',
        security,
        querystring: conflictQuery,
        response: { 200: envelope(conflictPage) },
      },
    },
    async (request) => ok(request, await door.conflicts(currentUser(request), request.query)),
  );
};
