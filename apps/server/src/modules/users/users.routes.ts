import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  adminUser,
  createUserBody,
  resetPasswordBody,
  role,
  updateUserBody,
  userIdParams,
  userListQuery,
  userPage,
} from '@meetflow/shared/schemas/users';
import { ok } from '../../lib/reply.ts';
import { currentActor, currentUser } from '../../plugins/authorization.ts';
import type { UsersService } from './users.service.ts';

const security = [{ bearer: [] }];
const config = { auth: 'user:manage' } as const;
/** Accounts, roles and passwords are changed by a person at a session: a token with user:manage could otherwise give itself any role or lock its owner out. */
const sessionOnly = { ...config, sessionOnly: true } as const;

/** Back-office users and the built-in roles; everything needs user:manage. */
export const userRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/roles',
    {
      config,
      schema: {
        tags: ['roles'],
        security,
        summary: 'The roles with their permission lists',
        response: { 200: envelope(z.array(role)) },
      },
    },
    async (request) => ok(request, await users.roles()),
  );

  app.get(
    '/api/users',
    {
      config,
      schema: {
        tags: ['users'],
        security,
        summary: 'Back-office users, paginated, with a keyword over account and name',
        querystring: userListQuery,
        response: { 200: envelope(userPage) },
      },
    },
    async (request) => ok(request, await users.list(currentUser(request), request.query)),
  );

  app.post(
    '/api/users',
    {
      config: sessionOnly,
      schema: {
        tags: ['users'],
        security,
        summary: 'Create a user (an organisation is required unless the role is an administrator role)',
        body: createUserBody,
        response: { 200: envelope(adminUser) },
      },
    },
    async (request) => ok(request, await users.create(currentActor(request), request.body)),
  );

  app.put(
    '/api/users/:id',
    {
      config: sessionOnly,
      schema: {
        tags: ['users'],
        security,
        summary: 'Change a user; only the fields sent change. Disabling ends their sessions',
        params: userIdParams,
        body: updateUserBody,
        response: { 200: envelope(adminUser) },
      },
    },
    async (request) =>
      ok(request, await users.update(currentActor(request), request.params.id, request.body)),
  );

  app.post(
    '/api/users/:id/reset-password',
    {
      config: sessionOnly,
      schema: {
        tags: ['users'],
        security,
        summary: "Set a user's password; their sessions end",
        params: userIdParams,
        body: resetPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await users.resetPassword(currentActor(request), request.params.id, request.body);
      return ok(request, null);
    },
  );
};
