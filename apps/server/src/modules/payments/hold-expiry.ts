import type { JobHandler } from '../jobs/jobs.service.ts';
import { closeOrderIn } from './cancel-order.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { HOLD_EXPIRY_JOB } from './write-order.ts';

/**
 * The `payments.hold_expiry` job (enqueued with the order for its hold_until): a still-pending order
 * expires, its guest is cancelled through the guest core (the seats go to the waiting lists) and
 * the code's use is given back, in one transaction; one that received part of its amount becomes
 * refund_due instead (see closeOrderIn). An order paid or closed meanwhile is skipped; a
 * hold moved later waits for its new time. Two runners, or a payment racing it, change it once:
 * the order's row lock and its conditional move decide.
 */
export function createHoldExpiry(deps: PaymentsDeps): JobHandler {
  return async (job) => {
    const { order_id: orderId } = JSON.parse(job.payload) as { order_id: number };
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const order = await orders.lockOrder(trx, orderId);
      if (!order) return { skipped: 'order gone' };
      if (order.status !== 'pending') return { skipped: `order ${order.status}` };
      if (order.hold_until !== null && order.hold_until > deps.clock()) {
        // The hold was moved on: expire it then.
        await deps.jobs.enqueue(trx, {
          kind: HOLD_EXPIRY_JOB,
          key: `order:${order.id}:${order.hold_until}`,
          runAt: order.hold_until,
          meetingId: order.meeting_id,
          guestId: order.guest_id,
          payload: { order_id: order.id },
        });
        return { skipped: 'hold extended' };
      }
      await closeOrderIn(
        deps,
        trx,
        order.id,
        'expired',
        { auditName: null, ip: null },
        { cancelGuest: true },
      );
      return { meetingId: order.meeting_id, skipped: undefined };
    });
    if (outcome.skipped !== undefined) return { skipped: outcome.skipped };
    // Committed: the live figures changed, and a seat handed on may have queued a confirmation.
    deps.onSignupsChanged?.(outcome.meetingId!);
    deps.mail?.kick();
  };
}
