import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  walkInAnswer,
  walkInRequest,
  walkInSyncAnswer,
  walkInSyncRequest,
} from '@meetflow/shared/schemas/walk-ins';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { WalkInsService } from './walk-ins.service.ts';

const tags = ['attendance'];
const security = [{ bearer: [] }];

/** Walk-ins at the door: one registered at an online station, and the queue of an offline one. */
export const walkInsRoutes: FastifyPluginAsyncZod<{ walkIns: WalkInsService }> = async (app, { walkIns }) => {
  app.post(
    '/api/attendance/walk-ins',
    {
      config: { auth: 'guest:walk_in' },
      schema: {
        tags,
        summary:
          'Register a walk-in at the door and check them in at once (a full meeting refuses unless `admit_over_capacity`); idempotent by nonce',
        security,
        body: walkInRequest,
        response: { 200: envelope(walkInAnswer) },
      },
    },
    async (request) =>
      ok(request, await walkIns.register(currentUser(request), request.body, request.ip, request.lang)),
  );

  app.post(
    '/api/attendance/offline-walk-ins',
    {
      config: { auth: 'guest:walk_in' },
      schema: {
        tags,
        summary:
          'Upload walk-ins an offline station queued, in order: each admitted (past the limit if need be, flagged), merged into the guest with that phone, or kept as a conflict; idempotent by nonce',
        security,
        body: walkInSyncRequest,
        response: { 200: envelope(walkInSyncAnswer) },
      },
    },
    async (request) =>
      ok(request, await walkIns.sync(currentUser(request), request.body, request.ip, request.lang)),
  );
};
