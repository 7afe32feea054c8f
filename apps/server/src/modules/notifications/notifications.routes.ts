import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  notificationIdParams,
  notificationListQuery,
  notificationPage,
  unreadCount,
} from '@meetflow/shared/schemas/notifications';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const nothing = envelope(z.null());

/** The logged-in user's own notifications: any user, only their own rows. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/api/me/notifications',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first, with the unread count',
        querystring: notificationListQuery,
        response: { 200: envelope(notificationPage) },
      },
    },
    async (request) =>
      ok(request, await notifications.list(currentUser(request).id, request.query, request.lang)),
  );

  app.get(
    '/api/me/notifications/unread-count',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'How many of my notifications are unread (the top bar badge)',
        response: { 200: envelope(unreadCount) },
      },
    },
    async (request) => ok(request, { unread: await notifications.unreadCount(currentUser(request).id) }),
  );

  app.post(
    '/api/me/notifications/:id/read',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Mark one of my notifications read',
        params: notificationIdParams,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await notifications.markRead(currentUser(request).id, request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/api/me/notifications/read-all',
    {
      config: { sessionOnly: true },
      schema: { tags, security, summary: 'Mark all my notifications read', response: { 200: nothing } },
    },
    async (request) => {
      await notifications.markAllRead(currentUser(request).id);
      return ok(request, null);
    },
  );
};
