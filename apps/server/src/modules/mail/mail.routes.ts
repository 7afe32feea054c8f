import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  broadcastBody,
  broadcastCount,
  broadcastCountBody,
  broadcastList,
  broadcastTestBody,
  unsubscribeQuery,
  codeByEmailBody,
  guestMessageParams,
  guestConfirmationMail,
  guestMessages,
  mailMeetingParams,
  mailPreview,
  mailPreviewBody,
  mailSettings,
  mailSettingsBody,
} from '@meetflow/shared/schemas/mail';
import { publicMeetingParams } from '@meetflow/shared/schemas/public';
import { ok } from '../../lib/reply.ts';
import { currentUser, guestToken } from '../../plugins/authorization.ts';
import type { GuestConfirmation } from './guest-confirmation.ts';
import type { MailService } from './mail.service.ts';

const tags = ['mail'];
const security = [{ bearer: [] }];
const guestSecurity = [{ guestToken: [] }];

/** Guest mail: a meeting's mail settings and preview, a guest's delivery history, the visitor's code by e-mail. */
export const mailRoutes: FastifyPluginAsyncZod<{
  mail: MailService;
  confirmation: GuestConfirmation;
}> = async (app, { mail, confirmation }) => {
  await app.register(mailSettingsRoutes, { mail });
  await app.register(guestMessageRoutes, { mail });
  await app.register(publicMailRoutes, { mail, confirmation });
  await app.register(broadcastRoutes, { mail });
  await app.register(oneClickUnsubscribeRoute, { mail });
};

/** A one-click POST carries `List-Unsubscribe=One-Click` and nothing more: a few hundred bytes at most. */
export const ONE_CLICK_BODY_LIMIT = 2048;

/**
 * RFC 8058 one-click unsubscribe. Mail providers POST the form as application/x-www-form-urlencoded
 * or as multipart/form-data; the body says nothing the token does not, so both are read up to a small
 * limit and dropped. Its own scope: no other route accepts these bodies.
 */
const oneClickUnsubscribeRoute: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  }
  app.post(
    '/api/public/unsubscribe',
    {
      config: { auth: 'public' },
      bodyLimit: ONE_CLICK_BODY_LIMIT,
      schema: {
        tags: ['public'],
        summary: "Unsubscribe a guest from organisers' broadcasts (confirmations and reminders still go)",
        querystring: unsubscribeQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await mail.unsubscribe(request.query.token, request.ip);
      return ok(request, null);
    },
  );
};

/** A meeting's mail settings and the preview of its messages. */
const mailSettingsRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
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
      // Those who write guest mail: the mail settings (meeting:edit) and broadcasts (guest:edit).
      config: { auth: ['meeting:edit', 'guest:edit'] },
      schema: {
        tags,
        summary:
          "A guest mail as it would be sent (subject, HTML, text), with saved or unsaved texts: the meeting's first guest to users with guest:view, else an example guest",
        security,
        params: mailMeetingParams,
        body: mailPreviewBody,
        response: { 200: envelope(mailPreview) },
      },
    },
    async (request) => ok(request, await mail.preview(currentUser(request), request.params.id, request.body)),
  );
};

/** A guest's delivery history and a new confirmation. */
const guestMessageRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
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
};

/** The visitor's code by e-mail and their confirmation mail. */
const publicMailRoutes: FastifyPluginAsyncZod<{
  mail: MailService;
  confirmation: GuestConfirmation;
}> = async (app, { mail, confirmation }) => {
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

  app.get(
    '/api/public/guest/confirmation-mail',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary:
          "Where the guest's confirmation mail goes, masked; null when the meeting sends none (rate-limited per client address)",
        security: guestSecurity,
        response: { 200: envelope(guestConfirmationMail) },
      },
    },
    async (request) => ok(request, await confirmation.status(guestToken(request), request.ip)),
  );

  app.post(
    '/api/public/guest/confirmation-mail/resend',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Send the guest their confirmation again (rate-limited per guest and per client address)',
        security: guestSecurity,
        response: { 200: envelope(guestConfirmationMail) },
      },
    },
    async (request) => ok(request, await confirmation.resend(guestToken(request), request.ip)),
  );
};

/** Organisers' broadcasts: who they reach, their progress, sending and the test send. */
const broadcastRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.post(
    '/api/meetings/:id/broadcasts/count',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: "How many guests a broadcast with the guest list's filters reaches (unsubscribed left out)",
        security,
        params: mailMeetingParams,
        body: broadcastCountBody,
        response: { 200: envelope(broadcastCount) },
      },
    },
    async (request) =>
      ok(request, await mail.broadcastCount(currentUser(request), request.params.id, request.body.filters)),
  );

  app.get(
    '/api/meetings/:id/broadcasts',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: "A meeting's broadcasts with their delivery progress, newest first",
        security,
        params: mailMeetingParams,
        response: { 200: envelope(broadcastList) },
      },
    },
    async (request) => ok(request, await mail.broadcasts(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/meetings/:id/broadcasts',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary:
          'Send a message to all or the filtered guests (409 when their number is not the confirmed one)',
        security,
        params: mailMeetingParams,
        body: broadcastBody,
        response: { 200: envelope(z.object({ id: z.number().int(), recipients: z.number().int() })) },
      },
    },
    async (request) =>
      ok(request, await mail.broadcast(currentUser(request), request.params.id, request.body, request.ip)),
  );

  app.post(
    '/api/meetings/:id/broadcasts/test',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: "Send a broadcast as a guest would get it to the organiser's own e-mail address",
        security,
        params: mailMeetingParams,
        body: broadcastTestBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await mail.broadcastTest(currentUser(request), request.params.id, request.body);
      return ok(request, null);
    },
  );
};
