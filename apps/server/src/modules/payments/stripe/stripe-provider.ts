import type Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import { emptyInstructions, type PaymentProvider } from '../providers/payment-provider.ts';

/**
 * Card, Alipay and WeChat Pay through Stripe Checkout. The guest's page shows only the method: the
 * hosted checkout page is made when the guest asks for it (POST …/orders/:id/checkout, checkout.ts),
 * since a Checkout Session lives at most 24 hours and holds its amount. The payment is confirmed by
 * Stripe's signed webhook alone (stripe-webhook.ts), never by the browser coming back.
 */
export function createStripeProvider(stripe: Stripe | null, log: WarnLog): PaymentProvider {
  return {
    method: 'stripe',
    // Offered only when the server has Stripe's keys.
    available: () => stripe !== null,
    instructions: () => emptyInstructions('stripe'),
    /**
     * Gives `amount` of the payment back through Stripe. The idempotency key makes a retried refund
     * (a lost answer, a second click) one refund at Stripe; its id is what the refund row records,
     * and the `charge.refunded` webhook that follows finds it already recorded.
     */
    async refund(payment, amount, idempotencyKey) {
      if (!stripe || !payment.provider_ref) throw new AppError('ORDER_NOT_REFUNDABLE');
      const refund = await providerCall(log, () =>
        stripe.refunds.create({ payment_intent: payment.provider_ref!, amount }, { idempotencyKey }),
      );
      return { providerRef: refund.id };
    },
  };
}

/** Where a failed call to Stripe is told to the operator. */
export interface WarnLog {
  warn(details: object, message: string): void;
}

/**
 * A call to Stripe: its failure (unreachable, refused) answers PAYMENT_PROVIDER_FAILED (503), and the
 * operator's log gets what Stripe's own request log is searched by (its request id), no more.
 */
export async function providerCall<T>(log: WarnLog, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const e = error as { type?: string; code?: string; statusCode?: number; requestId?: string };
    log.warn(
      { dependency: 'stripe', type: e.type, code: e.code, status: e.statusCode, request_id: e.requestId },
      'Stripe request failed',
    );
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }
}
