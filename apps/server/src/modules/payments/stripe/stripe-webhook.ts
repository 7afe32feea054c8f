import type Stripe from 'stripe';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ConfirmOutcome, PaymentInput } from '../confirm-payment.ts';
import * as orders from '../orders.repository.ts';
import type { PaymentsDeps } from '../payments-deps.ts';
import { orderOfProviderPayment } from '../payments.repository.ts';
import { idOf } from './stripe-client.ts';
import { recordEvent } from './stripe-events.repository.ts';
import { providerCall, type WarnLog } from './stripe-provider.ts';
import { recordStripeRefundIn } from './stripe-refunds.ts';

/** What the webhook handler is given: the payments module's confirm, and Stripe with its secret. */
export interface WebhookParts {
  deps: PaymentsDeps;
  confirmIn(trx: Db, input: PaymentInput): Promise<ConfirmOutcome>;
  stripe: Stripe;
  webhookSecret: string;
  log: WarnLog;
}

/**
 * Stripe's webhook: the only way a Stripe payment is confirmed. Four event types act
 * (checkout.session.completed, checkout.session.async_payment_succeeded, charge.refunded,
 * refund.updated); any other is answered 2xx and ignored. The signature over the raw body is
 * checked first (PAYMENT_SIGNATURE_INVALID otherwise); then each event acts at most once, whatever
 * Stripe's redeliveries and ordering:
 * - an event id is recorded in the transaction of what it changes: a redelivery finds it and stops;
 * - a payment is recorded once per payment intent (unique method and provider reference): a second
 *   event for the same payment (`completed`, then `async_payment_succeeded`) changes nothing;
 * - a payment arriving after its hold expired takes confirm-payment's late path;
 * - a refund is recorded once per Stripe refund id; one whose payment is not recorded yet (events
 *   out of order) is refused with a 409, so that Stripe sends it again later.
 */
export function createWebhookHandler(parts: WebhookParts) {
  const { deps, stripe, webhookSecret, log } = parts;

  function verified(raw: Buffer, signature: string | undefined): Stripe.Event {
    try {
      // Stripe's own check: the HMAC of the timestamped raw body, within five minutes of now.
      return stripe.webhooks.constructEvent(raw, signature ?? '', webhookSecret);
    } catch {
      throw new AppError('PAYMENT_SIGNATURE_INVALID');
    }
  }

  /** The order this server made a checkout for, if the metadata names one of its orders. */
  async function ourOrder(db: Db, metadata: Stripe.Metadata | null | undefined) {
    const id = Number(metadata?.order_id);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
    const order = await orders.findOrder(db, id);
    // The random reference tells this server's order from another's on the same Stripe account.
    return order && order.reference === metadata?.reference ? order : undefined;
  }

  async function sessionPaid(event: Stripe.Event, session: Stripe.Checkout.Session, ip: string) {
    const paymentIntent = idOf(session.payment_intent);
    const amount = session.amount_total;
    const outcome = await deps.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, event.id, event.type, deps.clock()))) return 'redelivered';
      const order = await ourOrder(trx, session.metadata);
      if (!order || !paymentIntent || amount === null || session.currency !== order.currency.toLowerCase())
        return 'not_ours';
      const confirmed = await parts.confirmIn(trx, {
        orderId: order.id,
        method: 'stripe',
        amount,
        providerRef: paymentIntent,
        userId: null,
        auditName: null,
        ip,
      });
      return { confirmed, meetingId: order.meeting_id };
    });
    if (outcome === 'not_ours')
      log.warn({ event: event.id, type: event.type }, 'Stripe event names no order of this server');
    if (typeof outcome !== 'object') return;
    // The guest's confirmation (with the code) was queued in the transaction: send it now.
    if (outcome.confirmed === 'paid' || outcome.confirmed === 'late_seated') deps.mail?.kick();
    if (outcome.confirmed === 'late_seated') deps.onSignupsChanged?.(outcome.meetingId);
  }

  async function chargeRefunded(event: Stripe.Event, charge: Stripe.Charge, ip: string) {
    const paymentIntent = idOf(charge.payment_intent);
    if (!paymentIntent) return;
    const orderId = await orderOfProviderPayment(deps.db, 'stripe', paymentIntent);
    if (orderId === undefined) {
      // Refunded before its payment reached us: Stripe sends it again later, by then in order.
      if (await ourOrder(deps.db, charge.metadata)) throw new AppError('PAYMENT_NOT_RECORDED_YET');
      log.warn({ event: event.id, type: event.type }, 'Stripe event names no order of this server');
      return;
    }
    // The charge in the event does not list its refunds: Stripe is asked for them.
    const refunds = await providerCall(log, () =>
      stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }),
    );
    await deps.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, event.id, event.type, deps.clock()))) return;
      for (const refund of refunds.data)
        if (refund.status === 'succeeded')
          await recordStripeRefundIn(deps, trx, { orderId, refundId: refund.id, amount: refund.amount, ip });
    });
  }

  /** A refund that was pending when its charge was refunded, now gone through. */
  async function refundUpdated(event: Stripe.Event, refund: Stripe.Refund, ip: string) {
    const paymentIntent = idOf(refund.payment_intent);
    if (refund.status !== 'succeeded' || !paymentIntent) return;
    const orderId = await orderOfProviderPayment(deps.db, 'stripe', paymentIntent);
    if (orderId === undefined) return;
    await deps.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, event.id, event.type, deps.clock()))) return;
      await recordStripeRefundIn(deps, trx, { orderId, refundId: refund.id, amount: refund.amount, ip });
    });
  }

  return {
    verified,
    /** Acts on a verified event (see above); resolves once its change is committed. */
    async handle(event: Stripe.Event, ip: string): Promise<void> {
      switch (event.type) {
        case 'checkout.session.completed':
          // An unpaid completion is a payment still under way: its async_payment_succeeded follows.
          if (event.data.object.payment_status === 'paid') await sessionPaid(event, event.data.object, ip);
          return;
        case 'checkout.session.async_payment_succeeded':
          return sessionPaid(event, event.data.object, ip);
        case 'charge.refunded':
          return chargeRefunded(event, event.data.object, ip);
        case 'refund.updated':
          return refundUpdated(event, event.data.object, ip);
        default:
          return;
      }
    },
  };
}
