import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  admissionSettings,
  admissionSettingsBody,
  applicationPage,
  applicationQuery,
  decideBody,
  decideResult,
} from '@meetflow/shared/schemas/approval';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { meetingIdParams } from '@meetflow/shared/schemas/meetings';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { ApprovalService } from './approval.service.ts';

const tags = ['approval'];
const security = [{ bearer: [] }];
const actor = (request: Parameters<typeof currentUser>[0]) => ({
  user: currentUser(request),
  ip: request.ip,
});

/** Who may register (issue 45): a meeting's admission settings and its approval queue. */
export const approvalRoutes: FastifyPluginAsyncZod<{ approval: ApprovalService }> = async (
  app,
  { approval },
) => {
  app.get(
    '/api/meetings/:id/admission',
    {
      config: { auth: 'meeting:view' },
      schema: {
        tags,
        summary: 'Who may register: approval, a held seat, erasure after rejection, group size',
        security,
        params: meetingIdParams,
        response: { 200: envelope(admissionSettings) },
      },
    },
    async (request) => ok(request, await approval.settings.get(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/meetings/:id/admission',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary: 'Change who may register',
        security,
        params: meetingIdParams,
        body: admissionSettingsBody,
        response: { 200: envelope(admissionSettings) },
      },
    },
    async (request) =>
      ok(request, await approval.settings.save(actor(request), request.params.id, request.body)),
  );

  app.get(
    '/api/meetings/:id/applications',
    {
      config: { auth: 'guest:approve' },
      schema: {
        tags,
        summary: 'The approval queue: applications of a status, with the counts of each',
        security,
        params: meetingIdParams,
        querystring: applicationQuery,
        response: { 200: envelope(applicationPage) },
      },
    },
    async (request) =>
      ok(request, await approval.list(currentUser(request), request.params.id, request.query, request.lang)),
  );

  app.post(
    '/api/meetings/:id/applications/decide',
    {
      config: { auth: 'guest:approve' },
      schema: {
        tags,
        summary: 'Approve or reject applications in bulk (each on its own; a reason to reject)',
        security,
        params: meetingIdParams,
        body: decideBody,
        response: { 200: envelope(decideResult) },
      },
    },
    async (request) => ok(request, await approval.decide(actor(request), request.params.id, request.body)),
  );
};
