import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { meetingIdParams } from '@meetflow/shared/schemas/meetings';
import {
  privacySettings,
  privacySettingsBody,
  purgeBody,
  purgeResult,
} from '@meetflow/shared/schemas/privacy';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { PrivacyService } from './privacy.service.ts';

const tags = ['privacy'];
const security = [{ bearer: [] }];

/** A meeting's privacy for its organisers: the notice, the retention, and "purge now". */
export const privacyMeetingRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (
  app,
  { privacy },
) => {
  app.get(
    '/api/meetings/:id/privacy',
    {
      config: { auth: 'meeting:view' },
      schema: {
        tags,
        summary: "A meeting's privacy notice, retention period and when its guests' data is (or was) erased",
        security,
        params: meetingIdParams,
        response: { 200: envelope(privacySettings) },
      },
    },
    async (request) => ok(request, await privacy.settings(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/meetings/:id/privacy',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary: 'Change the privacy notice (a new version) and the retention period (extend or shorten)',
        security,
        params: meetingIdParams,
        body: privacySettingsBody,
        response: { 200: envelope(privacySettings) },
      },
    },
    async (request) =>
      ok(
        request,
        await privacy.updateSettings(currentUser(request), request.params.id, request.body, request.ip),
      ),
  );

  app.post(
    '/api/meetings/:id/purge',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary:
          "Erase the guests' personal data of a meeting that has ended, now (the meeting's name typed as confirmation)",
        security,
        params: meetingIdParams,
        body: purgeBody,
        response: { 200: envelope(purgeResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await privacy.purgeNow(currentUser(request), request.params.id, request.body.confirm, request.ip),
      ),
  );
};
