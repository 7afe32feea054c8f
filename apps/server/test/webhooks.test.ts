import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@meetflow/shared/schemas/integrations';
import { adminApi, scan, signUpGuest, userWithRole, type Api } from './guest-fixtures.ts';
import { TEST_DB, type TestContext } from './helpers.ts';
import { multipart, png } from './file-fixtures.ts';
import {
  createMeeting,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  macaoPhone,
  signUp,
} from './registration-fixtures.ts';
import { openList } from './waitlist-fixtures.ts';
import { addPrice, createPaidMeeting, guestIdOf, ordersOf } from './payments-fixtures.ts';
import { liveMeetingByPublicId } from '../src/modules/meetings/meetings.reads.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';
import { webhooksSuite } from './webhooks-fixtures.ts';

/**
 * Webhooks (issue 21): events written with the change, signed per Standard Webhooks, delivered at
 * least once with back-off, in order per guest, logged per attempt, redelivered by hand, switched
 * off when the receiver is gone, and never sent into the server's own network unless allowed.
 */
describe(`webhooks (${TEST_DB})`, () => {
  const suite = webhooksSuite();
  const { endpoint, run, deliveries } = suite;
  let ctx: TestContext;
  let admin: Api;
  let orgId: number;
  let receiver: Receiver;
  beforeAll(() => {
    ({ ctx, admin, orgId, receiver } = suite.state());
  });

  it("signs every event, in each guest's order, with ids and no personal data", async () => {
    const hook = await endpoint(admin, receiver.url);
    const meeting = await createMeeting(ctx.db, orgId);
    const code = await signUpGuest(ctx, meeting.publicId, generalBody(1), 1);
    const guestId = (
      await ctx.db.selectFrom('guests').select('id').where('guest_code', '=', code).executeTakeFirstOrThrow()
    ).id;
    const edited = await admin('PUT', `/api/guests/${guestId}`, generalBody(1, { institution: 'Kiang Wu' }));
    expect(edited.statusCode, edited.body).toBe(200);
    await scan(admin, meeting.id, code, 'in');
    ctx.advance(60_000);
    await scan(admin, meeting.id, code, 'out');
    expect((await admin('DELETE', `/api/guests/${guestId}`)).statusCode).toBe(200);
    await run();

    const verifier = new Webhook(hook.secret);
    const mine = receiver.received.filter((r) => JSON.parse(r.body).data.meeting_id === meeting.id);
    for (const message of mine) {
      // The library's own verifier: signature, id and timestamp.
      expect(() => verifier.verify(message.body, message.headers as Record<string, string>)).not.toThrow();
      expect(message.headers['webhook-id']).toMatch(/^msg_/);
    }
    // A tampered body or another secret fails verification.
    expect(() => verifier.verify(`${mine[0]!.body} `, mine[0]!.headers as Record<string, string>)).toThrow();
    const stranger = new Webhook(`whsec_${Buffer.from('another secret of 24 byte').toString('base64')}`);
    expect(() => stranger.verify(mine[0]!.body, mine[0]!.headers as Record<string, string>)).toThrow();

    const events = mine.map((m) => JSON.parse(m.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type)).toEqual([
      'guest.signed_up',
      'guest.updated',
      'scan.recorded',
      'scan.recorded',
      'guest.cancelled',
    ]);
    expect(events[0]!.data).toMatchObject({ guest_id: guestId, source: 'public' });
    expect(events[1]!.data.changed).toEqual(['institution']);
    expect(events.slice(2, 4).map((e) => e.data.direction)).toEqual(['entry', 'exit']);
    // Ids and facts only: the receiver reads the guest with its token.
    const everything = mine.map((m) => m.body).join('\n');
    for (const value of [code, generalBody(1).phone, generalBody(1).email, generalBody(1).name])
      expect(everything).not.toContain(String(value));

    const log = await deliveries(admin, hook.id);
    expect(log.every((d) => d.state === 'delivered' && d.attempts === 1)).toBe(true);
    await admin('DELETE', `/api/webhooks/${hook.id}`);
  });

  it('reports every kind of change it lists: meetings, enrolments, promotions, exports, certificates', async () => {
    const all = await startReceiver();
    try {
      const hook = await endpoint(admin, all.url);
      // A meeting made, changed and deleted through the back office.
      const upload = multipart([
        { name: 'kind', value: 'banner' },
        { name: 'file', value: png(1600, 600), filename: 'b.png', contentType: 'image/png' },
      ]);
      const banner = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/files',
          headers: { ...upload.headers, authorization: `Bearer ${(await ctx.login()).access_token}` },
          payload: upload.payload,
        })
      ).json().data.id as string;
      const form = {
        organization_id: orgId,
        name: '年會',
        name_cn: '年会',
        name_en: 'Annual meeting',
        start_at: ctx.now() + 86_400_000,
        end_at: ctx.now() + 2 * 86_400_000,
        meeting_type: 'general',
        banner_file_id: banner,
      };
      const made = await admin('POST', '/api/meetings', form);
      expect(made.statusCode, made.body).toBe(200);
      const madeId = made.json().data.id as number;
      await admin('PUT', `/api/meetings/${madeId}`, { ...form, name: '年會 2027' });
      await admin('DELETE', `/api/meetings/${madeId}`);

      // A visitor enrols in a session and leaves it; a full meeting's waiting list promotes.
      const meeting = await createMeeting(ctx.db, orgId, {
        meeting_type: 'date_schedule',
        registration_limit: 1,
      });
      const opening = await createSchedule(ctx.db, meeting.id, 0, 'Opening');
      const session = await createSchedule(ctx.db, meeting.id, 0, 'Workshop');
      const type = await createUserType(ctx.db, meeting.id, [opening, session]);
      await openList(ctx.db, meeting.id);
      const first = await signUp(ctx, meeting.publicId, dateScheduleBody(20, type, [opening]), 20);
      expect(first.statusCode, first.body).toBe(200);
      const token = first.json().data.guest_token as string;
      await guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', { schedule_id: session });
      await guestRequest(ctx, token, 'DELETE', `/api/public/guest/enrolments/${session}`);
      const waiting = await signUp(ctx, meeting.publicId, dateScheduleBody(21, type, [opening]), 21);
      expect(waiting.json().data.waiting).not.toBeNull();
      const firstId = (
        await ctx.db
          .selectFrom('guests')
          .select('id')
          .where('meeting_id', '=', meeting.id)
          .executeTakeFirstOrThrow()
      ).id;
      expect((await admin('DELETE', `/api/guests/${firstId}`)).statusCode).toBe(200);

      // An export of the guest list, and a certificate for the guest who came.
      const general = await createMeeting(ctx.db, orgId);
      // Under way now: attendance counts between its start and end.
      await ctx.db
        .updateTable('meetings')
        .set({ start_at: ctx.now() - 3_600_000, end_at: ctx.now() + 86_400_000 })
        .where('id', '=', general.id)
        .execute();
      const code = await signUpGuest(ctx, general.publicId, generalBody(22), 22);
      await scan(admin, general.id, code, 'in');
      ctx.advance(30 * 60_000);
      await scan(admin, general.id, code, 'out');
      expect((await admin('GET', `/api/meetings/${general.id}/guests/export`)).statusCode).toBe(200);
      const guestId = (
        await ctx.db
          .selectFrom('guests')
          .select('id')
          .where('guest_code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
      const edited = await admin(
        'PUT',
        `/api/guests/${guestId}`,
        generalBody(22, { institution: 'Kiang Wu' }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      const issued = await admin('POST', `/api/meetings/${general.id}/certificates/issue`, {
        guest_ids: [guestId],
      });
      expect(issued.json().data, issued.body).toMatchObject({ done: 1 });

      // A paid meeting: three orders; one paid then partly refunded, one cancelled, one left to expire.
      const paid = await createPaidMeeting(ctx.db, orgId, { currency: 'HKD' });
      const ticket = await addPrice(ctx.db, paid.id, { name: 'Member', amount: 500_00 });
      const orderOf = async (n: number) => {
        const res = await signUp(
          ctx,
          paid.publicId,
          generalBody(n, { payment: { price_item_id: ticket } }),
          n,
        );
        expect(res.statusCode, res.body).toBe(200);
        const [order] = await ordersOf(
          ctx.db,
          await guestIdOf(ctx.db, res.json().data.guest_token as string),
        );
        return order!;
      };
      const [payer, withdrawn] = [await orderOf(30), await orderOf(31), await orderOf(32)];
      await ctx.db.transaction().execute((trx) =>
        ctx.app.payments.confirmIn(trx, {
          orderId: payer!.id,
          method: 'transfer',
          amount: 500_00,
          providerRef: null,
          userId: null,
          auditName: 'admin',
          ip: null,
        }),
      );
      const refunded = await admin('POST', `/api/orders/${payer!.id}/refunds`, { amount: 100_00 });
      expect(refunded.statusCode, refunded.body).toBe(200);
      await ctx.app.payments.cancelOrder(withdrawn!.id, { auditName: 'admin', ip: null });
      // A walk-in registered at the door of the general meeting.
      const walkIn = await admin('POST', '/api/attendance/walk-ins', {
        meeting_id: general.id,
        station: 'Gate A',
        nonce: 'walk-in-webhook-1',
        person: { name: 'Walk-in', area_code: '853', phone: macaoPhone(40) },
      });
      expect(walkIn.statusCode, walkIn.body).toBe(200);
      ctx.advance(31 * 60_000);

      // Approval (issue 45): two applications without a held seat, one approved and one rejected.
      const vetted = await createMeeting(ctx.db, orgId);
      await admin('PUT', `/api/meetings/${vetted.id}/admission`, {
        approval: 'all',
        approval_holds_seat: false,
        reject_erase_days: 7,
        group_max: 0,
      });
      for (const n of [40, 41]) await signUp(ctx, vetted.publicId, generalBody(n), n);
      const applied = (await admin('GET', `/api/meetings/${vetted.id}/applications`)).json().data.items as {
        id: number;
      }[];
      await admin('POST', `/api/meetings/${vetted.id}/applications/decide`, {
        ids: [applied[0]!.id],
        decision: 'approve',
      });
      await admin('POST', `/api/meetings/${vetted.id}/applications/decide`, {
        ids: [applied[1]!.id],
        decision: 'reject',
        reason: 'Members only',
      });
      // An invitation code used by a sign-up (the sign-up's port, in its transaction).
      const invited = await admin('POST', `/api/meetings/${general.id}/invitations`, {
        code: 'HOOKED',
        seats: 'bypass',
      });
      expect(invited.statusCode, invited.body).toBe(200);
      const invitations = ctx.app.registration.invitations.use;
      const visitorMeeting = (await liveMeetingByPublicId(ctx.db, general.publicId))!;
      const match = await invitations.find(visitorMeeting, 'hooked', null, ctx.now());
      await ctx.db
        .transaction()
        .execute((trx) => invitations.redeemIn(trx, visitorMeeting, match, guestId, ctx.now(), null));
      // A contact books a group of two (issue 45).
      const groupOf = await createMeeting(ctx.db, orgId);
      await ctx.db.updateTable('meetings').set({ group_max: 2 }).where('id', '=', groupOf.id).execute();
      const group = await ctx.app.inject({
        method: 'POST',
        url: `/api/public/meetings/${groupOf.publicId}/groups`,
        payload: {
          contact: { name: 'Secretary', area_code: '853', phone: '62000001', email: 'sec@example.com' },
          attendees: [generalBody(801), generalBody(802)],
        },
      });
      expect(group.statusCode, group.body).toBe(200);

      await run();
      await run();
      const types = new Set(all.events().map((e) => e.type));
      expect([...types].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
      const byType = (type: string) => all.events().filter((e) => e.type === type);
      expect(byType('meeting.updated')[0]!.data).toMatchObject({ meeting_id: madeId, changed: ['name'] });
      expect(
        byType('enrolment.changed').map((e) => [e.data.added_session_ids, e.data.removed_session_ids]),
      ).toEqual([
        [[session], []],
        [[], [session]],
      ]);
      expect(byType('guest.promoted')[0]!.data).toMatchObject({ meeting_id: meeting.id, session_id: null });
      expect(byType('export.finished')[0]!.data).toMatchObject({
        meeting_id: general.id,
        rows: 1,
        kind: 'guest.exported',
      });
      expect(byType('certificate.issued')[0]!.data).toMatchObject({ guest_id: guestId, minutes: 30 });
      expect(byType('order.created')).toHaveLength(3);
      expect(byType('payment.received')[0]!.data).toMatchObject({ order_id: payer!.id, amount: 500_00 });
      expect(byType('payment.refunded')[0]!.data).toMatchObject({ order_id: payer!.id, amount: 100_00 });
      expect(byType('order.cancelled')[0]!.data).toMatchObject({ order_id: withdrawn!.id });
      expect(byType('order.expired')).toHaveLength(1);
      expect(byType('application.submitted')).toHaveLength(2);
      expect(byType('application.approved')[0]!.data).toMatchObject({
        application_id: applied[0]!.id,
        held_seat: false,
      });
      expect(byType('application.rejected')[0]!.data).toMatchObject({ application_id: applied[1]!.id });
      expect(byType('invitation.redeemed')[0]!.data).toEqual({
        meeting_id: general.id,
        invitation_id: invited.json().data.id,
        guest_id: guestId,
        seats: 'bypass',
        user_type_id: null,
      });
      expect(byType('group.registered')[0]!.data).toMatchObject({ size: 2 });
      expect(byType('guest.walked_in')[0]!.data).toMatchObject({
        guest_id: walkIn.json().data.guest_id,
        merged: false,
        over_capacity: false,
        station: 'Gate A',
        offline: false,
      });
      await admin('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await all.close();
    }
  });

  it("reports the day's end as an exit for a guest who never scanned out", async () => {
    const door = await startReceiver();
    try {
      const hook = await endpoint(admin, door.url, { event_types: ['scan.recorded'] });
      const meeting = await createMeeting(ctx.db, orgId);
      const code = await signUpGuest(ctx, meeting.publicId, generalBody(60), 60);
      await scan(admin, meeting.id, code, 'in');
      // The next day: reading the records writes yesterday's close-out.
      ctx.advance(86_400_000);
      expect((await admin('GET', `/api/attendance/records?meeting_id=${meeting.id}`)).statusCode).toBe(200);
      await run();
      expect(door.events().map((e) => [e.data.direction, e.data.station])).toEqual([
        ['entry', 'Gate A'],
        ['exit', 'day-end'],
      ]);
      await admin('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await door.close();
    }
  });

  it("keeps each organisation's events and endpoints to itself", async () => {
    const theirs = (await admin('POST', '/api/organizations', { name: 'Elsewhere' })).json().data
      .id as number;
    const organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgId));
    const ours = await startReceiver();
    const all = await startReceiver();
    try {
      const hook = await endpoint(organiser, ours.url, { event_types: ['guest.signed_up'] });
      const everywhere = await endpoint(admin, all.url, {
        event_types: ['guest.signed_up'],
        organization_id: null,
      });
      // An organiser may not listen to every organisation, nor see the administrator's endpoint.
      const refused = await organiser('POST', '/api/webhooks', {
        url: ours.url,
        event_types: ['guest.signed_up'],
        organization_id: null,
      });
      expect(refused.statusCode).toBe(400);
      expect((await organiser('GET', `/api/webhooks/${everywhere.id}`)).statusCode).toBe(404);
      expect((await organiser('GET', '/api/webhooks')).json().data.map((e: { id: number }) => e.id)).toEqual([
        hook.id,
      ]);

      await signUpGuest(ctx, (await createMeeting(ctx.db, orgId)).publicId, generalBody(6), 6);
      await signUpGuest(ctx, (await createMeeting(ctx.db, theirs)).publicId, generalBody(7), 7);
      await run();
      expect(ours.received).toHaveLength(1);
      expect(all.received).toHaveLength(2);
      await organiser('DELETE', `/api/webhooks/${hook.id}`);
      await admin('DELETE', `/api/webhooks/${everywhere.id}`);
    } finally {
      await ours.close();
      await all.close();
    }
  });
});
