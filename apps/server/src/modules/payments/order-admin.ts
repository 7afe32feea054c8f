import type { Localized } from '@meetflow/shared/languages';
import {
  receiptNumber,
  type Currency,
  type markPaidBody,
  type MarkPaidResult,
  type OrderDetail,
  type orderListQuery,
  type OrderPage,
  type OrderRow,
  type RecordedMethod,
} from '@meetflow/shared/schemas/payments';
import type { z } from 'zod';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConfirmOutcome, PaymentInput } from './confirm-payment.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { paymentsOf } from './payments.repository.ts';
import { receiptsOf } from './receipts.repository.ts';

/*
 * The back office's orders (issue 44): a meeting's list with its filters, one order in full, and
 * marking an order paid by hand (a transfer or FPS seen in the bank, cash) through the one confirm
 * path. Every read starts at the meeting's access rule (404 outside the user's subtree).
 */

type Confirm = (trx: Db, input: PaymentInput) => Promise<ConfirmOutcome>;
export type OrderAdminDeps = Pick<PaymentsDeps, 'db' | 'mail'> & { confirmIn: Confirm };

/** The states a payment recorded by hand may arrive in: awaiting it, or closed before it came. */
const PAYABLE: readonly orders.OrderStatus[] = ['pending', 'expired', 'cancelled'];

type OrderRowDb = NonNullable<Awaited<ReturnType<typeof orders.findOrderRow>>>;

/** The guest's name as the back office shows it: the general form's, else the Chinese or English one. */
export function guestNameOf(row: {
  guest_name: string;
  guest_name_zh: string;
  guest_name_en: string;
  payer_name: string;
}): string {
  return row.guest_name || row.guest_name_zh || row.guest_name_en || row.payer_name;
}

export function toOrderRow(row: OrderRowDb): OrderRow {
  return {
    id: row.id,
    reference: row.reference,
    guest_id: row.guest_id,
    guest_name: guestNameOf(row),
    status: row.status,
    currency: row.currency as Currency,
    total: row.total,
    paid_amount: row.paid_amount,
    refunded_amount: row.refunded_amount,
    method: row.method,
    discount_code: row.discount_code,
    proof_uploaded: row.proof_file_id !== null,
    hold_until: row.hold_until,
    created_at: row.created_at,
    paid_at: row.paid_at,
  };
}

function localized(json: string): Localized {
  const empty = { 'zh-tw': '', 'zh-cn': '', en: '' };
  try {
    return { ...empty, ...(JSON.parse(json) as Partial<Localized>) };
  } catch {
    return empty;
  }
}

export function createOrderAdmin(deps: OrderAdminDeps) {
  const { db } = deps;

  /** The order with its meeting, when the user may see that meeting; 404 otherwise. */
  async function visibleOrder(user: AuthUser, orderId: number) {
    const row = await orders.findOrderRow(db, orderId);
    if (!row) throw new AppError('NOT_FOUND');
    const meeting = await visibleMeeting(db, user, row.meeting_id);
    return { row, meeting };
  }

  async function detailOf(row: OrderRowDb): Promise<OrderDetail> {
    const [lines, payments, receipts] = await Promise.all([
      orders.linesOf(db, [row.id]),
      paymentsOf(db, [row.id]),
      receiptsOf(db, [row.id]),
    ]);
    return {
      ...toOrderRow(row),
      subtotal: row.subtotal,
      discount_amount: row.discount_amount,
      payer_kind: row.payer_kind,
      payer_institution: row.payer_institution,
      lines: lines.map((l) => ({
        price_item_id: l.price_item_id,
        schedule_id: l.schedule_id,
        description: localized(l.description),
        amount: l.amount,
        discount: l.discount,
        early_bird: l.early_bird === 1,
      })),
      payments: payments.map((p) => ({
        id: p.id,
        kind: p.kind,
        method: p.method as RecordedMethod,
        amount: p.amount,
        note: p.note,
        recorded_by: p.recorded_by ?? null,
        created_at: p.created_at,
      })),
      receipts: receipts.map((r) => ({
        id: r.id,
        kind: r.kind,
        number: receiptNumber(r.kind, r.year, r.number),
        amount: r.amount,
        issued_at: r.issued_at,
      })),
    };
  }

  return {
    visibleOrder,

    async list(
      user: AuthUser,
      meetingId: number,
      query: z.output<typeof orderListQuery>,
    ): Promise<OrderPage> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const { rows, total } = await orders.listOrders(db, meeting.id, {
        ...(query.status ? { status: query.status } : {}),
        ...(query.keyword ? { keyword: query.keyword } : {}),
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      });
      return { items: rows.map(toOrderRow), total, page: query.page, page_size: query.page_size };
    },

    async detail(user: AuthUser, orderId: number): Promise<OrderDetail> {
      const { row } = await visibleOrder(user, orderId);
      return detailOf(row);
    },

    /**
     * Records a payment seen outside the system (a transfer, FPS, cash, a card terminal) by a staff
     * member: one confirm, in one transaction, with the receipt; the guest's code follows once paid.
     */
    async markPaid(
      { user, ip }: Actor,
      orderId: number,
      body: z.output<typeof markPaidBody>,
    ): Promise<MarkPaidResult> {
      const { row } = await visibleOrder(user, orderId);
      if (!PAYABLE.includes(row.status)) throw new AppError('ORDER_NOT_PENDING');
      if (body.amount <= 0) throw new AppError('PAYMENT_AMOUNT_INVALID');
      const outcome: ConfirmOutcome = await db.transaction().execute((trx) =>
        deps.confirmIn(trx, {
          orderId: row.id,
          method: body.method,
          amount: body.amount,
          providerRef: null,
          userId: user.id,
          note: body.note,
          auditName: user.auditName,
          ip,
        }),
      );
      if (outcome === 'paid' || outcome === 'late_seated') deps.mail?.kick();
      const after = await orders.findOrderRow(db, row.id);
      return { outcome, order: await detailOf(after!) };
    },
  };
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;
