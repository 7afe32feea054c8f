import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type { PaymentMethod } from '@meetflow/shared/schemas/payments';
import { CHECKOUT_ATTEMPT_MS } from '../src/modules/payments/stripe/checkout.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { addPrice, createPaidMeeting } from './payments-fixtures.ts';
import { deliver, paidSession } from './payments-stripe-fixtures.ts';
import { bookGroup, createOrganization, generalBody, groupPage } from './registration-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

const CHECKOUT = '/api/public/group/order/checkout';

/*
 * A paid group's one order paid by Stripe from the contact's page (decision 0106): the contact asks
 * for a checkout with the group token, Stripe's signed webhook pays the order and every attendee
 * gets their code. Against the local stand-in of Stripe's API.
 */
describe(`a paid group's order paid by Stripe (${TEST_DB})`, () => {
  let standIn: StripeStandIn;
  let ctx: TestContext;
  let org: number;
  let n = 7000;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestContext({ ...standIn.env, PUBLIC_URL: 'https://meet.example.org' });
    org = await createOrganization(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  /** A paid meeting (HKD) taking groups, offering `methods`, and a group of two booked on it. */
  async function bookedGroup(methods: PaymentMethod[] = ['transfer', 'stripe']) {
    const meeting = await createPaidMeeting(ctx.db, org, {
      currency: 'HKD',
      holdMinutes: 45,
      methods,
      name: '年會',
    });
    await ctx.db.updateTable('meetings').set({ group_max: 5 }).where('id', '=', meeting.id).execute();
    const ticket = await addPrice(ctx.db, meeting.id, { name: 'Standard', amount: 400_00 });
    const first = ++n;
    n += 2;
    const res = await bookGroup(
      ctx,
      meeting.publicId,
      {
        contact: {
          name: `Secretary ${first}`,
          area_code: '853',
          phone: '63000000',
          email: `sec${first}@example.com`,
        },
        attendees: [0, 1].map((i) => generalBody(first + i, { payment: { price_item_id: ticket } })),
      },
      first,
    );
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.group_token as string;
    const guests = await ctx.db
      .selectFrom('guests')
      .select(['id', 'unpaid', 'guest_code'])
      .where('meeting_id', '=', meeting.id)
      .orderBy('id')
      .execute();
    expect(guests).toHaveLength(2);
    const order = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    return { meeting, token, guests, order };
  }

  const checkout = (token: string, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: CHECKOUT,
      headers: { 'x-group-token': token, 'accept-language': lang },
    });
  const checkoutEntries = async (reference: string) =>
    (
      await ctx.db
        .selectFrom('system_logs')
        .select('id')
        .where('content', 'like', `%${reference}%`)
        .where('source_type', '=', 'public')
        .where('action_type', '=', 'update')
        .execute()
    ).length;
  const view = (token: string) => groupPage(ctx, token);

  it("offers Stripe on the group's page; the contact's checkout is paid by the signed webhook and every attendee gets a code", async () => {
    const { meeting, token, guests, order } = await bookedGroup();
    const page = await view(token);
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json().data.order.methods as { method: string }[]).map((m) => m.method)).toEqual([
      'transfer',
      'stripe',
    ]);

    expect(await checkoutEntries(order.reference)).toBe(0);
    const before = standIn.requests.length;
    const res = await checkout(token);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().data as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [sent] = standIn.requests.slice(before);
    const attempt = Math.floor(ctx.now() / CHECKOUT_ATTEMPT_MS);
    // The guest's checkout's idempotency, for the group's one order and its whole amount.
    expect(sent!.idempotencyKey).toBe(`checkout-${order.reference}-${attempt}-en`);
    expect(sent!.body).toMatchObject({
      client_reference_id: String(order.id),
      metadata: { order_id: String(order.id), reference: order.reference },
      line_items: [{ price_data: { currency: 'hkd', unit_amount: '80000' } }],
      // Back to the group's page, without the group token: Stripe keeps these addresses.
      success_url: 'https://meet.example.org/#/group/return?lang=en&payment=returned',
      cancel_url: 'https://meet.example.org/#/group/return?lang=en&payment=cancelled',
    });
    expect(JSON.stringify(sent!.body)).not.toContain(token);
    // A second tap within the attempt is the same session.
    expect((await checkout(token)).json().data.url).toBe(url);
    // Audited as the guest's checkout is: one public update naming the order's reference per request.
    expect(await checkoutEntries(order.reference)).toBe(2);

    const session = await paidSession(standIn, url);
    // Coming back pays nothing: the attendees wait for Stripe's word.
    expect(
      (
        await ctx.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('pending');
    const delivered = await deliver(ctx, standIn.event('checkout.session.completed', session));
    expect(delivered.statusCode, delivered.body).toBe(200);
    const paid = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ status: 'paid', method: 'stripe' });
    const after = await ctx.db
      .selectFrom('guests')
      .select(['id', 'unpaid', 'cancelled_at'])
      .where(
        'id',
        'in',
        guests.map((g) => g.id),
      )
      .orderBy('id')
      .execute();
    expect(after).toEqual(guests.map((g) => ({ id: g.id, unpaid: 0, cancelled_at: null })));
    const shown = (await view(token)).json().data;
    expect(shown.order.status).toBe('paid');
    expect(shown.attendees.every((a: { guest_code: string | null }) => a.guest_code !== null)).toBe(true);
    expect(meeting.id).toBe(paid.meeting_id);
    // Paid: nothing is left to pay by Stripe.
    expect((await checkout(token)).json().code).toBe(ERRORS.ORDER_NOT_PENDING.code);
  });

  it("refuses a stranger's token and a meeting that does not offer Stripe", async () => {
    const stranger = await checkout('not-a-group-token');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe(ERRORS.GROUP_TOKEN_INVALID.code);
    const missing = await ctx.app.inject({ method: 'POST', url: CHECKOUT });
    expect(missing.json().code).toBe(ERRORS.GROUP_TOKEN_INVALID.code);

    const { token } = await bookedGroup(['transfer', 'desk']);
    const sessions = standIn.sessions.size;
    const res = await checkout(token);
    expect(res.json().code, res.body).toBe(ERRORS.PAYMENT_METHOD_UNAVAILABLE.code);
    expect(standIn.sessions.size).toBe(sessions);
  });

  it("refuses a checkout once the group's hold ran out", async () => {
    const { token } = await bookedGroup();
    ctx.advance(46 * 60_000);
    const res = await checkout(token);
    expect(res.json().code, res.body).toBe(ERRORS.ORDER_NOT_PENDING.code);
  });
});
