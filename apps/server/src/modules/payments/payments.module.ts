import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { confirmPaymentIn, type ConfirmOutcome, type PaymentInput } from './confirm-payment.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { publicPaymentsRoutes } from './public-payments.routes.ts';
import { createSignUpPayments } from './sign-up-orders.ts';
import { createStripeClient } from './stripe/stripe-client.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';
import { stripeRoutes } from './stripe/stripe.routes.ts';

export interface PaymentsModule {
  deps: PaymentsDeps;
  /** Records a payment and moves its order, in the caller's transaction (confirm-payment.ts). */
  confirmIn(trx: Db, input: PaymentInput): Promise<ConfirmOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsModule;
  }
}

/**
 * Paid registration (issue 44): prices, discount codes, orders holding a seat while the guest pays,
 * the payment methods behind one provider interface, receipts and refunds. Registered after the
 * visitor face and the door, whose ports it fills.
 */
export const paymentsModule = fp(
  async (app) => {
    const { config, db, dbKind, clock, systemLog, webhooks, jobs, onSignupsChanged, limiters } = app.platform;
    // Stripe's client, null without its keys (stripe/stripe-client.ts).
    const stripe = await createStripeClient(config);
    const deps: PaymentsDeps = {
      config,
      db,
      dbKind,
      clock,
      systemLog,
      webhooks,
      jobs,
      mail: app.mail.service,
      onSignupsChanged,
      providers: { stripe: createStripeProvider(stripe, app.log) },
    };
    app.decorate('payments', {
      deps,
      confirmIn: (trx: Db, input: PaymentInput) => confirmPaymentIn(deps, trx, input),
    });
    const { confirmIn } = app.payments;
    const visitors = app.registration.visitorGuests;
    await app.register(stripeRoutes, { deps, stripe, confirmIn, visitors, limiters });
    // A paid sign-up's price and order (sign-up-orders.ts).
    app.registration.payments.fill(createSignUpPayments(deps));
    await app.register(publicPaymentsRoutes, { deps, limiters });
  },
  { name: 'payments', dependencies: ['platform', 'registration', 'mail', 'waitlist', 'attendance'] },
);
