import { formatAmount } from '@meetflow/shared/schemas/payments';
import type { Db } from '../../../db/database.ts';
import * as orders from '../orders.repository.ts';
import type { PaymentsDeps } from '../payments-deps.ts';
import * as payments from '../payments.repository.ts';
import { issueReceiptIn } from '../receipts.ts';

const INTEGER_MAX = 2_147_483_647;

/**
 * Records, in the caller's transaction, a refund Stripe says it made (one made in Stripe's own
 * dashboard, or one this server asked for): once per Stripe refund id, whoever records it first
 * (the unique method and provider reference), with its credit note. The money has gone back, so
 * the refunded amount follows the rows; an order held for the organiser to refund (refund_due) is
 * closed as refunded once all it was paid has gone back. A paid order keeps its seat: cancelling
 * the guest is the organiser's decision, in the back office.
 */
export async function recordStripeRefundIn(
  deps: PaymentsDeps,
  trx: Db,
  input: { orderId: number; refundId: string; amount: number; ip: string | null },
): Promise<'recorded' | 'duplicate'> {
  const order = await orders.lockOrder(trx, input.orderId);
  if (!order) return 'duplicate';
  const now = deps.clock();
  const paymentId = await payments.insertPayment(trx, {
    order_id: order.id,
    kind: 'refund',
    method: 'stripe',
    amount: input.amount,
    provider_ref: input.refundId,
    user_id: null,
    note: '',
    created_at: now,
  });
  if (paymentId === null) return 'duplicate';
  // Stripe has given it back: the sum follows the rows, with no ceiling but the column's.
  await orders.addRefunded(trx, order.id, input.amount, INTEGER_MAX, now);
  await issueReceiptIn(deps, trx, {
    orderId: order.id,
    paymentId,
    kind: 'credit_note',
    amount: input.amount,
    method: 'stripe',
  });
  const rows = await payments.paymentsOf(trx, [order.id]);
  const paid = rows.reduce((sum, p) => sum + (p.kind === 'payment' ? p.amount : 0), 0);
  if (order.status === 'refund_due' && order.refunded_amount + input.amount >= paid)
    await orders.moveOrder(trx, order.id, ['refund_due'], 'refunded', { now, closed_at: now });
  const amount = `${order.currency} ${formatAmount(input.amount)}`;
  await deps.webhooks.emit(trx, {
    type: 'payment.refunded',
    meetingId: order.meeting_id,
    guestId: order.guest_id,
    data: {
      order_id: order.id,
      reference: order.reference,
      amount: input.amount,
      currency: order.currency,
      method: 'stripe',
    },
  });
  await deps.systemLog.record(
    {
      action: 'update',
      source: 'system',
      message: { key: 'payments.stripe_refund_recorded', params: { reference: order.reference, amount } },
      username: null,
      ip: input.ip,
    },
    trx,
  );
  return 'recorded';
}
