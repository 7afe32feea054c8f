import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collegeCategory, collegeCategoryBody, envelope } from '@meetflow/shared';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { CollegeCategoriesService } from './college-categories.service.ts';
import { idParams } from './dictionary-context.ts';

const tags = ['dictionary'];
const security = [{ bearer: [] }];

/** College categories: a global list with names in three languages. */
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
        summary: 'All college categories',
        response: { 200: envelope(z.array(collegeCategory)) },
      },
    },
    async (request) => ok(request, await collegeCategories.list()),
  );

  app.post(
    '/api/college-categories',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Add a college category',
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
        summary: 'Replace a college category',
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
        summary: 'Delete a college category',
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
