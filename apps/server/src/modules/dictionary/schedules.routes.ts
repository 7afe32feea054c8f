import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schedule, scheduleBody } from '@meetflow/shared/schemas/dictionary';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { idParams, meetingParams } from './dictionary-context.ts';
import type { SchedulesService } from './schedules.service.ts';

const tags = ['dictionary'];
const security = [{ bearer: [] }];

/** A meeting's sessions ("schedules"); the meeting must be live and in the user's subtree (else 404). */
export const schedulesRoutes: FastifyPluginAsyncZod<{ schedules: SchedulesService }> = async (
  app,
  { schedules },
) => {
  app.get(
    '/api/meetings/:meetingId/schedules',
    {
      // Door staff pick the session they scan; the meeting must be one they may scan (same scope rule).
      config: { auth: ['dictionary:view', 'records:scan'] },
      schema: {
        tags,
        security,
        summary: "A meeting's sessions with their time slots, by day and time",
        params: meetingParams,
        response: { 200: envelope(z.array(schedule)) },
      },
    },
    async (request) => ok(request, await schedules.list(currentUser(request), request.params.meetingId)),
  );

  app.post(
    '/api/meetings/:meetingId/schedules',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Add a session (date within the meeting, sign-up limit 0 = unlimited)',
        params: meetingParams,
        body: scheduleBody,
        response: { 200: envelope(schedule) },
      },
    },
    async (request) =>
      ok(
        request,
        await schedules.create(
          { user: currentUser(request), ip: request.ip },
          request.params.meetingId,
          request.body,
        ),
      ),
  );

  app.put(
    '/api/schedules/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Replace a session (the limit cannot go below the sign-ups taken)',
        params: idParams,
        body: scheduleBody,
        response: { 200: envelope(schedule) },
      },
    },
    async (request) =>
      ok(
        request,
        await schedules.update(
          { user: currentUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/schedules/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Delete a session (refused while it has sign-ups or is the only session of a user type)',
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await schedules.remove({ user: currentUser(request), ip: request.ip }, request.params.id);
      return ok(request, null);
    },
  );
};
