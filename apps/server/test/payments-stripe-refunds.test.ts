import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
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

/**
 * Refunds through Stripe (issue 44): the provider's refund reaches Stripe once per idempotency key,
 * and every refund Stripe reports (one the server asked for, one made in Stripe's own dashboard) is
 * recorded once by its refund id, with a credit note — whether its event comes twice, before the
 * payment's own event, or while the refund is still pending.
 */
describe(`Stripe refunds (${TEST_DB})`, () => {
  let standIn: StripeStandIn;
  let ctx: TestContext;
  let world: StripeWorld;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestContext(standIn.env);
    world = await stripeWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  /** A guest's order paid through Stripe; `confirm: false` leaves the payment's event undelivered. */
  async function paidOrder(total: number, options: { confirm?: boolean } = {}) {
    const order = await world.guestWithOrder({ total });
    const res = await checkout(ctx, order);
    expect(res.statusCode, res.body).toBe(200);
    const session = paidSession(standIn, res.json().data.url);
    const completed = standIn.event('checkout.session.completed', session);
    if (options.confirm !== false) expect((await deliver(ctx, completed)).statusCode).toBe(200);
    return { order, session, paymentIntent: session.payment_intent!, completed };
  }
  const refundedEvent = (paymentIntent: string) =>
    standIn.event('charge.refunded', standIn.chargeOf(paymentIntent));
  const refundRows = async (order: PendingOrder) =>
    (await paymentState(ctx, order)).payments.filter((p) => p.kind === 'refund');

  it('refunds through Stripe once per idempotency key, and records the refund once when Stripe reports it', async () => {
    const { order, paymentIntent } = await paidOrder(50_000);
    const provider = ctx.app.payments.deps.providers!.stripe!;
    const before = standIn.requests.length;
    const payment = { provider_ref: paymentIntent, amount: 50_000 };
    const first = await provider.refund!(payment, 20_000, `refund-${order.reference}-1`);
    // The organiser's second click, or a retry after a lost answer: the same refund at Stripe.
    const again = await provider.refund!(payment, 20_000, `refund-${order.reference}-1`);
    expect(again.providerRef).toBe(first.providerRef);
    expect(first.providerRef).toMatch(/^re_test_/);
    const sent = standIn.requests.slice(before);
    expect(sent.map((r) => [r.method, r.path, r.idempotencyKey, r.body])).toEqual([
      [
        'POST',
        '/v1/refunds',
        `refund-${order.reference}-1`,
        { payment_intent: paymentIntent, amount: '20000' },
      ],
      [
        'POST',
        '/v1/refunds',
        `refund-${order.reference}-1`,
        { payment_intent: paymentIntent, amount: '20000' },
      ],
    ]);
    expect(standIn.chargeOf(paymentIntent).amount_refunded).toBe(20_000);

    const reported = refundedEvent(paymentIntent);
    expect((await deliver(ctx, reported)).statusCode).toBe(200);
    const recorded = await paymentState(ctx, order);
    expect(recorded.payments.filter((p) => p.kind === 'refund')).toEqual([
      { kind: 'refund', method: 'stripe', amount: 20_000, provider_ref: first.providerRef },
    ]);
    expect(recorded.receipts).toEqual([
      { kind: 'receipt', amount: 50_000 },
      { kind: 'credit_note', amount: 20_000 },
    ]);
    expect(recorded.order).toMatchObject({ status: 'paid', refunded_amount: 20_000 });
    // Redelivered, and told again by the refund's own event: nothing more.
    expect((await deliver(ctx, reported)).statusCode).toBe(200);
    const refund = { id: first.providerRef, object: 'refund', amount: 20_000, payment_intent: paymentIntent };
    const updated = standIn.event('refund.updated', { ...refund, status: 'succeeded' });
    expect((await deliver(ctx, updated)).statusCode).toBe(200);
    expect(await paymentState(ctx, order)).toEqual(recorded);
  });

  it('records a refund made in Stripe’s dashboard, partial or the rest, each once', async () => {
    const { order, paymentIntent } = await paidOrder(80_000);
    standIn.dashboardRefund(paymentIntent, 30_000);
    expect((await deliver(ctx, refundedEvent(paymentIntent))).statusCode).toBe(200);
    standIn.dashboardRefund(paymentIntent, 50_000);
    const rest = refundedEvent(paymentIntent);
    expect((await deliver(ctx, rest)).statusCode).toBe(200);
    expect((await deliver(ctx, rest)).statusCode).toBe(200);
    expect((await refundRows(order)).map((r) => r.amount).sort()).toEqual([30_000, 50_000]);
    const state = await paymentState(ctx, order);
    // All of it went back; the seat stays until the organiser cancels the guest in the back office.
    expect(state.order).toMatchObject({ status: 'paid', refunded_amount: 80_000 });
    expect(state.receipts.filter((r) => r.kind === 'credit_note')).toHaveLength(2);
  });

  it('asks Stripe to send a refund again when it comes before its payment, and records it then', async () => {
    const { order, paymentIntent, completed } = await paidOrder(40_000, { confirm: false });
    standIn.dashboardRefund(paymentIntent, 40_000);
    const early = refundedEvent(paymentIntent);
    const refused = await deliver(ctx, early);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERRORS.PAYMENT_NOT_RECORDED_YET.code);
    expect((await paymentState(ctx, order)).payments).toEqual([]);

    expect((await deliver(ctx, completed)).statusCode).toBe(200);
    // Stripe's retry of the refund's event, now in order.
    expect((await deliver(ctx, early)).statusCode).toBe(200);
    const state = await paymentState(ctx, order);
    expect(state.payments.map((p) => [p.kind, p.amount])).toEqual([
      ['payment', 40_000],
      ['refund', 40_000],
    ]);
    expect(state.order.refunded_amount).toBe(40_000);
  });

  it('records a pending refund only once it has gone through', async () => {
    const { order, paymentIntent } = await paidOrder(25_000);
    const pending = standIn.dashboardRefund(paymentIntent, 10_000, 'pending');
    expect((await deliver(ctx, refundedEvent(paymentIntent))).statusCode).toBe(200);
    expect(await refundRows(order)).toEqual([]);
    const done = standIn.event('refund.updated', { ...pending, status: 'succeeded' });
    expect((await deliver(ctx, done)).statusCode).toBe(200);
    expect((await deliver(ctx, done)).statusCode).toBe(200);
    expect((await refundRows(order)).map((r) => r.provider_ref)).toEqual([pending.id]);
  });

  it('closes an order owed a refund as refunded once Stripe has given it all back', async () => {
    const { order, paymentIntent, completed } = await paidOrder(60_000, { confirm: false });
    // The organiser cancelled the order while the guest was paying: the payment is owed back.
    await ctx.app.payments.cancelOrder(order.orderId, { auditName: 'admin', ip: null });
    expect((await deliver(ctx, completed)).statusCode).toBe(200);
    expect((await paymentState(ctx, order)).order.status).toBe('refund_due');
    standIn.dashboardRefund(paymentIntent, 60_000);
    expect((await deliver(ctx, refundedEvent(paymentIntent))).statusCode).toBe(200);
    expect((await paymentState(ctx, order)).order).toMatchObject({
      status: 'refunded',
      refunded_amount: 60_000,
    });
  });

  it('ignores a refund of a payment that is not this server’s', async () => {
    const { order, paymentIntent } = await paidOrder(10_000);
    const charge = { ...standIn.chargeOf(paymentIntent), payment_intent: 'pi_test_elsewhere', metadata: {} };
    expect((await deliver(ctx, standIn.event('charge.refunded', charge))).statusCode).toBe(200);
    expect(await refundRows(order)).toEqual([]);
  });
});
