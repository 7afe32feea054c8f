import fp from 'fastify-plugin';
import { stripeConfigured } from '../../config.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import { cancelOrder, guestCancellingIn, type ClosedBy } from './cancel-order.ts';
import { confirmPaymentIn, type ConfirmOutcome, type PaymentInput } from './confirm-payment.ts';
import { groupOrderOf, latestOrderOf, openGroupOrderIn } from './group-orders.ts';
import { orderHolderOf } from './guest-orders.ts';
import { createHoldExpiry } from './hold-expiry.ts';
import { doorPaymentsRoutes } from './door-payments.routes.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { createProofs } from './proof.ts';
import { publicPaymentsRoutes } from './public-payments.routes.ts';
import { createSignUpPayments } from './sign-up-orders.ts';
import { HOLD_EXPIRY_JOB } from './write-order.ts';
import { providerFor } from './providers/registry.ts';
import { receiptsRoutes } from './receipts.routes.ts';
import { createReceiptsService } from './receipts.service.ts';
import { refundsRoutes } from './refunds.routes.ts';
import { createCheckout } from './stripe/checkout.ts';
import { createStripeClient } from './stripe/stripe-client.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';
import { stripeRoutes } from './stripe/stripe.routes.ts';
import { createSeatPayments } from './waitlist-orders.ts';
import { paymentSetupRoutes } from './payment-setup.routes.ts';
import { createPaymentSetup } from './payment-setup.service.ts';
import { createOrderAdmin } from './order-admin.ts';
import { orderAdminRoutes } from './order-admin.routes.ts';
import {
  createPreviewExpiry,
  createStatementImport,
  STATEMENT_PREVIEW_EXPIRY_JOB,
} from './statement-import.ts';
import { statementImportRoutes } from './statement-import.routes.ts';

export interface PaymentsModule {
  deps: PaymentsDeps;
  /** Records a payment and moves its order, in the caller's transaction (confirm-payment.ts). */
  confirmIn(trx: Db, input: PaymentInput): Promise<ConfirmOutcome>;
  /**
   * An organiser cancels a pending order and its guest (cancel-order.ts; the route checks
   * `payment:manage` and the meeting): ORDER_NOT_PENDING when paid or closed meanwhile.
   */
  cancelOrder(orderId: number, by: ClosedBy): Promise<void>;
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
      guests: app.guests.service,
      onSignupsChanged,
      providers: { stripe: createStripeProvider(stripe, app.log) },
    };
    const confirmIn = (trx: Db, input: PaymentInput) => confirmPaymentIn(deps, trx, input);
    app.decorate('payments', {
      deps,
      confirmIn,
      cancelOrder: (orderId: number, by: ClosedBy) => cancelOrder(deps, orderId, by),
    });
    const proofs = createProofs({
      db,
      clock,
      systemLog,
      limiters,
      identify: (token) => app.registration.visitorGuests.identify(token),
    });
    await app.register(doorPaymentsRoutes, { deps, proofs, confirmIn });
    const visitors = app.registration.visitorGuests;
    // One checkout, its limits shared by the guest's route and the group's port.
    const startCheckout = createCheckout({ deps, stripe, limiters, log: app.log });
    await app.register(stripeRoutes, { deps, stripe, confirmIn, visitors, limiters, startCheckout });
    // A paid sign-up's price and order (sign-up-orders.ts).
    // A group's one order, and its page's view of it (group-orders.ts, decision 0106).
    app.registration.payments.fill({
      ...createSignUpPayments(deps),
      async openGroupOrderIn(trx, meeting, attendees, payerName, now, ip) {
        await openGroupOrderIn(deps, trx, meeting, attendees, payerName, now, ip);
      },
      groupOrderOf: (guestIds, live, language) => groupOrderOf(deps, guestIds, live, language),
      // The contact pays the group's order by Stripe: the guest's checkout, another payer.
      groupCheckout: ({ group, language, ip }) =>
        startCheckout({
          language,
          ip,
          payer: async () => {
            const { guestIds, meeting, page } = await group();
            return { order: await latestOrderOf(deps, guestIds), meeting, page };
          },
        }),
    });
    // A seat a paid meeting's waiting list gives opens an order (waitlist-orders.ts).
    app.waitlist.payments.fill(createSeatPayments(deps));
    // An unpaid order's hold ends by the job mechanism (hold-expiry.ts); a guest cancelled in the
    // back office or withdrawing has their pending order closed first (cancel-order.ts).
    jobs.handle(HOLD_EXPIRY_JOB, createHoldExpiry(deps));
    app.guests.orders.fill({
      guestCancellingIn: (trx, guestId, actor) => guestCancellingIn(deps, trx, guestId, actor),
    });
    await app.register(publicPaymentsRoutes, { deps, limiters });
    await app.register(paymentSetupRoutes, {
      setup: createPaymentSetup({ db, clock, systemLog, stripeConfigured: stripeConfigured(config) }),
    });
    // Receipts are drawn by the certificates' PDF worker; their mail asks for them when it is sent.
    const receipts = createReceiptsService({
      db,
      systemLog,
      listingPdf: app.certificates.listingPdf,
      // As the orders' list: a guest cancelled with their order still opens its receipts.
      identify: (token) => orderHolderOf({ db }, token),
    });
    app.mail.receipts.fill(receipts);
    await app.register(receiptsRoutes, { receipts, limiters });
    // Refunds cancel through the guest core (seats to the waiting lists) and pay back through the
    // provider of the method that took the money, where it has a refund (Stripe).
    const guests = app.guests.service;
    await app.register(refundsRoutes, {
      deps: {
        ...deps,
        cancelGuest: (guestId, actor, alsoInTrx) => guests.cancel(guestId, actor, alsoInTrx),
        refundThrough: (method) => {
          if (!(PAYMENT_METHODS as readonly string[]).includes(method)) return undefined;
          const provider = providerFor(method as PaymentMethod, deps.providers);
          return provider.refund?.bind(provider);
        },
      },
    });
    // The back office's orders, export and revenue; reconciliation by bank statement.
    await app.register(orderAdminRoutes, {
      orderAdmin: createOrderAdmin({
        ...deps,
        confirmIn,
        cancelOrder: (orderId, by) => cancelOrder(deps, orderId, by),
      }),
      db,
      reporting: app.platform.reporting,
      clock,
    });
    jobs.handle(STATEMENT_PREVIEW_EXPIRY_JOB, createPreviewExpiry(deps));
    await app.register(statementImportRoutes, {
      statementImport: createStatementImport({ ...deps, confirmIn }),
      limiters,
    });
  },
  {
    name: 'payments',
    dependencies: ['platform', 'guests', 'registration', 'mail', 'waitlist', 'attendance', 'certificates'],
  },
);
