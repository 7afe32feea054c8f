import { formatAmount, type RecordedMethod, type RefundResult } from '@meetflow/shared/schemas/payments';
import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as payments from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { issueReceiptIn } from './receipts.ts';

export interface RefundsDeps extends PaymentsDeps {
  /**
   * The guest core's cancellation (the guests module's `cancel`): the guest's seats go back, to the
   * waiting lists first, and `alsoInTrx` runs in its transaction. NOT_FOUND when already cancelled.
   */
  cancelGuest(guestId: number, actor: string, alsoInTrx: (trx: Db) => Promise<void>): Promise<void>;
  /** How a recorded method gives money back through its provider (Stripe); undefined: by hand. */
  refundThrough(method: RecordedMethod): PaymentProvider['refund'] | undefined;
}

export interface RefundInput {
  /** Minor units; at most what was paid and not yet refunded. */
  amount: number;
  note: string;
  /** Also cancel the order, freeing its seats; a full refund always does. */
  cancel: boolean;
}

/** States a partial refund with `cancel` ends: a refund_due order has no seat and stays owed the rest. */
const CANCELLABLE = ['pending', 'paid'] as const;

/** A refund found full under the order's lock when it was begun as partial: the guest must go too. */
class GuestMustGo extends Error {}

const sum = (rows: { amount: number }[]) => rows.reduce((total, r) => total + r.amount, 0);

/**
 * A refund by the organiser (`payment:manage` within the user's organisations), full or partial, at
 * most what was paid less what was refunded: a `payments` row of kind 'refund', a credit note
 * (numbered without gaps, mailed), the order 'refunded' once nothing paid is left, and, with
 * `cancel` or a full refund, the order cancelled and its guest with it through the guest core,
 * which hands the seats to the waiting lists — all in one transaction. Money paid by Stripe goes back
 * through Stripe first (its refund id makes a retried request one refund); a transfer, FPS or cash
 * is only recorded: the organiser pays it back by hand.
 */
export async function refundOrder(
  deps: RefundsDeps,
  actor: Actor,
  orderId: number,
  input: RefundInput,
): Promise<RefundResult> {
  const { db } = deps;
  const order = await orders.findOrder(db, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  await visibleMeeting(db, actor.user, order.meeting_id);
  const rows = await payments.paymentsOf(db, [order.id]);
  const received = rows.filter((r) => r.kind === 'payment');
  const left = sum(received) - order.refunded_amount;
  if (input.amount > left) throw new AppError('ORDER_NOT_REFUNDABLE');
  // Paid back the way the last payment came in.
  const source = received.at(-1)!;
  const method = source.method as RecordedMethod;
  const providerRef = await throughProvider(deps, order, rows, method, input.amount);

  let outcome: { status: RefundResult['status']; refunded: number; creditNote: RefundResult['credit_note'] };
  /**
   * with_guest: in the guest core's cancellation, the guest goes with the order · order_only: the
   * guest stays (a partial refund); should it turn out full under the lock (another refund came
   * first), it starts again with the guest · guest_gone: the guest was cancelled before.
   */
  const work = (mode: 'with_guest' | 'order_only' | 'guest_gone') => async (trx: Db) => {
    const locked = await orders.lockOrder(trx, order.id);
    if (!locked) throw new AppError('NOT_FOUND');
    const paid = sum((await payments.paymentsOf(trx, [order.id])).filter((r) => r.kind === 'payment'));
    const now = deps.clock();
    const paymentId = await payments.insertPayment(trx, {
      order_id: order.id,
      kind: 'refund',
      method,
      amount: input.amount,
      provider_ref: providerRef,
      user_id: actor.user.id,
      note: input.note,
      created_at: now,
    });
    // Another request refunded meanwhile: this one is refused and leaves nothing behind.
    if (paymentId === null || !(await orders.addRefunded(trx, order.id, input.amount, paid, now)))
      throw new AppError('ORDER_NOT_REFUNDABLE');
    const refunded = locked.refunded_amount + input.amount;
    let status = locked.status;
    if (refunded === paid) {
      if (mode === 'order_only') throw new GuestMustGo();
      await orders.moveOrder(trx, order.id, [status], 'refunded', { now, closed_at: now });
      status = 'refunded';
    } else if (input.cancel && (CANCELLABLE as readonly string[]).includes(status)) {
      await orders.moveOrder(trx, order.id, [status], 'cancelled', { now, closed_at: now });
      status = 'cancelled';
    }
    const note = await issueReceiptIn(deps, trx, {
      orderId: order.id,
      paymentId,
      kind: 'credit_note',
      amount: input.amount,
      method,
    });
    outcome = {
      status,
      refunded,
      creditNote: {
        id: note.id,
        kind: 'credit_note',
        number: note.number,
        amount: input.amount,
        issued_at: now,
      },
    };
    await recordRefund(deps, trx, actor, { ...order, status, refunded }, input.amount, method, note.number);
  };

  let cancelled = false;
  const withGuest = async () => {
    try {
      await deps.cancelGuest(order.guest_id, actor.user.auditName, work('with_guest'));
      cancelled = true;
    } catch (error) {
      if (!(error instanceof AppError) || error.errorName !== 'NOT_FOUND') throw error;
      await db.transaction().execute(work('guest_gone'));
    }
  };
  if (input.cancel || input.amount === left) await withGuest();
  else {
    try {
      await db.transaction().execute(work('order_only'));
    } catch (error) {
      if (!(error instanceof GuestMustGo)) throw error;
      await withGuest();
    }
  }
  deps.mail?.kick();
  const done = outcome!;
  return {
    order_id: order.id,
    status: done.status,
    refunded_amount: done.refunded,
    credit_note: done.creditNote,
    cancelled,
    through_provider: providerRef !== null,
  };
}

/**
 * Gives the money back through the provider of the method that took it, when it has a refund and
 * took at least this much (less what it already gave back); null: recorded only. The idempotency
 * key names the order's refunded amount before this refund, so a retried request is one refund.
 */
async function throughProvider(
  deps: RefundsDeps,
  order: orders.OrderRow,
  rows: payments.PaymentRowDb[],
  method: RecordedMethod,
  amount: number,
): Promise<string | null> {
  const refund = deps.refundThrough(method);
  const taken = rows.filter((r) => r.method === method && r.kind === 'payment' && r.provider_ref);
  const source = taken.at(-1);
  if (!refund || !source) return null;
  const givenBack = sum(rows.filter((r) => r.method === method && r.kind === 'refund'));
  if (amount > sum(taken) - givenBack) return null;
  try {
    const done = await refund(
      { provider_ref: source.provider_ref, amount: source.amount },
      amount,
      `refund:${order.id}:${order.refunded_amount}:${amount}`,
    );
    return done.providerRef;
  } catch {
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }
}

/** The webhook event and the audit entry of one refund, in its transaction. */
async function recordRefund(
  deps: RefundsDeps,
  trx: Db,
  actor: Actor,
  order: Pick<orders.OrderRow, 'id' | 'meeting_id' | 'guest_id' | 'reference' | 'currency'> & {
    status: string;
    refunded: number;
  },
  amount: number,
  method: RecordedMethod,
  creditNote: string,
): Promise<void> {
  await deps.webhooks.emit(trx, {
    type: 'payment.refunded',
    meetingId: order.meeting_id,
    guestId: order.guest_id,
    data: {
      order_id: order.id,
      reference: order.reference,
      amount,
      currency: order.currency,
      method,
      refunded_amount: order.refunded,
      status: order.status,
      credit_note: creditNote,
    },
  });
  await deps.systemLog.record(
    {
      action: 'update',
      source: 'admin',
      message: {
        key: 'payments.refunded',
        params: { reference: order.reference, amount: `${order.currency} ${formatAmount(amount)}` },
      },
      username: actor.user.auditName,
      ip: actor.ip,
    },
    trx,
  );
}
