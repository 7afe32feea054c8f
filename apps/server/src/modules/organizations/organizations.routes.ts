import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  createOrganizationBody,
  moveOrganizationBody,
  organization,
  organizationIdParams,
  organizationTree,
  renameOrganizationBody,
} from '@meetflow/shared/schemas/organizations';
import { ok } from '../../lib/reply.ts';
import { currentActor, currentUser } from '../../plugins/authorization.ts';
import type { OrganizationsService } from './organizations.service.ts';

const tags = ['organizations'];
const security = [{ bearer: [] }];

export const organizationRoutes: FastifyPluginAsyncZod<{ organizations: OrganizationsService }> = async (
  app,
  { organizations },
) => {
  app.get(
    '/api/organizations',
    {
      config: { auth: 'organization:view' },
      schema: {
        tags,
        security,
        summary: 'The organisation tree the user may see (an organiser: their subtree)',
        response: { 200: envelope(organizationTree) },
      },
    },
    async (request) => ok(request, await organizations.tree(currentUser(request))),
  );

  app.post(
    '/api/organizations',
    {
      config: { auth: 'organization:edit' },
      schema: {
        tags,
        security,
        summary: 'Create an organisation (top level only for users who see every organisation)',
        body: createOrganizationBody,
        response: { 200: envelope(organization) },
      },
    },
    async (request) => ok(request, await organizations.create(currentActor(request), request.body)),
  );

  app.put(
    '/api/organizations/:id',
    {
      config: { auth: 'organization:edit' },
      schema: {
        tags,
        security,
        summary: 'Rename an organisation',
        params: organizationIdParams,
        body: renameOrganizationBody,
        response: { 200: envelope(organization) },
      },
    },
    async (request) =>
      ok(request, await organizations.rename(currentActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/organizations/:id',
    {
      config: { auth: 'organization:edit' },
      schema: {
        tags,
        security,
        summary: 'Delete an organisation with no sub-organisations, users or meetings',
        params: organizationIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await organizations.remove(currentActor(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/api/organizations/:id/move',
    {
      config: { auth: 'organization:edit' },
      schema: {
        tags,
        security,
        summary: 'Move an organisation under another parent (never under itself or a descendant)',
        params: organizationIdParams,
        body: moveOrganizationBody,
        response: { 200: envelope(organization) },
      },
    },
    async (request) =>
      ok(request, await organizations.move(currentActor(request), request.params.id, request.body)),
  );
};
