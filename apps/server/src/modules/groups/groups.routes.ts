import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  GROUP_TOKEN_HEADER,
  groupAttendeeParams,
  groupBody,
  groupTokenResult,
  publicGroup,
} from '@meetflow/shared/schemas/groups';
import { stripeCheckout } from '@meetflow/shared/schemas/payments';
import { publicMeetingParams } from '@meetflow/shared/schemas/public';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import type { GroupsService } from './groups.service.ts';

const tags = ['public'];
const groupSecurity = [{ groupToken: [] }];

function groupToken(request: FastifyRequest): string | undefined {
  const value = request.headers[GROUP_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Group bookings: the booking, and the contact's page (X-Group-Token, never in a URL). */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.post(
    '/api/public/meetings/:publicId/groups',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'Book a group: the contact and 2..group_max attendees, all seated or none; answers the group token once',
        params: publicMeetingParams,
        body: groupBody,
        response: { 200: envelope(groupTokenResult) },
      },
    },
    async (request) =>
      ok(request, await groups.book(request.params.publicId, request.body, request.ip, request.lang)),
  );

  app.get(
    '/api/public/group',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The contact's group page: attendees, codes and states (X-Group-Token header)",
        security: groupSecurity,
        response: { 200: envelope(publicGroup) },
      },
    },
    async (request) => ok(request, await groups.view(groupToken(request), request.ip)),
  );

  app.post(
    '/api/public/group/attendees/:guestId/cancel',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Cancel one attendee of the group (frees their seats; the page asks to confirm)',
        security: groupSecurity,
        params: groupAttendeeParams,
        response: { 200: envelope(publicGroup) },
      },
    },
    async (request) =>
      ok(request, await groups.cancel(groupToken(request), request.params.guestId, request.ip)),
  );

  app.post(
    '/api/public/group/attendees/:guestId/resend',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "Send one attendee's confirmation mail again",
        security: groupSecurity,
        params: groupAttendeeParams,
        response: { 200: envelope(publicGroup) },
      },
    },
    async (request) =>
      ok(request, await groups.resend(groupToken(request), request.params.guestId, request.ip)),
  );

  app.post(
    '/api/public/group/order/checkout',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          "Stripe's hosted page to pay the group's pending order (the contact, X-Group-Token); paid only when Stripe's signed webhook says so",
        security: groupSecurity,
        response: { 200: envelope(stripeCheckout) },
      },
    },
    async (request) => ok(request, await groups.checkout(groupToken(request), request.lang, request.ip)),
  );
};
