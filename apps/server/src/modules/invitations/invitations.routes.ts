import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import {
  invitation,
  invitationBody,
  invitationIdParams,
  invitationList,
  invitationUpdateBody,
  inviteeSeats,
  inviteeSeatsBody,
  personalInvitationsBody,
  personalInvitationsResult,
  publicInvitation,
  publicInvitationBody,
  publicInvitationParams,
} from '@meetflow/shared/schemas/invitations';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/authorization.ts';
import type { InvitationsService } from './invitations.service.ts';
import type { InviteeSeatsService } from './invitee-seats.ts';
import type { PersonalInvitationsService } from './personal-invitations.ts';

const tags = ['invitations'];
const security = [{ bearer: [] }];
const manage = { auth: 'invitation:manage' as const };
const params = invitationIdParams;
const actor = (request: Parameters<typeof currentUser>[0]) => ({
  user: currentUser(request),
  ip: request.ip,
});

/** Checks per address: a venue's Wi-Fi of invitees opening their links, not a code-guessing rate. */
export const INVITATION_CHECK_LIMIT = { points: 30, seconds: 60 } as const;

/** Invitations (issue 45): the invitee seats, the codes, and the sign-up page's check of a code. */
export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  seats: InviteeSeatsService;
  personal: PersonalInvitationsService;
  limiters: LimiterFactory;
}> = async (app, { invitations, seats, personal, limiters }) => {
  app.get(
    '/api/meetings/:id/invitee-seats',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The seats reserved for invitees, those used, and those left to the public',
        security,
        params,
        response: { 200: envelope(inviteeSeats) },
      },
    },
    async (request) => ok(request, await seats.seats(currentUser(request), request.params.id)),
  );

  app.put(
    '/api/meetings/:id/invitee-seats',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Reserve seats for invitees (409 INVITEE_SEATS_TOO_MANY with the figures: more than are free)',
        security,
        params,
        body: inviteeSeatsBody,
        response: { 200: envelope(inviteeSeats) },
      },
    },
    async (request) =>
      ok(request, await seats.setSeats(actor(request), request.params.id, request.body.reserved)),
  );

  app.get(
    '/api/meetings/:id/invitations',
    {
      config: manage,
      schema: {
        tags,
        summary: "A meeting's invitation codes with their uses",
        security,
        params,
        response: { 200: envelope(invitationList) },
      },
    },
    async (request) => ok(request, await invitations.list(currentUser(request), request.params.id)),
  );

  app.post(
    '/api/meetings/:id/invitations',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add an invitation code, typed or generated (409 INVITATION_CODE_TAKEN)',
        security,
        params,
        body: invitationBody,
        response: { 200: envelope(invitation) },
      },
    },
    async (request) => ok(request, await invitations.create(actor(request), request.params.id, request.body)),
  );

  app.put(
    '/api/invitations/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change an invitation (its uses never below those taken; code null keeps it)',
        security,
        params,
        body: invitationUpdateBody,
        response: { 200: envelope(invitation) },
      },
    },
    async (request) => ok(request, await invitations.update(actor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/invitations/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an invitation nobody used (409 INVITATION_IN_USE otherwise: disable it)',
        security,
        params,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await invitations.remove(actor(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/api/meetings/:id/invitations/personal',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Import invitees: each gets a single-use code and a mail with their personal sign-up link (429 past 20 lists or resends in 10 minutes)',
        security,
        params,
        body: personalInvitationsBody,
        response: { 200: envelope(personalInvitationsResult) },
      },
    },
    async (request) =>
      ok(request, await personal.importList(actor(request), request.params.id, request.body)),
  );

  app.post(
    '/api/invitations/:id/resend',
    {
      config: manage,
      schema: {
        tags,
        summary: "A personal invitation's mail again (409 INVITATION_USED_UP once used)",
        security,
        params,
        response: { 200: envelope(invitation) },
      },
    },
    async (request) => ok(request, await personal.resend(actor(request), request.params.id)),
  );

  const checkLimit = limiters(
    'invitation_check_ip',
    INVITATION_CHECK_LIMIT.points,
    INVITATION_CHECK_LIMIT.seconds,
  );
  // The code rides in the body: a path or query would put it in request logs and proxies' logs.
  app.post(
    '/api/public/meetings/:publicId/invitations/check',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Whether an invitation code would be accepted now, and the registration type it fixes',
        params: publicInvitationParams,
        body: publicInvitationBody,
        response: { 200: envelope(publicInvitation) },
      },
    },
    async (request) => {
      await checkLimit.consume(request.ip);
      return ok(request, await invitations.check(request.params.publicId, request.body.code));
    },
  );
};
