import type Stripe from 'stripe';
import { linkInLanguage, nameIn, type Language } from '@meetflow/shared/languages';
import { formatAmount, type StripeCheckout } from '@meetflow/shared/schemas/payments';
import { AppError } from '../../../lib/app-error.ts';
import type { Limiter, LimiterFactory } from '../../../lib/rate-limiter.ts';
import type { VisitorGuestService } from '../../registration/visitor-guest.service.ts';
import * as orders from '../orders.repository.ts';
import type { PaymentsDeps } from '../payments-deps.ts';
import { findMeetingSettings } from '../pricing.repository.ts';
import { parseMethods } from '../providers/registry.ts';
import { providerCall, type WarnLog } from './stripe-provider.ts';

/** Every Stripe Checkout Session offers these three; Stripe shows those its account may take in the currency. */
export const CHECKOUT_METHODS = ['card', 'alipay', 'wechat_pay'] as const;
/**
 * Checkout requests for one order within this window are one attempt: the same idempotency key and
 * the same parameters, so a double tap is one session at Stripe, and a later attempt a new one.
 */
export const CHECKOUT_ATTEMPT_MS = 60_000;
/** Stripe takes an expiry 30 minutes to 24 hours ahead; two minutes' margin for the attempt window and clocks. */
const EXPIRY_MIN_S = 32 * 60;
const EXPIRY_MAX_S = 23 * 3600;
/** Per address and per order: a venue's Wi-Fi of guests paying, not one address making sessions. */
export const CHECKOUT_LIMITS = {
  perIp: { points: 30, seconds: 600 },
  perOrder: { points: 10, seconds: 600 },
} as const;

const LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = {
  'zh-tw': 'zh-TW',
  'zh-cn': 'zh',
  en: 'en',
};

export interface CheckoutParts {
  deps: PaymentsDeps;
  stripe: Stripe | null;
  limiters: LimiterFactory;
  log: WarnLog;
}

/**
 * Who may pay which order by Stripe, and where Stripe sends them back: the guest's own order
 * (`guestPayer`) or a group's one order paid by its contact (`groups`' port, decision 0106).
 * It authenticates the caller and answers the order they may pay (undefined: NOT_FOUND), the meeting
 * whose name Stripe's page shows, and the page (without language) to come back to.
 */
export type CheckoutPayer = () => Promise<{
  order: orders.OrderRow | undefined;
  meeting: { name: string; name_cn: string | null; name_en: string | null };
  page: string;
}>;

export type StartCheckout = (input: {
  payer: CheckoutPayer;
  language: Language;
  ip: string;
}) => Promise<StripeCheckout>;

/** The guest's own order, by their token: another guest's order is as unknown as a missing one. */
export function guestPayer(
  deps: Pick<PaymentsDeps, 'db' | 'config'>,
  visitors: Pick<VisitorGuestService, 'authenticated'>,
  token: string | undefined,
  orderId: number,
): CheckoutPayer {
  return async () => {
    const { guest, meeting } = await visitors.authenticated(token);
    const order = await orders.findOrder(deps.db, orderId);
    return {
      order: order && order.guest_id === guest.id ? order : undefined,
      meeting,
      // The guest's page finds its token in the browser's storage: the address carries none.
      page: `${deps.config.publicUrl}/#/enroll-info/${encodeURIComponent(meeting.public_id)}`,
    };
  };
}

/**
 * Sends the payer to Stripe's hosted page to pay a pending order by card, Alipay or WeChat Pay.
 * Nothing is paid here: the order stays pending until Stripe's signed webhook says it was paid, and
 * the payer's coming back to the success address changes nothing. Made once per app: the guest's
 * and the group's checkouts share its limits.
 */
export function createCheckout({ deps, stripe, limiters, log }: CheckoutParts): StartCheckout {
  const perIp: Limiter = limiters(
    'stripe_checkout_ip',
    CHECKOUT_LIMITS.perIp.points,
    CHECKOUT_LIMITS.perIp.seconds,
  );
  const perOrder: Limiter = limiters(
    'stripe_checkout_order',
    CHECKOUT_LIMITS.perOrder.points,
    CHECKOUT_LIMITS.perOrder.seconds,
  );

  return async function startCheckout(input) {
    await perIp.consume(input.ip);
    const { order, meeting, page } = await input.payer();
    if (!order) throw new AppError('NOT_FOUND');
    await perOrder.consume(String(order.id));
    const now = deps.clock();
    if (order.status !== 'pending' || (order.hold_until !== null && order.hold_until <= now))
      throw new AppError('ORDER_NOT_PENDING');
    const settings = await findMeetingSettings(deps.db, order.meeting_id);
    if (!stripe || !settings || !parseMethods(settings.methods).includes('stripe'))
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    if (order.total <= 0) throw new AppError('PAYMENT_AMOUNT_INVALID');

    const attempt = Math.floor(now / CHECKOUT_ATTEMPT_MS);
    const params = sessionParams(order, {
      guestPage: page,
      meetingName: nameIn(input.language, meeting.name, meeting.name_cn, meeting.name_en),
      language: input.language,
      attemptStart: attempt * CHECKOUT_ATTEMPT_MS,
    });
    // The reference is random and unique: two servers sharing one Stripe account never share a key.
    const idempotencyKey = `checkout-${order.reference}-${attempt}-${input.language}`;
    const session = await providerCall(log, () =>
      stripe.checkout.sessions.create(params, { idempotencyKey }),
    );
    if (!session.url) throw new AppError('PAYMENT_PROVIDER_FAILED');

    const pending = await deps.db.transaction().execute(async (trx) => {
      // Only while it still awaits payment: one paid (or closed) another way while Stripe made the
      // session keeps the method it was paid by.
      if (!(await orders.setOrderFields(trx, order.id, { method: 'stripe', now }, { whenStatus: 'pending' })))
        return false;
      await deps.systemLog.record(
        {
          action: 'update',
          source: 'public',
          message: {
            key: 'payments.stripe_checkout',
            params: { reference: order.reference, amount: `${order.currency} ${formatAmount(order.total)}` },
          },
          username: null,
          ip: input.ip,
        },
        trx,
      );
      return true;
    });
    if (!pending) {
      // Nothing is left to pay: the session just made is closed so the guest cannot pay twice.
      await providerCall(log, () => stripe.checkout.sessions.expire(session.id));
      throw new AppError('ORDER_NOT_PENDING');
    }
    return { url: session.url };
  };
}

/**
 * The session's parameters, all derived from the order and the attempt's start (not from the
 * moment), so a repeated request within the attempt sends the very same ones, as Stripe's
 * idempotency requires. It expires with the hold, but no sooner than Stripe allows (30 minutes):
 * a payment made after a shorter hold ran out takes the late path (confirm-payment.ts).
 */
export function sessionParams(
  order: orders.OrderRow,
  options: { guestPage: string; meetingName: string; language: Language; attemptStart: number },
): Stripe.Checkout.SessionCreateParams {
  const from = Math.floor(options.attemptStart / 1000);
  const hold = order.hold_until === null ? Infinity : Math.floor(order.hold_until / 1000);
  const expiresAt = Math.min(Math.max(hold, from + EXPIRY_MIN_S), from + EXPIRY_MAX_S);
  const back = (outcome: string) =>
    `${linkInLanguage(options.guestPage, options.language)}&payment=${outcome}`;
  // Stripe finds the order again by these (metadata on the session, and on the payment and its
  // charge for refunds); the reference tells this server's orders from another's on one account.
  const metadata = { order_id: String(order.id), reference: order.reference };
  return {
    mode: 'payment',
    allowed_payment_method_types: [...CHECKOUT_METHODS],
    payment_method_options: { wechat_pay: { client: 'web' } },
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: order.currency.toLowerCase(),
          unit_amount: order.total,
          // What the guest reads on Stripe's page and statement: the meeting and the order's reference.
          product_data: { name: `${options.meetingName.slice(0, 200)} · ${order.reference}` },
        },
      },
    ],
    client_reference_id: String(order.id),
    metadata,
    payment_intent_data: { metadata },
    expires_at: expiresAt,
    locale: LOCALES[options.language],
    success_url: back('returned'),
    cancel_url: back('cancelled'),
  };
}
