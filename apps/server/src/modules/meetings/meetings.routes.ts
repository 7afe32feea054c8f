import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  meeting,
  meetingBody,
  meetingIdParams,
  meetingListQuery,
  meetingPage,
} from '@meetflow/shared/schemas/meetings';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { MeetingsService } from './meetings.service.ts';

const tags = ['meetings'];
const security = [{ bearer: [] }];

export const meetingsRoutes: FastifyPluginAsyncZod<{ meetings: MeetingsService }> = async (
  app,
  { meetings },
) => {
  app.get(
    '/api/meetings',
    {
      config: { auth: 'meeting:view' },
      schema: {
        tags,
        summary: "Live meetings of the user's organisation subtree, paginated, sorted and filtered",
        security,
        querystring: meetingListQuery,
        response: { 200: envelope(meetingPage) },
      },
    },
    async (request) => ok(request, await meetings.list(currentUser(request), request.query, request.lang)),
  );

  app.get(
    '/api/meetings/:id',
    {
      config: { auth: 'meeting:view' },
      schema: {
        tags,
        summary: 'One meeting',
        security,
        params: meetingIdParams,
        response: { 200: envelope(meeting) },
      },
    },
    async (request) => ok(request, await meetings.get(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/meetings',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary: 'Create a meeting',
        security,
        body: meetingBody,
        response: { 200: envelope(meeting) },
      },
    },
    async (request) => ok(request, await meetings.create(currentUser(request), request.body, request.ip)),
  );

  app.put(
    '/api/meetings/:id',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary: 'Replace a meeting (the whole form)',
        security,
        params: meetingIdParams,
        body: meetingBody,
        response: { 200: envelope(meeting) },
      },
    },
    async (request) =>
      ok(request, await meetings.update(currentUser(request), request.params.id, request.body, request.ip)),
  );

  app.delete(
    '/api/meetings/:id',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary: 'Soft-delete a meeting: its guests and records are kept',
        security,
        params: meetingIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await meetings.remove(currentUser(request), request.params.id, request.ip);
      return ok(request, null);
    },
  );
};
