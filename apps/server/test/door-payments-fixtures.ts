import { expect } from 'vitest';
import type { Currency, PaymentMethod } from '@meetflow/shared/schemas/payments';
import { insertOrder } from '../src/modules/payments/orders.repository.ts';
import type { TestContext } from './helpers.ts';
import { createMeeting, generalBody, signUp, type MeetingFixture } from './registration-fixtures.ts';

/*
 * A paid meeting's guests with orders awaiting payment, written directly: the transfer, FPS, proof
 * and desk tests need pending orders, not the paid sign-up that opens them (its own tests).
 */

export interface PendingGuest {
  id: number;
  code: string;
  token: string;
  orderId: number;
  reference: string;
}

/** A meeting charging in `currency`, offering `methods`, with its organisation's payment account. */
export async function createPaidMeeting(
  ctx: TestContext,
  organizationId: number,
  options: { currency?: Currency; methods?: PaymentMethod[]; transferNote?: string } = {},
): Promise<MeetingFixture> {
  const { currency = 'HKD', methods = ['transfer', 'fps', 'stripe', 'desk'], transferNote = '' } = options;
  const meeting = await createMeeting(ctx.db, organizationId);
  await ctx.db.updateTable('meetings').set({ currency }).where('id', '=', meeting.id).execute();
  await ctx.db
    .insertInto('meeting_payment_settings')
    .values({
      meeting_id: meeting.id,
      hold_minutes: 30,
      methods: JSON.stringify(methods),
      transfer_note: JSON.stringify({ 'zh-tw': transferNote, 'zh-cn': transferNote, en: transferNote }),
      updated_at: ctx.now(),
    })
    .execute();
  return meeting;
}

export async function setPaymentAccount(
  ctx: TestContext,
  organizationId: number,
  values: Partial<{
    fps_proxy_type: string;
    fps_proxy: string;
    merchant_name: string;
    merchant_city: string;
    bank_name: string;
    bank_account_name: string;
    bank_account_number: string;
  }>,
) {
  await ctx.db
    .insertInto('payment_accounts')
    .values({ organization_id: organizationId, updated_at: ctx.now(), ...values })
    .execute();
}

/** A guest signed up (as for a free meeting), then held unpaid with an order of `total` awaiting payment. */
export async function pendingGuest(
  ctx: TestContext,
  meeting: MeetingFixture,
  n: number,
  total: number,
  currency: Currency = 'HKD',
): Promise<PendingGuest> {
  const res = await signUp(ctx, meeting.publicId, generalBody(n), n);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { guest_token: string; guest: { guest_code: string } };
  const code = data.guest.guest_code;
  const guest = await ctx.db
    .selectFrom('guests')
    .select('id')
    .where('guest_code', '=', code)
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable('guests').set({ unpaid: 1 }).where('id', '=', guest.id).execute();
  const reference = `MF${String(n).padStart(6, '0')}`;
  const orderId = await insertOrder(ctx.db, {
    meeting_id: meeting.id,
    guest_id: guest.id,
    reference,
    currency,
    subtotal: total,
    total,
    discount_code_id: null,
    status: 'pending',
    hold_until: ctx.now() + 30 * 60_000,
    method: null,
    proof_file_id: null,
    created_at: ctx.now(),
    updated_at: ctx.now(),
    paid_at: null,
    closed_at: null,
  });
  return { id: Number(guest.id), code, token: data.guest_token, orderId, reference };
}
