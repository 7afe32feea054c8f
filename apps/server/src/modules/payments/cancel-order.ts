import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
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
 * order no longer awaited payment (paid, closed): nothing changed. The code's use is given back;
 * with `cancelGuest` the guest is cancelled through the guest core, whose seats go to the waiting
 * lists in this same transaction (not when the guest's own cancellation asks: it does that itself).
 */
export async function closeOrderIn(
  deps: PaymentsDeps,
  trx: Db,
  orderId: number,
  to: 'expired' | 'cancelled',
  by: ClosedBy,
  options: { cancelGuest: boolean },
): Promise<boolean> {
  const order = await orders.lockOrder(trx, orderId);
  if (!order || order.status !== 'pending') return false;
  const now = deps.clock();
  if (!(await orders.moveOrder(trx, order.id, ['pending'], to, { now, closed_at: now }))) return false;
  if (order.discount_code_id !== null) await pricing.releaseDiscountCode(trx, order.discount_code_id);
  if (options.cancelGuest) await deps.guests.cancelIn(trx, order.guest_id, by.auditName);
  await deps.webhooks.emit(trx, {
    type: to === 'expired' ? 'order.expired' : 'order.cancelled',
    meetingId: order.meeting_id,
    guestId: order.guest_id,
    data: {
      order_id: order.id,
      guest_id: order.guest_id,
      reference: order.reference,
      status: to,
      currency: order.currency,
      total: order.total,
    },
  });
  await deps.systemLog.record(
    {
      action: 'update',
      source: by.auditName === null ? 'system' : 'admin',
      message:
        to === 'expired'
          ? { key: 'payments.order_expired', params: { reference: order.reference } }
          : { key: 'payments.order_cancelled', params: { reference: order.reference } },
      username: by.auditName,
      ip: by.ip,
    },
    trx,
  );
  return true;
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
 * office's delete or their own withdrawal — has their pending orders cancelled first, in the same
 * transaction. Paid orders stay as they are: the organiser refunds them.
 */
export async function guestCancellingIn(deps: PaymentsDeps, trx: Db, guestId: number, actor: string) {
  for (const order of await orders.ordersOfGuest(trx, guestId)) {
    if (order.status !== 'pending') continue;
    await closeOrderIn(
      deps,
      trx,
      order.id,
      'cancelled',
      { auditName: actor, ip: null },
      { cancelGuest: false },
    );
  }
}
