import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scheduleMap, scheduleMapBody, userType, userTypeBody } from '@meetflow/shared/schemas/dictionary';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { idParams, meetingParams } from './dictionary-context.ts';
import type { UserTypesService } from './user-types.service.ts';

const tags = ['dictionary'];
const security = [{ bearer: [] }];

/** A meeting's user types (registration types) and its guest–schedule map. */
export const userTypesRoutes: FastifyPluginAsyncZod<{ userTypes: UserTypesService }> = async (
  app,
  { userTypes },
) => {
  app.get(
    '/api/meetings/:meetingId/user-types',
    {
      config: { auth: 'dictionary:view' },
      schema: {
        tags,
        security,
        summary: "A meeting's user types, each with the ids of its sessions",
        params: meetingParams,
        response: { 200: envelope(z.array(userType)) },
      },
    },
    async (request) => ok(request, await userTypes.list(currentUser(request), request.params.meetingId)),
  );

  app.post(
    '/api/meetings/:meetingId/user-types',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Add a user type with at least one session of the same meeting',
        params: meetingParams,
        body: userTypeBody,
        response: { 200: envelope(userType) },
      },
    },
    async (request) =>
      ok(
        request,
        await userTypes.create(
          { user: currentUser(request), ip: request.ip },
          request.params.meetingId,
          request.body,
        ),
      ),
  );

  app.put(
    '/api/user-types/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Replace a user type and its set of sessions',
        params: idParams,
        body: userTypeBody,
        response: { 200: envelope(userType) },
      },
    },
    async (request) =>
      ok(
        request,
        await userTypes.update(
          { user: currentUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/user-types/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Delete a user type',
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await userTypes.remove({ user: currentUser(request), ip: request.ip }, request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/api/meetings/:meetingId/schedule-map',
    {
      config: { auth: 'dictionary:view' },
      schema: {
        tags,
        security,
        summary: 'The guest–schedule map: sessions with time slots and user types with their session ids',
        params: meetingParams,
        response: { 200: envelope(scheduleMap) },
      },
    },
    async (request) => ok(request, await userTypes.getMap(currentUser(request), request.params.meetingId)),
  );

  app.put(
    '/api/meetings/:meetingId/schedule-map',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Replace the session sets of the listed user types in one transaction (each keeps ≥ 1)',
        params: meetingParams,
        body: scheduleMapBody,
        response: { 200: envelope(scheduleMap) },
      },
    },
    async (request) =>
      ok(
        request,
        await userTypes.putMap(
          { user: currentUser(request), ip: request.ip },
          request.params.meetingId,
          request.body,
        ),
      ),
  );
};
