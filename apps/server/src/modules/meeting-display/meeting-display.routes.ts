import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { meetingDisplayConfig } from '@meetflow/shared/schemas/meeting-display';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { MeetingDisplayService } from './meeting-display.service.ts';

const tags = ['meetings'];
const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The "edit user display" config of a meeting (spec §3 meeting_config). */
export const meetingDisplayRoutes: FastifyPluginAsyncZod<{ meetingDisplay: MeetingDisplayService }> = async (
  app,
  { meetingDisplay },
) => {
  app.get(
    '/api/meetings/:id/display-config',
    {
      config: { auth: 'meeting:view' },
      schema: {
        tags,
        summary: "A meeting's display config, merged over the defaults",
        security: [{ bearer: [] }],
        params,
        response: { 200: envelope(meetingDisplayConfig) },
      },
    },
    async (request) => ok(request, await meetingDisplay.get(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/meetings/:id/display-config',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary: "Replace a meeting's display config (language order, colours, texts)",
        security: [{ bearer: [] }],
        params,
        body: meetingDisplayConfig,
        response: { 200: envelope(meetingDisplayConfig) },
      },
    },
    async (request) =>
      ok(
        request,
        await meetingDisplay.update(currentUser(request), request.params.id, request.body, request.ip),
      ),
  );
};
