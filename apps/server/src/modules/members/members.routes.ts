import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Localized } from '@meetflow/shared/languages';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { IMPORT_FILE_MAX_BYTES } from '@meetflow/shared/schemas/imports';
import {
  memberClearResult,
  memberImportParams,
  memberImportPreview,
  memberImportProgress,
  memberList,
  memberListQuery,
  organizationMemberParams,
  organizationMembersParams,
} from '@meetflow/shared/schemas/members';
import { AppError } from '../../lib/app-error.ts';
import { readUpload } from '../../lib/multipart-upload.ts';
import { multipartForm, xlsxAnswer } from '../../lib/openapi-files.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import { IMPORT_BODY_LIMIT, registerImportUploads, sendTemplate } from '../imports/import-common.ts';
import type { Members } from './members.service.ts';

const tags = ['members'];
const security = [{ bearer: [] }];
const manage = { auth: 'member:manage' as const };

const actor = (request: Parameters<typeof currentUser>[0]) => ({
  user: currentUser(request),
  ip: request.ip,
});

const TEMPLATE: Localized = {
  'zh-tw': '會員名單範本',
  'zh-cn': '会员名单模板',
  en: 'member list template',
};

/** An organisation's member and licence list: `member:manage`, the organisation in the user's subtree. */
export const membersRoutes: FastifyPluginAsyncZod<{ members: Members }> = async (app, { members }) => {
  await registerImportUploads(app);

  app.get(
    '/api/organizations/:id/members',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "A page of the organisation's member list, searched by licence number or name (either script)",
        security,
        params: organizationMembersParams,
        querystring: memberListQuery,
        response: { 200: envelope(memberList) },
      },
    },
    async (request) =>
      ok(request, await members.list(currentUser(request), request.params.id, request.query)),
  );

  app.delete(
    '/api/organizations/:id/members',
    {
      config: manage,
      schema: {
        tags,
        summary: "Clear the organisation's member list (every row)",
        security,
        params: organizationMembersParams,
        response: { 200: envelope(memberClearResult) },
      },
    },
    async (request) => ok(request, await members.clear(actor(request), request.params.id)),
  );

  app.delete(
    '/api/organizations/:id/members/:memberId',
    {
      config: manage,
      schema: {
        tags,
        summary: "Delete one row of the organisation's member list",
        security,
        params: organizationMemberParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await members.remove(actor(request), request.params.id, request.params.memberId);
      return ok(request, null);
    },
  );

  app.get(
    '/api/organizations/:id/members/template',
    {
      config: manage,
      schema: {
        tags,
        summary: "The member list template (XLSX) in the request's language",
        security,
        params: organizationMembersParams,
        response: { 200: xlsxAnswer('The member list template (XLSX)') },
      },
    },
    async (request, reply) => {
      const { file } = await members.template(currentUser(request), request.params.id, request.lang);
      return sendTemplate(reply, `${TEMPLATE[request.lang]}.xlsx`, file);
    },
  );

  app.post(
    '/api/organizations/:id/members/imports',
    {
      config: manage,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Upload a member list (multipart field `file`, XLSX or CSV) and judge every row; nothing is written until it is applied',
        security,
        multipartBody: multipartForm({}),
        params: organizationMembersParams,
        response: { 200: envelope(memberImportPreview) },
      },
    },
    async (request) => {
      const { file } = await readUpload(request, IMPORT_FILE_MAX_BYTES);
      if (!file) throw new AppError('FILE_REQUIRED');
      return ok(request, await members.upload(currentUser(request), request.params.id, file, request.lang));
    },
  );

  app.get(
    '/api/organizations/:id/members/imports/:importId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'An upload of the member list and the progress of its apply',
        security,
        params: memberImportParams,
        response: { 200: envelope(memberImportProgress) },
      },
    },
    async (request) =>
      ok(request, await members.progress(currentUser(request), request.params.id, request.params.importId)),
  );

  app.post(
    '/api/organizations/:id/members/imports/:importId/apply',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Write an upload's valid rows to the list (a licence number already there is updated); once only",
        security,
        params: memberImportParams,
        response: { 200: envelope(memberImportProgress) },
      },
    },
    async (request) =>
      ok(request, await members.apply(actor(request), request.params.id, request.params.importId)),
  );
};
