import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { findOrder } from '../src/modules/payments/orders.repository.ts';
import { instructionsFor, providerFor } from '../src/modules/payments/providers/registry.ts';
import { CHECKOUT_ATTEMPT_MS } from '../src/modules/payments/stripe/checkout.ts';
import { createStripeProvider } from '../src/modules/payments/stripe/stripe-provider.ts';
import { WEBHOOK_LIMIT } from '../src/modules/payments/stripe/stripe-webhook.routes.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { seatsOf } from './payments-fixtures.ts';
import {
  checkout,
  deliver,
  paidSession,
  paymentState,
  stripeWorld,
  type PendingOrder,
  type StripeWorld,
} from './payments-stripe-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

const MINUTE = 60_000;

/** The ways to pay the guest's pending order, as their page lists them. */
async function methodsOnGuestPage(ctx: TestContext, token: string) {
  const res = await ctx.app.inject({ url: '/api/public/guest/orders', headers: { 'x-guest-token': token } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data[0].methods as { method: string }[]).map((m) => m.method);
}

/**
 * Card, Alipay and WeChat Pay through Stripe Checkout (issue 44), against a local stand-in of
 * Stripe's API driven by the official library, with events signed by the library's own helper.
 * A payment is confirmed by the signed webhook alone; redelivered, duplicate, unknown, late and
 * out-of-order events change nothing twice.
 */
describe(`Stripe Checkout confirmed by its signed webhook (${TEST_DB})`, () => {
  let standIn: StripeStandIn;
  let ctx: TestContext;
  let world: StripeWorld;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestContext({ ...standIn.env, PUBLIC_URL: 'https://meet.example.org' });
    world = await stripeWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  /** Checkout for the order, then the guest pays on Stripe's page: the session as Stripe completes it. */
  async function payAtStripe(order: PendingOrder) {
    const res = await checkout(ctx, order);
    expect(res.statusCode, res.body).toBe(200);
    return paidSession(standIn, res.json().data.url);
  }

  it('makes a Checkout Session for the pending order: its amount, currency, methods, expiry and way back', async () => {
    const order = await world.guestWithOrder({ total: 123_450, holdMinutes: 45 });
    const before = standIn.requests.length;
    const res = await checkout(ctx, order, 'zh-tw');
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().data as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const [sent] = standIn.requests.slice(before);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent!.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}\./);
    const attempt = Math.floor(ctx.now() / CHECKOUT_ATTEMPT_MS);
    expect(sent!.idempotencyKey).toBe(`checkout-${order.reference}-${attempt}-zh-tw`);
    const guestPage = `https://meet.example.org/#/enroll-info/${world.publicId}?lang=zh-tw`;
    expect(sent!.body).toEqual({
      mode: 'payment',
      allowed_payment_method_types: ['card', 'alipay', 'wechat_pay'],
      payment_method_options: { wechat_pay: { client: 'web' } },
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'hkd',
            unit_amount: '123450',
            product_data: { name: `年會 · ${order.reference}` },
          },
        },
      ],
      client_reference_id: String(order.orderId),
      metadata: { order_id: String(order.orderId), reference: order.reference },
      payment_intent_data: { metadata: { order_id: String(order.orderId), reference: order.reference } },
      // The hold's end: the session cannot be paid after it.
      expires_at: String(Math.floor((ctx.now() + 45 * MINUTE) / 1000)),
      locale: 'zh-TW',
      success_url: `${guestPage}&payment=returned`,
      cancel_url: `${guestPage}&payment=cancelled`,
    });

    // A second tap within the attempt is the same request: Stripe answers the same session.
    const again = await checkout(ctx, order, 'zh-tw');
    expect(again.json().data.url).toBe(url);
    expect(standIn.sessions.size).toBe(1);
    const state = await paymentState(ctx, order);
    expect(state.order).toMatchObject({ status: 'pending', method: 'stripe', paid_at: null });
  });

  it('is the registry’s Stripe provider once configured: the guest’s page offers it, with no page yet', async () => {
    const order = await world.guestWithOrder();
    const row = await findOrder(ctx.db, order.orderId);
    const configured = ctx.app.payments.deps.providers;
    const offered = await instructionsFor(ctx.db, row!, 'en', configured);
    expect(offered.map((i) => [i.method, i.checkout_url])).toEqual([
      ['transfer', null],
      ['stripe', null],
    ]);
    expect(providerFor('stripe', configured).refund).toBeTypeOf('function');
    expect(await methodsOnGuestPage(ctx, order.token)).toEqual(['transfer', 'stripe']);
    // Without Stripe's keys the method is left off, whatever the meeting lists.
    const unconfigured = { stripe: createStripeProvider(null, ctx.app.log) };
    expect((await instructionsFor(ctx.db, row!, 'en', unconfigured)).map((i) => i.method)).toEqual([
      'transfer',
    ]);
  });

  it('lets a Checkout Session live no less than Stripe allows and no more than a day', async () => {
    const expiryOf = async (holdMinutes: number) => {
      const order = await world.guestWithOrder({ holdMinutes });
      const res = await checkout(ctx, order, 'en');
      expect(res.statusCode, res.body).toBe(200);
      const session = standIn.sessions.get(res.json().data.url.split('/').pop())!;
      return session.expires_at - ctx.now() / 1000;
    };
    // A 10-minute hold: Stripe's minimum is 30 minutes ahead; the late path covers a payment after it.
    const short = await expiryOf(10);
    expect(short).toBeGreaterThanOrEqual(30 * 60);
    expect(short).toBeLessThanOrEqual(32 * 60);
    // A two-day hold: Stripe's maximum is a day.
    expect(await expiryOf(2 * 24 * 60)).toBeLessThanOrEqual(23 * 3600);
  });

  it('refuses a checkout to anyone but the pending order’s guest, and where Stripe is not offered', async () => {
    const mine = await world.guestWithOrder();
    const theirs = await world.guestWithOrder();
    const code = async (res: Awaited<ReturnType<typeof checkout>>) => res.json().code as number;
    expect(await code(await checkout(ctx, { token: 'not-a-token', orderId: mine.orderId }))).toBe(
      ERRORS.GUEST_TOKEN_INVALID.code,
    );
    expect(await code(await checkout(ctx, { token: theirs.token, orderId: mine.orderId }))).toBe(
      ERRORS.NOT_FOUND.code,
    );
    await ctx.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', theirs.orderId).execute();
    expect(await code(await checkout(ctx, theirs))).toBe(ERRORS.ORDER_NOT_PENDING.code);

    standIn.failNext(400, 'invalid_request_error', 'Amount must be at least HK$4.00');
    const refused = await checkout(ctx, mine);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe(ERRORS.PAYMENT_PROVIDER_FAILED.code);

    const transferOnly = await stripeWorld(ctx, { methods: ['transfer'] });
    const order = await transferOnly.guestWithOrder();
    expect(await code(await checkout(ctx, order))).toBe(ERRORS.PAYMENT_METHOD_UNAVAILABLE.code);
    expect((await paymentState(ctx, mine)).payments).toEqual([]);
  });

  it('leaves the method of an order paid another way while Stripe made its session', async () => {
    const order = await world.guestWithOrder({ total: 500_00 });
    // The bank transfer is matched while the guest's Checkout request is at Stripe.
    standIn.whileNextInFlight(async () => {
      await ctx.db.transaction().execute((trx) =>
        ctx.app.payments.confirmIn(trx, {
          orderId: order.orderId,
          method: 'transfer',
          amount: 500_00,
          providerRef: 'bank-in-flight',
          userId: null,
          auditName: null,
          ip: null,
        }),
      );
    });
    const before = standIn.sessions.size;
    const res = await checkout(ctx, order);
    expect(res.json().code, res.body).toBe(ERRORS.ORDER_NOT_PENDING.code);
    expect((await paymentState(ctx, order)).order).toMatchObject({ status: 'paid', method: 'transfer' });
    // The session made meanwhile is closed at Stripe: the guest cannot pay twice.
    const made = [...standIn.sessions.values()].slice(before);
    expect(made.map((m) => m.status)).toEqual(['expired']);
  });

  it('pays the order on the signed event alone, once, however often and in whatever form it comes', async () => {
    const order = await world.guestWithOrder({ total: 88_800 });
    const session = await payAtStripe(order);
    // The guest paid at Stripe and came back to the guest page: nothing is paid until Stripe says so.
    expect((await paymentState(ctx, order)).order.status).toBe('pending');

    const completed = standIn.event('checkout.session.completed', session);
    const [first, concurrent] = await Promise.all([deliver(ctx, completed), deliver(ctx, completed)]);
    expect([first.statusCode, concurrent.statusCode]).toEqual([200, 200]);
    expect(first.json().data).toEqual({ received: true });
    const paid = await paymentState(ctx, order);
    expect(paid.order).toMatchObject({ status: 'paid', method: 'stripe' });
    // The guest's code is released and the confirmation with it queued.
    expect(paid.guest).toMatchObject({ unpaid: 0, mail_pending: 1, cancelled_at: null });
    expect(paid.payments).toEqual([
      { kind: 'payment', method: 'stripe', amount: 88_800, provider_ref: session.payment_intent },
    ]);
    expect(paid.receipts).toEqual([{ kind: 'receipt', amount: 88_800 }]);

    // Redelivered later, and the same payment told again by another event: nothing more.
    expect((await deliver(ctx, completed)).statusCode).toBe(200);
    const succeeded = standIn.event('checkout.session.async_payment_succeeded', session);
    expect((await deliver(ctx, succeeded)).statusCode).toBe(200);
    expect(await paymentState(ctx, order)).toEqual(paid);
    const events = await ctx.db.selectFrom('stripe_events').select('event_id').execute();
    expect(events.map((e) => e.event_id)).toEqual(expect.arrayContaining([completed.id, succeeded.id]));
  });

  it('waits for an asynchronous payment to succeed before paying', async () => {
    const order = await world.guestWithOrder({ total: 5_000 });
    const session = await payAtStripe(order);
    const underWay = standIn.event('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect((await deliver(ctx, underWay)).statusCode).toBe(200);
    expect((await paymentState(ctx, order)).order.status).toBe('pending');
    const succeeded = standIn.event('checkout.session.async_payment_succeeded', session);
    expect((await deliver(ctx, succeeded)).statusCode).toBe(200);
    expect((await paymentState(ctx, order)).order.status).toBe('paid');
  });

  it('refuses an unsigned, wrongly signed or altered event, and changes nothing', async () => {
    const order = await world.guestWithOrder();
    const session = await payAtStripe(order);
    const genuine = standIn.event('checkout.session.completed', session);
    const forged = standIn.event('checkout.session.completed', session, { secret: 'whsec_someone_else' });
    const altered = {
      ...genuine,
      payload: genuine.payload.replace(/"amount_total":\d+/, '"amount_total":1'),
    };
    for (const delivery of [
      { payload: genuine.payload },
      forged,
      altered,
      { ...genuine, signature: 't=1,v1=00' },
    ]) {
      const res = await deliver(ctx, delivery);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERRORS.PAYMENT_SIGNATURE_INVALID.code);
    }
    const state = await paymentState(ctx, order);
    expect(state.order.status).toBe('pending');
    expect(state.payments).toEqual([]);
    const recorded = await ctx.db.selectFrom('stripe_events').select('event_id').execute();
    expect(recorded.map((e) => e.event_id)).not.toContain(forged.id);
  });

  it('holds back an address forging events past its budget, never Stripe’s genuine bursts', async () => {
    const ignored = standIn.event('customer.created', { id: 'cus_test_x', object: 'customer' });
    const burst = await Promise.all(
      Array.from({ length: WEBHOOK_LIMIT.points + 10 }, () => deliver(ctx, ignored)),
    );
    expect(new Set(burst.map((res) => res.statusCode))).toEqual(new Set([200]));
    const forged = { ...ignored, signature: 't=1,v1=00' };
    for (let i = 0; i < WEBHOOK_LIMIT.points; i++)
      expect((await deliver(ctx, forged, '203.0.113.9')).statusCode).toBe(400);
    const held = await deliver(ctx, forged, '203.0.113.9');
    expect(held.statusCode).toBe(429);
    expect(held.json().code).toBe(ERRORS.RATE_LIMITED.code);
    expect((await deliver(ctx, ignored)).statusCode).toBe(200);
  });

  it('answers and ignores an event for no order of this server, and types it does not act on', async () => {
    const order = await world.guestWithOrder();
    const session = await payAtStripe(order);
    const strangers = [
      { ...session, metadata: { order_id: '999999', reference: 'NOSUCH' } },
      { ...session, metadata: { order_id: '99999999999', reference: 'NOSUCH' } },
      // Another server on the same Stripe account: its order 5 is not this server's order 5.
      { ...session, metadata: { order_id: String(order.orderId), reference: 'OTHERSERVER' } },
      // Not the order's currency: not a payment of this order.
      { ...session, currency: 'usd' },
    ];
    for (const stranger of strangers) {
      const res = await deliver(ctx, standIn.event('checkout.session.completed', stranger));
      expect(res.statusCode).toBe(200);
    }
    const ignored = standIn.event('payment_intent.created', { id: 'pi_test_x', object: 'payment_intent' });
    expect((await deliver(ctx, ignored)).statusCode).toBe(200);
    expect((await paymentState(ctx, order)).payments).toEqual([]);
  });

  it('seats a payment made after its hold expired if a seat is free, else keeps it for a refund', async () => {
    const oneSeat = await stripeWorld(ctx, { registrationLimit: 1 });
    const early = await oneSeat.guestWithOrder({ total: 30_000, holdMinutes: 10 });
    const earlySession = await payAtStripe(early);
    // The hold runs out before Stripe's event comes (the session outlives a 10-minute hold).
    ctx.advance(11 * MINUTE);
    await ctx.app.jobs.runDue();
    expect((await paymentState(ctx, early)).order.status).toBe('expired');
    expect((await seatsOf(ctx.db, oneSeat.meetingId)).taken).toBe(0);
    const seated = standIn.event('checkout.session.completed', earlySession);
    expect((await deliver(ctx, seated)).statusCode).toBe(200);
    const back = await paymentState(ctx, early);
    expect(back.order.status).toBe('paid');
    expect(back.guest).toMatchObject({ unpaid: 0, cancelled_at: null });
    expect((await seatsOf(ctx.db, oneSeat.meetingId)).taken).toBe(1);

    // Now the one seat is taken: the next late payer's money waits for the organiser's refund.
    await ctx.db
      .updateTable('meetings')
      .set({ registration_limit: 2 })
      .where('id', '=', oneSeat.meetingId)
      .execute();
    const late = await oneSeat.guestWithOrder({ total: 30_000, holdMinutes: 10 });
    const lateSession = await payAtStripe(late);
    ctx.advance(11 * MINUTE);
    await ctx.app.jobs.runDue();
    const other = await oneSeat.guestWithOrder({ total: 30_000, holdMinutes: 45 });
    const lateEvent = standIn.event('checkout.session.completed', lateSession);
    expect((await deliver(ctx, lateEvent)).statusCode).toBe(200);
    const owed = await paymentState(ctx, late);
    expect(owed.order.status).toBe('refund_due');
    expect(owed.guest.cancelled_at).not.toBeNull();
    expect(owed.payments).toHaveLength(1);
    expect((await seatsOf(ctx.db, oneSeat.meetingId)).taken).toBe(2);
    expect((await paymentState(ctx, other)).order.status).toBe('pending');
    // Told again: nothing more.
    expect((await deliver(ctx, lateEvent)).statusCode).toBe(200);
    expect((await deliver(ctx, seated)).statusCode).toBe(200);
    expect(await paymentState(ctx, late)).toEqual(owed);
    expect(await paymentState(ctx, early)).toEqual(back);
  });
});

describe(`Stripe without its keys (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('offers no checkout and no webhook', async () => {
    const world = await stripeWorld(ctx);
    const order = await world.guestWithOrder();
    const res = await checkout(ctx, order);
    expect(res.json().code).toBe(ERRORS.PAYMENT_METHOD_UNAVAILABLE.code);
    const standIn = await startStripeStandIn();
    const event = standIn.event('checkout.session.completed', {
      id: 'cs_test_x',
      object: 'checkout.session',
    });
    await standIn.close();
    expect((await deliver(ctx, event)).statusCode).toBe(404);
    expect((await paymentState(ctx, order)).order.status).toBe('pending');
    // The meeting lists Stripe, but this server cannot take it: the guest's page leaves it off.
    expect(await methodsOnGuestPage(ctx, order.token)).toEqual(['transfer']);
  });
});
