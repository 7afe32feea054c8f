import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collegeCategory, collegeCategoryBody } from '@meetflow/shared/schemas/dictionary';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { CollegeCategoriesService } from './college-categories.service.ts';
import { idParams } from './dictionary-context.ts';

const tags = ['dictionary'];
const security = [{ bearer: [] }];

/** College categories (names in three languages), global or owned by an organisation subtree. */
export const collegeCategoriesRoutes: FastifyPluginAsyncZod<{
  collegeCategories: CollegeCategoriesService;
}> = async (app, { collegeCategories }) => {
  app.get(
    '/api/college-categories',
    {
      config: { auth: 'dictionary:view' },
      schema: {
        tags,
        security,
        summary: "The global college categories and those of the user's organisation subtree",
        response: { 200: envelope(z.array(collegeCategory)) },
      },
    },
    async (request) => ok(request, await collegeCategories.list(currentUser(request))),
  );

  app.post(
    '/api/college-categories',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: "Add a college category; an organiser's belongs to their organisation",
        body: collegeCategoryBody,
        response: { 200: envelope(collegeCategory) },
      },
    },
    async (request) =>
      ok(
        request,
        await collegeCategories.create({ user: currentUser(request), ip: request.ip }, request.body),
      ),
  );

  app.put(
    '/api/college-categories/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Replace a college category (global ones: administrators only)',
        params: idParams,
        body: collegeCategoryBody,
        response: { 200: envelope(collegeCategory) },
      },
    },
    async (request) =>
      ok(
        request,
        await collegeCategories.update(
          { user: currentUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/college-categories/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Delete a college category (refused while guests carry it)',
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await collegeCategories.remove({ user: currentUser(request), ip: request.ip }, request.params.id);
      return ok(request, null);
    },
  );
};
