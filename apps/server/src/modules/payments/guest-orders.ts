import type { Language, Localized } from '@meetflow/shared/languages';
import {
  receiptNumber,
  type Currency,
  type GuestOrder,
  type PayerBody,
} from '@meetflow/shared/schemas/payments';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secure-random.ts';
import * as tokens from '../registration/registration.reads.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { instructionsFor } from './providers/registry.ts';
import * as receipts from './receipts.repository.ts';

/*
 * The guest's own orders, by their guest token (X-Guest-Token). The token is looked up whether the
 * guest is live or cancelled: a guest whose unpaid order expired was cancelled with it, and still
 * reads "your order expired" (and a receipt, if any) rather than an invalid token. An erased guest's
 * token opens nothing. The answer carries the guest's own orders only: amounts, reference, status.
 */

async function tokenHolder(deps: Pick<PaymentsDeps, 'db'>, token: string | undefined) {
  if (!token || token.length > 128) throw new AppError('GUEST_TOKEN_INVALID');
  const guest = await tokens.tokenHolderAnyState(deps.db, sha256(token));
  if (!guest || guest.erased_at !== null) throw new AppError('GUEST_TOKEN_INVALID');
  return guest;
}

/**
 * Whose a guest token is, live or cancelled (not erased): GUEST_TOKEN_INVALID otherwise. The
 * receipts' download asks this, so every receipt the orders' list shows also opens.
 */
export async function orderHolderOf(
  deps: Pick<PaymentsDeps, 'db'>,
  token: string | undefined,
): Promise<{ guestId: number; meetingId: number }> {
  const guest = await tokenHolder(deps, token);
  return { guestId: guest.id, meetingId: guest.meeting_id };
}

function parseDescription(json: string): Localized {
  try {
    const text = JSON.parse(json) as Partial<Localized>;
    const tw = text['zh-tw'] ?? '';
    return { 'zh-tw': tw, 'zh-cn': text['zh-cn'] ?? tw, en: text.en ?? tw };
  } catch {
    return { 'zh-tw': '', 'zh-cn': '', en: '' };
  }
}

/** The guest's orders, newest first, each with its lines, receipts and (while pending) how to pay. */
export async function guestOrders(
  deps: PaymentsDeps,
  token: string | undefined,
  language: Language,
): Promise<GuestOrder[]> {
  const guest = await tokenHolder(deps, token);
  const rows = await orders.ordersOfGuest(deps.db, guest.id);
  // Only a pending order is paid; a cancelled guest's is never pending.
  return orderViews(deps, rows, guest.cancelled_at === null, language);
}

/**
 * Orders as the guest's page shows them, each with its lines, receipts and (while pending and
 * `payable`) how to pay; the group's page shows its order the same way (group-orders.ts).
 */
export async function orderViews(
  deps: PaymentsDeps,
  rows: orders.OrderRow[],
  payable: boolean,
  language: Language,
): Promise<GuestOrder[]> {
  const ids = rows.map((o) => o.id);
  const [lines, issued] = await Promise.all([
    orders.linesOf(deps.db, ids),
    receipts.receiptsOf(deps.db, ids),
  ]);
  return Promise.all(
    rows.map(async (order) => ({
      id: order.id,
      reference: order.reference,
      status: order.status,
      currency: order.currency as Currency,
      lines: lines
        .filter((l) => l.order_id === order.id)
        .map((l) => ({
          price_item_id: l.price_item_id,
          schedule_id: l.schedule_id,
          description: parseDescription(l.description),
          amount: l.amount,
          discount: l.discount,
          early_bird: l.early_bird === 1,
          ...(l.guest_id === null ? {} : { guest_id: l.guest_id }),
        })),
      subtotal: order.subtotal,
      discount_amount: order.discount_amount,
      total: order.total,
      refunded_amount: order.refunded_amount,
      hold_until: order.hold_until,
      payer_kind: order.payer_kind,
      payer_institution: order.payer_institution,
      methods: payable ? await instructionsFor(deps.db, order, language, deps.providers) : [],
      proof_uploaded: order.proof_file_id !== null,
      receipts: issued
        .filter((r) => r.order_id === order.id)
        .map((r) => ({
          id: r.id,
          kind: r.kind,
          number: receiptNumber(r.kind, r.year, r.number),
          amount: r.amount,
          issued_at: r.issued_at,
        })),
      created_at: order.created_at,
      paid_at: order.paid_at,
    })),
  );
}

/**
 * Who the receipt is made out to, changed by a live guest before paying (an institution needs its
 * name): NOT_FOUND for another guest's order, ORDER_NOT_PENDING once paid or closed.
 */
export async function updatePayer(
  deps: PaymentsDeps,
  token: string | undefined,
  orderId: number,
  body: PayerBody,
  ip: string,
  language: Language,
): Promise<GuestOrder> {
  const guest = await tokenHolder(deps, token);
  if (guest.cancelled_at !== null) throw new AppError('GUEST_TOKEN_INVALID');
  const kind = body.payer_kind;
  const institution = kind === 'institution' ? (body.payer_institution ?? '').trim() : '';
  if (kind === 'institution' && institution === '') {
    throw new AppError('VALIDATION_FAILED', { data: { fields: { payer_institution: 'nameRequired' } } });
  }
  await deps.db.transaction().execute(async (trx) => {
    const order = await orders.lockOrder(trx, orderId);
    if (!order || order.guest_id !== guest.id) throw new AppError('NOT_FOUND');
    if (order.status !== 'pending') throw new AppError('ORDER_NOT_PENDING');
    await orders.setOrderFields(trx, order.id, {
      payer_kind: kind,
      payer_institution: institution,
      now: deps.clock(),
    });
    await deps.systemLog.record(
      {
        action: 'update',
        source: 'public',
        message: { key: 'payments.payer_updated', params: { reference: order.reference, payer_kind: kind } },
        username: null,
        ip,
      },
      trx,
    );
  });
  const all = await guestOrders(deps, token, language);
  return all.find((o) => o.id === orderId)!;
}
