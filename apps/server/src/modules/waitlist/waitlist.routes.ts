import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { meetingIdParams } from '@meetflow/shared/schemas/meetings';
import { enrolBody, guestTokenResult, publicGuest } from '@meetflow/shared/schemas/public';
import {
  meetingWaitlistEntry,
  offerTokenBody,
  waitlistEntryParams,
  waitlistExportQuery,
  waitlistOffer,
  waitlistPage,
  waitlistParams,
  waitlistPromoteResult,
  waitlistQuery,
} from '@meetflow/shared/schemas/waitlist';
import { sendExport, type ExportReporting } from '../../lib/export-pipeline.ts';
import { xlsxAnswer } from '../../lib/openapi-files.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { fileTimestamp } from '../../lib/xlsx-export.ts';
import { currentUser, guestToken } from '../../plugins/authorization.ts';
import { waitlistSheet } from './waitlist-export.ts';
import type { WaitlistService } from './waitlist.service.ts';
import type { VisitorPages } from './visitor-pages.ts';

const tags = ['waitlist'];
const security = [{ bearer: [] }];
const guestSecurity = [{ guestToken: [] }];
/** Offer pages per address: generous for a venue's Wi-Fi, tight for guessing (tokens are signed anyway). */
export const OFFER_LIMIT_PER_IP = { points: 60, seconds: 60 };

/** Waiting lists (issue 19): the visitor's place and offers under /api/public, the back office's lists. */
export const waitlistRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  registration: Pick<VisitorPages, 'openGuestPage'>;
  guests: Omit<VisitorPages, 'openGuestPage'>;
  reporting: ExportReporting;
  limiters: LimiterFactory;
  clock: () => number;
}> = async (app, { waitlist, registration, guests, reporting, limiters, clock }) => {
  const offerPerIp = limiters(
    'public_waitlist_offer_ip',
    OFFER_LIMIT_PER_IP.points,
    OFFER_LIMIT_PER_IP.seconds,
  );
  const publicRoute = { auth: 'public' as const };

  // ── the visitor ──────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/public/waitlist',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "A visitor's place on a meeting's waiting list (X-Guest-Token from the sign-up or look-up); promoted: the token now opens the guest page",
        security: guestSecurity,
        response: { 200: envelope(meetingWaitlistEntry) },
      },
    },
    async (request) => ok(request, await waitlist.waitingPlace(guestToken(request))),
  );

  app.delete(
    '/api/public/waitlist',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Leave the meeting's waiting list (a held seat passes to the next in line)",
        security: guestSecurity,
        response: { 200: envelope(meetingWaitlistEntry) },
      },
    },
    async (request) => ok(request, await waitlist.leaveMeetingList(guestToken(request), request.ip)),
  );

  app.post(
    '/api/public/guest/waitlist',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "A guest joins a full session's waiting list (a seat free by now is simply taken)",
        security: guestSecurity,
        body: enrolBody,
        response: { 200: envelope(publicGuest) },
      },
    },
    async (request) => {
      const guest = await guests.authenticated(guestToken(request));
      await guests.assertEnrollable(guest, request.body.schedule_id);
      await waitlist.joinSession(guest.guest, request.body.schedule_id, request.ip);
      return ok(request, await guests.viewOf(guest));
    },
  );

  app.delete(
    '/api/public/guest/waitlist/:scheduleId',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "A guest leaves a session's waiting list, or declines the seat it offers",
        security: guestSecurity,
        params: waitlistParams,
        response: { 200: envelope(publicGuest) },
      },
    },
    async (request) => {
      const guest = await guests.authenticated(guestToken(request));
      await waitlist.leaveSession(guest.guest, request.params.scheduleId, request.ip);
      return ok(request, await guests.viewOf(guest));
    },
  );

  app.post(
    '/api/public/waitlist/offer',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'What an offer (the e-mail link) holds: the meeting or session, until when, and whether it is still open',
        body: offerTokenBody,
        response: { 200: envelope(waitlistOffer) },
      },
    },
    async (request) => {
      await offerPerIp.consume(request.ip);
      return ok(request, await waitlist.offer(request.body.token));
    },
  );

  app.post(
    '/api/public/waitlist/offer/accept',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          "Accept an offer before it lapses: the seat becomes the guest's; answers a guest token for this device",
        body: offerTokenBody,
        response: { 200: envelope(guestTokenResult) },
      },
    },
    async (request) => {
      await offerPerIp.consume(request.ip);
      const { guestId } = await waitlist.acceptOffer(request.body.token, request.ip);
      return ok(request, await registration.openGuestPage(guestId, request.ip));
    },
  );

  app.post(
    '/api/public/waitlist/offer/decline',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Decline an offer: the seat passes to the next in line',
        body: offerTokenBody,
        response: { 200: envelope(waitlistOffer) },
      },
    },
    async (request) => {
      await offerPerIp.consume(request.ip);
      return ok(request, await waitlist.declineOffer(request.body.token, request.ip));
    },
  );

  // ── the back office ──────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/meetings/:id/waitlist',
    {
      config: { auth: 'guest:view' },
      schema: {
        tags,
        summary: "A meeting's or session's waiting list: the line, offers pending, what became of the others",
        security,
        params: meetingIdParams,
        querystring: waitlistQuery,
        response: { 200: envelope(waitlistPage) },
      },
    },
    async (request) =>
      ok(request, await waitlist.list(currentUser(request), request.params.id, request.query)),
  );

  app.post(
    '/api/meetings/:id/waitlist/:entryId/promote',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Give a place its seat now; with none free, the limit is raised by one for it',
        security,
        params: waitlistEntryParams,
        response: { 200: envelope(waitlistPromoteResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await waitlist.promote(currentUser(request), request.params.id, request.params.entryId, request.ip),
      ),
  );

  app.delete(
    '/api/meetings/:id/waitlist/:entryId',
    {
      config: { auth: 'guest:edit' },
      schema: {
        tags,
        summary: 'Take a place off the list (a held seat passes to the next in line)',
        security,
        params: waitlistEntryParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await waitlist.remove(currentUser(request), request.params.id, request.params.entryId, request.ip);
      return ok(request, null);
    },
  );

  app.get(
    '/api/meetings/:id/waitlist/export',
    {
      config: { auth: 'guest:export' },
      schema: {
        tags,
        summary: 'A waiting list as a streamed XLSX file',
        security,
        params: meetingIdParams,
        querystring: waitlistExportQuery,
        response: { 200: xlsxAnswer('The waiting list (XLSX)') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const meeting = await waitlist.visibleMeeting(user, request.params.id);
      const { listName, rows } = await waitlist.exportRows(meeting, request.query.schedule_id, request.lang);
      return sendExport(request, reply, reporting, {
        user,
        fileName: `${listName}-waitlist-${fileTimestamp(clock())}.xlsx`,
        sheets: [waitlistSheet(rows)],
        auditKey: 'waitlist.exported',
        auditParams: { meeting_id: meeting.id, meeting_name: meeting.name, list_name: listName },
        meetingId: meeting.id,
      });
    },
  );
};
