import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatAmount } from '@meetflow/shared/schemas/payments';
import * as orderGuests from './order-guests.repository.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as payments from './payments.repository.ts';
import * as pricing from './pricing.repository.ts';

/** Who ends an order: a staff member (their audit name), or nobody (the hold's job). */
export interface ClosedBy {
  auditName: string | null;
  ip: string | null;
}

/**
 * Ends a pending order in the caller's transaction, its row locked first (a payment locks it too):
 * 'expired' (its hold ran out) or 'cancelled' (by the organiser, or with its guest). The move is
 * conditional, so of a payment and an expiry racing for one order exactly one wins; false when the
 * order no longer awaited payment (paid, closed): nothing changed. With `cancelGuest` the guest is
 * cancelled through the guest core, whose seats go to the waiting lists in this same transaction
 * (not when the guest's own cancellation asks: it does that itself). An order that has received
 * part of its amount becomes 'refund_due' instead, the same way: the money is held for the
 * organiser to refund. The code's use is given back last: every transaction takes the meeting's row
 * before a code's (a sign-up: seats, then its code).
 */
export async function closeOrderIn(
  deps: PaymentsDeps,
  trx: Db,
  orderId: number,
  to: 'expired' | 'cancelled',
  by: ClosedBy,
  options: { cancelGuest: boolean },
): Promise<boolean> {
  const closed = await moveToClosed(deps, trx, orderId, to);
  if (!closed) return false;
  if (options.cancelGuest) {
    // A group's order holds every attendee's seats: they all go (decision 0106).
    for (const guestId of await orderGuests.guestsOfOrder(trx, closed.order)) {
      await deps.guests.cancelIn(trx, guestId, by.auditName);
    }
  }
  await afterClosed(deps, trx, closed, to, by);
  return true;
}

/** A pending order just closed: what it became, and what it had received (minor units). */
interface Closed {
  order: orders.OrderRow;
  status: 'expired' | 'cancelled' | 'refund_due';
  received: number;
}

/**
 * The order locked and moved from pending; null when it was not pending. Money already received
 * (part of the amount: all of it would have paid the order) makes it refund_due, never expired or
 * cancelled, so the organiser sees it is owed back.
 */
async function moveToClosed(
  deps: PaymentsDeps,
  trx: Db,
  orderId: number,
  to: 'expired' | 'cancelled',
): Promise<Closed | null> {
  const order = await orders.lockOrder(trx, orderId);
  if (!order || order.status !== 'pending') return null;
  const now = deps.clock();
  const received = (await payments.paymentsOf(trx, [order.id])).reduce(
    (sum, p) => sum + (p.kind === 'payment' ? p.amount : 0),
    0,
  );
  const status = received > 0 ? 'refund_due' : to;
  const moved = await orders.moveOrder(trx, order.id, ['pending'], status, { now, closed_at: now });
  return moved ? { order, status, received } : null;
}

/** After the seats: the code's use given back, the webhook event and the audit entry. */
async function afterClosed(
  deps: PaymentsDeps,
  trx: Db,
  { order, status, received }: Closed,
  to: 'expired' | 'cancelled',
  by: ClosedBy,
) {
  if (order.discount_code_id !== null) await pricing.releaseDiscountCode(trx, order.discount_code_id);
  await deps.webhooks.emit(trx, {
    type: to === 'expired' ? 'order.expired' : 'order.cancelled',
    meetingId: order.meeting_id,
    guestId: order.guest_id,
    data: {
      order_id: order.id,
      guest_id: order.guest_id,
      reference: order.reference,
      status,
      currency: order.currency,
      total: order.total,
    },
  });
  await deps.systemLog.record(
    {
      action: 'update',
      source: by.auditName === null ? 'system' : 'admin',
      message:
        status === 'refund_due'
          ? {
              key: 'payments.order_refund_due',
              params: {
                reference: order.reference,
                amount: `${order.currency} ${formatAmount(received)}`,
              },
            }
          : to === 'expired'
            ? { key: 'payments.order_expired', params: { reference: order.reference } }
            : { key: 'payments.order_cancelled', params: { reference: order.reference } },
      username: by.auditName,
      ip: by.ip,
    },
    trx,
  );
}

/**
 * An organiser cancels a pending order (the route checks `payment:manage` and the meeting): the
 * order is cancelled and its guest with it, their seats to the waiting lists. ORDER_NOT_PENDING
 * when it was paid or closed meanwhile.
 */
export async function cancelOrder(deps: PaymentsDeps, orderId: number, by: ClosedBy): Promise<void> {
  const meetingId = await deps.db.transaction().execute(async (trx) => {
    const order = await orders.findOrder(trx, orderId);
    if (!order) throw new AppError('NOT_FOUND');
    if (!(await closeOrderIn(deps, trx, orderId, 'cancelled', by, { cancelGuest: true }))) {
      throw new AppError('ORDER_NOT_PENDING');
    }
    return order.meeting_id;
  });
  deps.onSignupsChanged?.(meetingId);
  deps.mail?.kick();
}

/**
 * The guest core's hook (guests module's `orders` port): a guest being cancelled — by the back
 * office's delete or their own withdrawal — has their pending orders locked and cancelled first, in
 * the same transaction; the answer finishes them once the guest's seats are released (see
 * closeOrderIn). Paid orders stay as they are: the organiser refunds them. An attendee of a group
 * whose order is pending is refused (GROUP_ORDER_UNPAID, decision 0106).
 */
export async function guestCancellingIn(
  deps: PaymentsDeps,
  trx: Db,
  guestId: number,
  actor: string,
): Promise<() => Promise<void>> {
  const closed: Closed[] = [];
  // Every order holding the guest is locked first, in id order — a paid one too, which a refund
  // made with this cancellation then changes — so no payment can take the guest's row before its order's.
  const theirs = (await orderGuests.ordersHoldingGuests(trx, [guestId]))
    .map((o) => o.id)
    .sort((a, b) => a - b);
  for (const id of theirs) {
    const locked = await orders.lockOrder(trx, id);
    // One attendee of a group whose order awaits payment is not cancelled alone: the order's total,
    // reference and payment instructions stay as quoted (decision 0106). Its whole order is
    // cancelled instead (the organiser), or the attendee after it is paid.
    if (locked?.status === 'pending' && (await orderGuests.guestsOfOrder(trx, locked)).length > 1) {
      throw new AppError('GROUP_ORDER_UNPAID');
    }
    const order = await moveToClosed(deps, trx, id, 'cancelled');
    if (order) closed.push(order);
  }
  return async () => {
    for (const order of closed) {
      await afterClosed(deps, trx, order, 'cancelled', { auditName: actor, ip: null });
    }
  };
}
