import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../../db/database.ts';
import type { LimiterFactory } from '../../../lib/rate-limiter.ts';
import type { VisitorGuestService } from '../../registration/visitor-guest.service.ts';
import type { ConfirmOutcome, PaymentInput } from '../confirm-payment.ts';
import type { PaymentsDeps } from '../payments-deps.ts';
import type { StartCheckout } from './checkout.ts';
import { stripeCheckoutRoutes } from './stripe-checkout.routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

/** Stripe Checkout's two routes: the guest's way to the hosted page, and Stripe's signed webhook. */
export const stripeRoutes: FastifyPluginAsync<{
  deps: PaymentsDeps;
  stripe: Stripe | null;
  confirmIn(trx: Db, input: PaymentInput): Promise<ConfirmOutcome>;
  visitors: Pick<VisitorGuestService, 'authenticated'>;
  limiters: LimiterFactory;
  /** The one checkout (checkout.ts) the guest's route and the group's port share. */
  startCheckout: StartCheckout;
}> = async (app, { deps, stripe, confirmIn, visitors, limiters, startCheckout }) => {
  const log = app.log;
  await app.register(stripeCheckoutRoutes, { startCheckout, deps, visitors });
  await app.register(stripeWebhookRoutes, {
    parts: { deps, stripe, confirmIn, log, webhookSecret: deps.config.stripe?.webhookSecret ?? null },
    limiters,
  });
};
