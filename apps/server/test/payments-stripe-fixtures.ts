import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '@meetflow/shared/schemas/payments';
import { sha256 } from '../src/lib/secure-random.ts';
import { insertOrder } from '../src/modules/payments/orders.repository.ts';
import type { TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

/*
 * A paid meeting with guests holding pending orders, for the Stripe tests. The guest signs up
 * through the public API while the meeting is free (their token and seat), then the meeting becomes
 * paid and the order is written directly: the sign-up that opens orders has its own tests.
 */

export const WEBHOOK = '/api/payments/stripe/webhook';
const MINUTE = 60_000;

export interface StripeWorld {
  meetingId: number;
  publicId: string;
  /** A guest with a pending order of `total` in HKD, held for `holdMinutes`. */
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
  const meeting = await createMeeting(ctx.db, organizationId, {
    registration_limit: options.registrationLimit ?? 0,
    name: '年會',
  });
  const makePaid = async () => {
    await ctx.db.updateTable('meetings').set({ currency: 'HKD' }).where('id', '=', meeting.id).execute();
    await ctx.db
      .insertInto('meeting_payment_settings')
      .values({
        meeting_id: meeting.id,
        hold_minutes: 30,
        methods: JSON.stringify(options.methods ?? ['transfer', 'stripe']),
        updated_at: ctx.now(),
      })
      .onConflict((oc) => oc.column('meeting_id').doNothing())
      .execute();
  };
  return {
    meetingId: meeting.id,
    publicId: meeting.publicId,
    async guestWithOrder({ total = 120_000, holdMinutes = 45 } = {}) {
      // Signed up while the meeting is free; then it charges, and the guest's seat is a hold.
      await ctx.db.updateTable('meetings').set({ currency: null }).where('id', '=', meeting.id).execute();
      const n = 500 + signUps++;
      const res = await signUp(ctx, meeting.publicId, generalBody(n), n);
      if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
      const token = res.json().data.guest_token as string;
      await makePaid();
      const guest = await ctx.db
        .selectFrom('guests')
        .select('id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('guests')
        .set({ unpaid: 1, mail_pending: 0 })
        .where('id', '=', guest.id)
        .execute();
      const reference = `T${randomBytes(5).toString('hex').toUpperCase()}`;
      const orderId = await insertOrder(ctx.db, {
        meeting_id: meeting.id,
        guest_id: guest.id,
        reference,
        currency: 'HKD',
        subtotal: total,
        total,
        discount_code_id: null,
        status: 'pending',
        hold_until: ctx.now() + holdMinutes * MINUTE,
        method: null,
        proof_file_id: null,
        created_at: ctx.now(),
        updated_at: ctx.now(),
        paid_at: null,
        closed_at: null,
      });
      return { guestId: guest.id, token, orderId, reference, total };
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
