import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/*
 * Payments and refunds: rows, never sums kept elsewhere. A provider's reference is unique per
 * method, so a payment told twice (a redelivered webhook, a statement imported twice) is one row.
 */

export type PaymentRowDb = Awaited<ReturnType<typeof paymentsOf>>[number];

/** The new payment's id, or null when this provider reference was recorded before. */
export async function insertPayment(
  trx: Db,
  values: Insertable<Database['payments']>,
): Promise<number | null> {
  const row = await trx
    .insertInto('payments')
    .values(values)
    .onConflict((oc) => oc.columns(['method', 'provider_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function paymentsOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .select([
      'payments.id',
      'payments.order_id',
      'payments.kind',
      'payments.method',
      'payments.amount',
      'payments.provider_ref',
      'payments.note',
      'payments.created_at',
      'users.name as recorded_by',
    ])
    .where('payments.order_id', 'in', orderIds)
    .orderBy('payments.id')
    .execute();
}

/**
 * A meeting's payments and refunds for the accountant's export, oldest first, in keyset batches
 * after `afterId`: with the order, the guest, the receipt or credit note and who recorded it.
 */
export function paymentsForExport(db: Db, meetingId: number, afterId: number, limit: number) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .innerJoin('guests', 'guests.id', 'orders.guest_id')
    .leftJoin('receipts', 'receipts.payment_id', 'payments.id')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .select([
      'payments.id',
      'payments.kind',
      'payments.method',
      'payments.amount',
      'payments.created_at',
      'orders.reference',
      'orders.currency',
      'orders.payer_kind',
      'orders.payer_name',
      'orders.payer_institution',
      'guests.name',
      'guests.name_zh',
      'guests.name_en',
      'guests.institution',
      'guests.organization',
      'receipts.kind as receipt_kind',
      'receipts.year as receipt_year',
      'receipts.number as receipt_number',
      'users.name as recorded_by',
    ])
    .where('orders.meeting_id', '=', meetingId)
    .where('payments.id', '>', afterId)
    .orderBy('payments.id')
    .limit(limit)
    .execute();
}
export type ExportPaymentRow = Awaited<ReturnType<typeof paymentsForExport>>[number];
