import type { RecordedMethod } from '@meetflow/shared/schemas/payments';
import { formatAmount } from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { markGuestPaid, reinstateGuest } from '../guests/guest-rules.ts';
import * as orderGuests from './order-guests.repository.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as payments from './payments.repository.ts';
import * as pricing from './pricing.repository.ts';
import { issueReceiptIn } from './receipts.ts';

/** A payment told to us: by a provider's signed message, a statement line or a staff action. */
export interface PaymentInput {
  orderId: number;
  method: RecordedMethod;
  /** Minor units received. */
  amount: number;
  /** The provider's id of the payment (unique per method): the same payment told twice counts once. */
  providerRef: string | null;
  /** The staff member who recorded it; null for a provider or a statement. */
  userId: number | null;
  note?: string;
  /** For the audit entry: who (a staff member's audit name, or null for a provider) and from where. */
  auditName: string | null;
  ip: string | null;
}

/**
 * paid: the order is paid now · duplicate: this provider reference was recorded before (nothing
 * changed) · partial: recorded, the order still awaits the rest · late_seated: paid after its hold
 * expired and a seat was free · refund_due: paid after its hold expired with no seat (the organiser
 * refunds it) · extra: recorded on an order already paid or closed (the organiser refunds it).
 */
export type ConfirmOutcome = 'paid' | 'duplicate' | 'partial' | 'late_seated' | 'refund_due' | 'extra';

/**
 * Records a payment in the caller's transaction, under the order's row lock, and moves the order:
 * the one way every method (Stripe's webhook, a statement, the desk, a staff action) confirms.
 * Never called for a browser's return from a provider.
 */
export async function confirmPaymentIn(
  deps: PaymentsDeps,
  trx: Db,
  input: PaymentInput,
): Promise<ConfirmOutcome> {
  const order = await orders.lockOrder(trx, input.orderId);
  if (!order) throw new AppError('NOT_FOUND');
  const now = deps.clock();
  const paymentId = await payments.insertPayment(trx, {
    order_id: order.id,
    kind: 'payment',
    method: input.method,
    amount: input.amount,
    provider_ref: input.providerRef,
    user_id: input.userId,
    note: input.note ?? '',
    created_at: now,
  });
  if (paymentId === null) return 'duplicate';
  await issueReceiptIn(deps, trx, { orderId: order.id, paymentId, kind: 'receipt', amount: input.amount });
  let outcome = 'extra' as ConfirmOutcome;
  if (order.status === 'pending') {
    const paid = await paidSoFar(trx, order.id);
    if (paid < order.total) outcome = 'partial';
    else {
      await orders.moveOrder(trx, order.id, ['pending'], 'paid', { now, paid_at: now, method: input.method });
      // Every guest the order holds: a group's attendees all get their codes and mails (decision 0106).
      for (const guestId of await orderGuests.guestsOfOrder(trx, order)) {
        await markGuestPaid(trx, guestId, now, deps.mail?.confirmationColumns() ?? {});
      }
      outcome = 'paid';
    }
  } else if (order.status === 'expired' || order.status === 'cancelled') {
    outcome = await latePayment(deps, trx, order, input, now);
  }
  await deps.webhooks.emit(trx, {
    type: 'payment.received',
    meetingId: order.meeting_id,
    guestId: order.guest_id,
    data: {
      order_id: order.id,
      reference: order.reference,
      amount: input.amount,
      currency: order.currency,
      method: input.method,
      outcome,
    },
  });
  await deps.systemLog.record(
    {
      action: 'update',
      source: input.userId === null ? 'system' : 'admin',
      message: {
        key:
          outcome === 'refund_due' || outcome === 'late_seated'
            ? 'payments.payment_late'
            : 'payments.payment_received',
        params: {
          reference: order.reference,
          amount: `${order.currency} ${formatAmount(input.amount)}`,
          method: input.method,
          outcome,
        },
      },
      username: input.auditName,
      ip: input.ip,
    },
    trx,
  );
  return outcome;
}

async function paidSoFar(trx: Db, orderId: number): Promise<number> {
  const rows = await payments.paymentsOf(trx, [orderId]);
  return rows.reduce((sum, p) => sum + (p.kind === 'payment' ? p.amount : 0), 0);
}

/**
 * A payment for an order that is no longer pending: never silently lost. An order whose hold
 * expired, paid in full, is seated again when its meeting seat and its paid sessions' seats are
 * free (the guest core's reinstateGuest: the same conditional updates as a sign-up) and becomes
 * paid; otherwise — no seat, its discount code used up meanwhile, its phone number signed up again
 * (the person holds a seat already), part of the amount, an order the organiser cancelled (their
 * decision stands) or a group's order (decision 0106) — it becomes refund_due for the organiser.
 */
async function latePayment(
  deps: PaymentsDeps,
  trx: Db,
  order: orders.OrderRow,
  input: PaymentInput,
  now: number,
): Promise<ConfirmOutcome> {
  // A group's order (several guests) is not seated again piecemeal: its money is held for a refund.
  const alone = (await orderGuests.guestsOfOrder(trx, order)).length === 1;
  if (alone && order.status === 'expired' && (await paidSoFar(trx, order.id)) >= order.total) {
    const lines = await orders.linesOf(trx, [order.id]);
    const sessions = lines.flatMap((line) => (line.schedule_id === null ? [] : [line.schedule_id]));
    // The code's use given back at expiry is counted again, after the seats as at a sign-up. When
    // others used it up meanwhile the price paid is no longer offered: the seats are given back
    // and the money held for a refund, rather than seating a guest past the code's maximum.
    const codeId = order.discount_code_id;
    const takeCode = async () => codeId === null || (await pricing.useDiscountCode(trx, codeId));
    const seat = await reinstateGuest(trx, order.guest_id, sessions, now, { alsoTake: takeCode });
    if (seat === 'seated' || (seat === 'live' && (await takeCode()))) {
      await orders.moveOrder(trx, order.id, ['expired'], 'paid', { now, paid_at: now, method: input.method });
      await markGuestPaid(trx, order.guest_id, now, deps.mail?.confirmationColumns() ?? {});
      return 'late_seated';
    }
  }
  await orders.moveOrder(trx, order.id, ['expired', 'cancelled'], 'refund_due', {
    now,
    method: input.method,
  });
  return 'refund_due';
}
