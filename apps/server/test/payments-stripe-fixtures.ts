import type { PaymentMethod } from '@meetflow/shared/schemas/payments';
import type { TestContext } from './helpers.ts';
import { addPrice, createPaidMeeting, guestIdOf, ordersOf } from './payments-fixtures.ts';
import { createOrganization, generalBody, signUp } from './registration-fixtures.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

/*
 * A paid meeting (HKD, transfer and Stripe offered) whose guests sign up through the public API and
 * hold their seat with a pending order, for the Stripe tests.
 */

export const WEBHOOK = '/api/payments/stripe/webhook';

export interface StripeWorld {
  meetingId: number;
  publicId: string;
  /** A guest signed up with a pending order of `total` in HKD, held for `holdMinutes`. */
  guestWithOrder(options?: { total?: number; holdMinutes?: number }): Promise<PendingOrder>;
}

export interface PendingOrder {
  guestId: number;
  token: string;
  orderId: number;
  reference: string;
  total: number;
}

let signUps = 0;

export async function stripeWorld(
  ctx: TestContext,
  options: { methods?: PaymentMethod[]; registrationLimit?: number } = {},
): Promise<StripeWorld> {
  const organizationId = await createOrganization(ctx.db);
  const meeting = await createPaidMeeting(ctx.db, organizationId, {
    currency: 'HKD',
    methods: options.methods ?? ['transfer', 'stripe'],
    registration_limit: options.registrationLimit ?? 0,
    name: '年會',
  });
  // One ticket kind per price asked for.
  const prices = new Map<number, number>();
  return {
    meetingId: meeting.id,
    publicId: meeting.publicId,
    async guestWithOrder({ total = 120_000, holdMinutes = 45 } = {}) {
      if (!prices.has(total))
        prices.set(total, await addPrice(ctx.db, meeting.id, { name: `Ticket ${total}`, amount: total }));
      await ctx.db
        .updateTable('meeting_payment_settings')
        .set({ hold_minutes: holdMinutes })
        .where('meeting_id', '=', meeting.id)
        .execute();
      const n = 500 + signUps++;
      const body = generalBody(n, { payment: { price_item_id: prices.get(total) } });
      const res = await signUp(ctx, meeting.publicId, body, n);
      if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
      const token = res.json().data.guest_token as string;
      const guestId = await guestIdOf(ctx.db, token);
      const [order] = await ordersOf(ctx.db, guestId);
      if (order?.status !== 'pending' || order.total !== total) throw new Error('no pending order');
      return { guestId, token, orderId: order.id, reference: order.reference, total };
    },
  };
}

/** POSTs a delivery to the webhook as Stripe does: the raw JSON body and its signature header. */
export function deliver(
  ctx: TestContext,
  delivery: { payload: string; signature?: string },
  remoteAddress = '54.187.174.169',
) {
  return ctx.app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload: delivery.payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(delivery.signature === undefined ? {} : { 'stripe-signature': delivery.signature }),
    },
    remoteAddress,
  });
}

/** The guest asks for Stripe's hosted page for their order. */
export function checkout(ctx: TestContext, order: { token: string; orderId: number }, lang = 'zh-tw') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/guest/orders/${order.orderId}/checkout`,
    headers: { 'x-guest-token': order.token, 'accept-language': lang },
  });
}

/** Everything a payment changes, to compare before and after a delivery. */
export async function paymentState(ctx: TestContext, order: PendingOrder) {
  const [row, guest, payments, receipts] = await Promise.all([
    ctx.db
      .selectFrom('orders')
      .select(['status', 'method', 'paid_at', 'refunded_amount'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('guests')
      .select(['unpaid', 'mail_pending', 'cancelled_at'])
      .where('id', '=', order.guestId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('payments')
      .select(['kind', 'method', 'amount', 'provider_ref'])
      .where('order_id', '=', order.orderId)
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('receipts')
      .select(['kind', 'amount'])
      .where('order_id', '=', order.orderId)
      .orderBy('id')
      .execute(),
  ]);
  return { order: row, guest, payments, receipts };
}

/** The session the last checkout made at the stand-in, paid by the guest on Stripe's page. */
export function paidSession(standIn: StripeStandIn, url: string) {
  const id = url.split('/').pop()!;
  return standIn.pay(id);
}
