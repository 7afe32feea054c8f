import {
  formatAmount,
  receiptNumber,
  type RecordedMethod,
  type RefundResult,
} from '@meetflow/shared/schemas/payments';
import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as orderGuests from './order-guests.repository.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as payments from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { issueReceiptIn } from './receipts.ts';
import * as receipts from './receipts.repository.ts';

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

  let outcome: Outcome | undefined;
  const step = { order, actor, input, method, providerRef };
  const work = (mode: Mode) => async (trx: Db) => {
    outcome = await refundIn(deps, trx, step, mode);
  };

  // A group's order holds its attendees' seats too (decision 0106): they go with its payer guest.
  const andAttendees = (mode: Mode) => async (trx: Db) => {
    await work(mode)(trx);
    for (const guestId of await orderGuests.guestsOfOrder(trx, order)) {
      if (guestId !== order.guest_id) await deps.guests.cancelIn(trx, guestId, actor.user.auditName);
    }
  };
  let cancelled = false;
  const withGuest = async () => {
    try {
      await deps.cancelGuest(order.guest_id, actor.user.auditName, andAttendees('with_guest'));
      cancelled = true;
    } catch (error) {
      if (!(error instanceof AppError) || error.errorName !== 'NOT_FOUND') throw error;
      await db.transaction().execute(andAttendees('guest_gone'));
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

type Outcome = { status: RefundResult['status']; refunded: number; creditNote: RefundResult['credit_note'] };

/**
 * with_guest: in the guest core's cancellation, the guest goes with the order · order_only: the
 * guest stays (a partial refund); should it turn out full under the lock (another refund came
 * first), it starts again with the guest · guest_gone: the guest was cancelled before.
 */
type Mode = 'with_guest' | 'order_only' | 'guest_gone';

/** One refund's writes, in its transaction, under the order's lock. */
async function refundIn(
  deps: RefundsDeps,
  trx: Db,
  step: {
    order: orders.OrderRow;
    actor: Actor;
    input: RefundInput;
    method: RecordedMethod;
    providerRef: string | null;
  },
  mode: Mode,
): Promise<Outcome> {
  const { order, actor, input, method, providerRef } = step;
  const locked = await orders.lockOrder(trx, order.id);
  if (!locked) throw new AppError('NOT_FOUND');
  const rows = await payments.paymentsOf(trx, [order.id]);
  const paid = sum(rows.filter((r) => r.kind === 'payment'));
  const now = deps.clock();
  let paymentId = await payments.insertPayment(trx, {
    order_id: order.id,
    kind: 'refund',
    method,
    amount: input.amount,
    provider_ref: providerRef,
    user_id: actor.user.id,
    note: input.note,
    created_at: now,
  });
  // Stripe's report of this very refund came first (stripe-refunds.ts recorded it, with its credit
  // note): the refund stands, and what is left to do here is the order's state and the guest.
  const reported =
    paymentId === null && providerRef !== null
      ? rows.find((r) => r.kind === 'refund' && r.method === method && r.provider_ref === providerRef)
      : undefined;
  if (reported) paymentId = reported.id;
  // Another request refunded meanwhile: this one is refused and leaves nothing behind.
  else if (paymentId === null || !(await orders.addRefunded(trx, order.id, input.amount, paid, now)))
    throw new AppError('ORDER_NOT_REFUNDABLE');
  const refunded = locked.refunded_amount + (reported ? 0 : input.amount);
  let status = locked.status;
  if (refunded === paid) {
    if (mode === 'order_only') throw new GuestMustGo();
    if (status !== 'refunded')
      await orders.moveOrder(trx, order.id, [status], 'refunded', { now, closed_at: now });
    status = 'refunded';
  } else if (input.cancel && (CANCELLABLE as readonly string[]).includes(status)) {
    await orders.moveOrder(trx, order.id, [status], 'cancelled', { now, closed_at: now });
    status = 'cancelled';
  }
  const note = reported
    ? await receipts.receiptOfPayment(trx, paymentId!)
    : await issueReceiptIn(deps, trx, {
        orderId: order.id,
        paymentId: paymentId!,
        kind: 'credit_note',
        amount: input.amount,
        method,
      });
  if (!note) throw new AppError('NOT_FOUND');
  const number = 'year' in note ? receiptNumber('credit_note', note.year, note.number) : note.number;
  await recordRefund(deps, trx, actor, { ...order, status, refunded }, input.amount, method, number, {
    emit: !reported,
  });
  return {
    status,
    refunded,
    creditNote: { id: note.id, kind: 'credit_note', number, amount: input.amount, issued_at: now },
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
  } catch (error) {
    if (error instanceof AppError) throw error;
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
  options: { emit: boolean },
): Promise<void> {
  // Stripe's report that came first sent the event already.
  if (options.emit)
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
