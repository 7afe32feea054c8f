import type { Currency, DeskPaymentAnswer, DeskMethod } from '@meetflow/shared/schemas/payments';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConfirmOutcome, PaymentInput } from './confirm-payment.ts';
import * as door from './door.repository.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import type { Db } from '../../db/database.ts';

/**
 * At the door: a staff member with `payment:desk` takes cash or a card-terminal payment for the
 * scanned guest's order awaiting payment, the whole amount still due and nothing else. Under the
 * order's row lock the order is read again, so two desks taking the same guest's money at once
 * record one payment and the other is told the order is no longer pending. The one confirm path
 * (confirm-payment.ts) records the payment, its receipt and its audit entry and clears the guest's
 * `unpaid`: the next scan admits them. The door's meeting comes with the code: a guest of another
 * meeting the staff member also sees is refused (SCAN_OTHER_MEETING), as the scan refuses them.
 */
export async function takeDeskPayment(
  deps: PaymentsDeps,
  confirmIn: (trx: Db, input: PaymentInput) => Promise<ConfirmOutcome>,
  actor: { user: AuthUser; ip: string },
  body: { meeting_id: number; guest_code: string; method: DeskMethod; amount: number },
): Promise<DeskPaymentAnswer> {
  const { db } = deps;
  const found = await door.orderOfGuestCode(db, body.guest_code.trim());
  if (!found) throw new AppError('NOT_FOUND');
  // Another organisation's guest is not even confirmed to exist.
  await visibleMeeting(db, actor.user, found.meeting_id);
  if (found.meeting_id !== body.meeting_id) throw new AppError('SCAN_OTHER_MEETING');
  const outcome = await db.transaction().execute(async (trx) => {
    const order = await orders.lockOrder(trx, found.id);
    if (!order || order.status !== 'pending') throw new AppError('ORDER_NOT_PENDING');
    if (body.amount !== (await door.amountDue(trx, order))) throw new AppError('PAYMENT_AMOUNT_INVALID');
    return confirmIn(trx, {
      orderId: order.id,
      method: body.method,
      amount: body.amount,
      providerRef: null,
      userId: actor.user.id,
      note: '',
      auditName: actor.user.auditName,
      ip: actor.ip,
    });
  });
  // The confirmation mail with the guest code was queued in the transaction.
  deps.mail?.kick();
  return {
    order_id: found.id,
    reference: found.reference,
    currency: found.currency as Currency,
    amount: body.amount,
    outcome,
  };
}
