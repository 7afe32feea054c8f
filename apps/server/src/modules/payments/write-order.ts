import { randomInt } from 'node:crypto';
import type { Insertable } from 'kysely';
import { formatAmount } from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { localDateTimeText } from '../../lib/local-time.ts';
import * as orders from './orders.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/** The job that ends an unpaid order's hold (hold-expiry.ts). */
export const HOLD_EXPIRY_JOB = 'payments.hold_expiry';

/** Reference characters: no 0/O, 1/I/L look-alikes; 31^8 ≈ 8.5·10^11 references. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A payment reference the guest quotes on a transfer: 'MF' and 8 characters. */
export function newReference(): string {
  let reference = 'MF';
  for (let i = 0; i < 8; i++) reference += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return reference;
}

type OrderValues = Omit<Insertable<Database['orders']>, 'reference'> & {
  guest_id: number;
  meeting_id: number;
  currency: string;
  status: 'pending' | 'paid';
  subtotal: number;
  discount_amount: number;
  total: number;
  hold_until: number | null;
};

export interface OrderLineValues {
  price_item_id: number;
  schedule_id: number | null;
  description: unknown;
  amount: number;
  discount: number;
  early_bird: boolean;
  /** The attendee the line is for, in a group's order (decision 0106). */
  guest_id?: number;
}

/**
 * Writes an opened order in its cause's transaction, the one way a single sign-up's and a group's
 * order are written: a fresh reference (drawn again on the rare clash), its lines, the hold's expiry
 * job, the `order.created` event (with `extra` data) and the audit entry. `ip` null: a seat the
 * waiting list gave (no visitor).
 */
export async function writeOrderIn(
  deps: PaymentsDeps,
  trx: Db,
  values: OrderValues,
  lines: readonly OrderLineValues[],
  ip: string | null,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; reference: string }> {
  let reference = newReference();
  let id = await orders.insertOrderIfNewReference(trx, { ...values, reference });
  // A drawn reference another order has: draw again (one in ~10^6 at a million orders).
  for (let tries = 0; id === null && tries < 5; tries++) {
    reference = newReference();
    id = await orders.insertOrderIfNewReference(trx, { ...values, reference });
  }
  if (id === null) throw new Error('no free order reference after six draws');
  const orderId = id;
  await orders.insertLines(
    trx,
    lines.map((line) => ({
      order_id: orderId,
      price_item_id: line.price_item_id,
      schedule_id: line.schedule_id,
      description: JSON.stringify(line.description),
      amount: line.amount,
      discount: line.discount,
      early_bird: line.early_bird ? 1 : 0,
      ...(line.guest_id === undefined ? {} : { guest_id: line.guest_id }),
    })),
  );
  const holdUntil = values.hold_until;
  if (holdUntil !== null) {
    await deps.jobs.enqueue(trx, {
      kind: HOLD_EXPIRY_JOB,
      key: `order:${orderId}`,
      runAt: holdUntil,
      meetingId: values.meeting_id,
      guestId: values.guest_id,
      payload: { order_id: orderId },
    });
  }
  await deps.webhooks.emit(trx, {
    type: 'order.created',
    meetingId: values.meeting_id,
    guestId: values.guest_id,
    data: {
      order_id: orderId,
      guest_id: values.guest_id,
      ...extra,
      reference,
      status: values.status,
      currency: values.currency,
      subtotal: values.subtotal,
      discount_amount: values.discount_amount,
      total: values.total,
      hold_until: holdUntil,
    },
  });
  await deps.systemLog.record(
    {
      action: 'create',
      source: ip === null ? 'system' : 'public',
      message: {
        key: 'payments.order_created',
        params: {
          guest_id: values.guest_id,
          reference,
          amount: `${values.currency} ${formatAmount(values.total)}`,
          hold_until: holdUntil === null ? '-' : localDateTimeText(holdUntil),
        },
      },
      username: null,
      ip,
    },
    trx,
  );
  return { id: orderId, reference };
}
