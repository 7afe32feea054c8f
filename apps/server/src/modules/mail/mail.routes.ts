import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  codeByEmailBody,
  guestMessageParams,
  guestMessages,
  mailMeetingParams,
  mailPreview,
  mailPreviewBody,
  mailSettings,
  mailSettingsBody,
} from '@meetflow/shared/schemas/mail';
import { publicMeetingParams } from '@meetflow/shared/schemas/public';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { MailService } from './mail.service.ts';

const tags = ['mail'];
const security = [{ bearer: [] }];

/** Guest mail: a meeting's mail settings and preview, a guest's delivery history, the visitor's code by e-mail. */
export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.get(
    '/api/meetings/:id/mail-settings',
    {
      config: { auth: 'meeting:view' },
      schema: {
        tags,
        summary: "Which guest mails a meeting sends, reminder time, the organiser's texts and the defaults",
        security,
        params: mailMeetingParams,
        response: { 200: envelope(mailSettings) },
      },
    },
    async (request) => ok(request, await mail.getSettings(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/meetings/:id/mail-settings',
    {
      config: { auth: 'meeting:edit' },
      schema: {
        tags,
        summary: "Change a meeting's guest mail settings and texts",
        security,
        params: mailMeetingParams,
        body: mailSettingsBody,
        response: { 200: envelope(mailSettings) },
      },
    },
    async (request) =>
      ok(request, await mail.saveSettings(currentUser(request), request.params.id, request.body, request.ip)),
  );

  app.post(
    '/api/meetings/:id/mail-preview',
    {
      config: { auth: 'meeting:view' },
      schema: {
        tags,
        summary: 'A guest mail as it would be sent (subject, HTML, text), with saved or unsaved texts',
        security,
        params: mailMeetingParams,
        body: mailPreviewBody,
        response: { 200: envelope(mailPreview) },
      },
    },
    async (request) => ok(request, await mail.preview(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/api/guests/:id/messages',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: "A guest's mail: queued, sent, failed (with the mail server's reason) or skipped",
        security,
        params: guestMessageParams,
        response: { 200: envelope(guestMessages) },
      },
    },
    async (request) => ok(request, await mail.history(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/guests/:id/messages/resend',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Send the guest a new confirmation with their current sessions',
        security,
        params: guestMessageParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await mail.resend(currentUser(request), request.params.id, request.ip);
      return ok(request, null);
    },
  );

  app.post(
    '/api/public/meetings/:publicId/code-by-email',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Send the guest code to the address used at sign-up; the same answer for unknown addresses',
        params: publicMeetingParams,
        body: codeByEmailBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await mail.sendCodeByEmail(request.params.publicId, request.body.email, request.ip);
      return ok(request, null);
    },
  );
};
