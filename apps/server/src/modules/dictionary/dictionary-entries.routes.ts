import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dictionaryEntry,
  dictionaryEntryBody,
  dictionaryEntryQuery,
} from '@meetflow/shared/schemas/dictionary';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { idParams } from './dictionary-context.ts';
import type { DictionaryEntriesService } from './dictionary-entries.service.ts';

const tags = ['dictionary'];
const security = [{ bearer: [] }];

/** Generic dictionary entries (type, label, value), filtered by ?type=; global, so administrators change them. */
export const dictionaryEntriesRoutes: FastifyPluginAsyncZod<{
  dictionaryEntries: DictionaryEntriesService;
}> = async (app, { dictionaryEntries }) => {
  app.get(
    '/api/dictionary-entries',
    {
      config: { auth: 'dictionary:view' },
      schema: {
        tags,
        security,
        summary: 'Dictionary entries, of one type when ?type= is given',
        querystring: dictionaryEntryQuery,
        response: { 200: envelope(z.array(dictionaryEntry)) },
      },
    },
    async (request) => ok(request, await dictionaryEntries.list(request.query.type)),
  );

  app.post(
    '/api/dictionary-entries',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Add a dictionary entry ((type, value) is unique)',
        body: dictionaryEntryBody,
        response: { 200: envelope(dictionaryEntry) },
      },
    },
    async (request) =>
      ok(
        request,
        await dictionaryEntries.create({ user: currentUser(request), ip: request.ip }, request.body),
      ),
  );

  app.put(
    '/api/dictionary-entries/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Replace a dictionary entry',
        params: idParams,
        body: dictionaryEntryBody,
        response: { 200: envelope(dictionaryEntry) },
      },
    },
    async (request) =>
      ok(
        request,
        await dictionaryEntries.update(
          { user: currentUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/dictionary-entries/:id',
    {
      config: { auth: 'dictionary:edit' },
      schema: {
        tags,
        security,
        summary: 'Delete a dictionary entry',
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await dictionaryEntries.remove({ user: currentUser(request), ip: request.ip }, request.params.id);
      return ok(request, null);
    },
  );
};
