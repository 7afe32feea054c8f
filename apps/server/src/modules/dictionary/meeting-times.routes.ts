import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meetingTime, meetingTimeBody } from '@meetflow/shared/schemas/dictionary';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { idParams } from './dictionary-context.ts';
import type { MeetingTimesService } from './meeting-times.service.ts';

const tags = ['dictionary'];
const security = [{ bearer: [] }];

/** Meeting times: HH:mm time slots, global or owned by an organisation subtree. */
export const meetingTimesRoutes: FastifyPluginAsyncZod<{ meetingTimes: MeetingTimesService }> = async (
  app,
  { meetingTimes },
) => {
  app.get(
    '/api/meeting-times',
    {
      config: { auth: 'dictionary:view' },
      schema: {
        tags,
        security,
        summary: "The global meeting times and those of the user's organisation subtree",
        response: { 200: envelope(z.array(meetingTime)) },
      },
    },
    async (request) => ok(request, await meetingTimes.list(currentUser(request))),
  );

  app.post(
    '/api/meeting-times',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: "Add a meeting time (start before end, HH:mm); an organiser's belongs to their organisation",
        body: meetingTimeBody,
        response: { 200: envelope(meetingTime) },
      },
    },
    async (request) =>
      ok(request, await meetingTimes.create({ user: currentUser(request), ip: request.ip }, request.body)),
  );

  app.put(
    '/api/meeting-times/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Replace a meeting time (global ones: administrators only)',
        params: idParams,
        body: meetingTimeBody,
        response: { 200: envelope(meetingTime) },
      },
    },
    async (request) =>
      ok(
        request,
        await meetingTimes.update(
          { user: currentUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/meeting-times/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Delete a meeting time (refused while a session uses it)',
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await meetingTimes.remove({ user: currentUser(request), ip: request.ip }, request.params.id);
      return ok(request, null);
    },
  );
};
