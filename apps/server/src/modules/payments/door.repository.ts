import type { Db } from '../../db/database.ts';
import * as payments from './payments.repository.ts';

/*
 * What the door and the desk ask of the orders: a guest's order awaiting payment with what is still
 * due, found by the guest or by the code scanned (one statement joining the guest), and the proofs
 * of payment the stored files' sweep must keep.
 */

const DOOR_COLUMNS = [
  'orders.id',
  'orders.meeting_id',
  'orders.guest_id',
  'orders.reference',
  'orders.currency',
  'orders.total',
  'orders.status',
] as const;

/** The guest's latest order awaiting payment (theirs, or their group's), or undefined. */
export function pendingOrderOfGuest(db: Db, guestId: number) {
  return db
    .selectFrom('orders')
    .select(DOOR_COLUMNS)
    .where((eb) =>
      eb.or([
        eb('orders.guest_id', '=', guestId),
        eb(
          'orders.id',
          'in',
          eb
            .selectFrom('order_lines')
            .select('order_lines.order_id')
            .where('order_lines.guest_id', '=', guestId),
        ),
      ]),
    )
    .where('orders.status', '=', 'pending')
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();
}

/**
 * The order of the guest with this code (theirs, or their group's: decision 0106), the one awaiting
 * payment first, else their latest.
 */
export function orderOfGuestCode(db: Db, guestCode: string) {
  return db
    .selectFrom('orders')
    .innerJoin('guests', (join) =>
      join.on((eb) =>
        eb.or([
          eb('guests.id', '=', eb.ref('orders.guest_id')),
          eb.exists(
            eb
              .selectFrom('order_lines')
              .select('order_lines.id')
              .whereRef('order_lines.order_id', '=', 'orders.id')
              .whereRef('order_lines.guest_id', '=', 'guests.id'),
          ),
        ]),
      ),
    )
    .select(DOOR_COLUMNS)
    .where('guests.guest_code', '=', guestCode)
    .where('guests.cancelled_at', 'is', null)
    .orderBy((eb) => eb.case().when('orders.status', '=', 'pending').then(0).else(1).end())
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();
}

/** What is still due on an order: its total less the payments recorded (never below 0). */
export async function amountDue(db: Db, order: { id: number; total: number }): Promise<number> {
  const rows = await payments.paymentsOf(db, [order.id]);
  const paid = rows.reduce((sum, p) => sum + (p.kind === 'payment' ? p.amount : 0), 0);
  return Math.max(0, order.total - paid);
}

/** Of these stored files, those an order names as its proof of payment. */
export async function proofFilesAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('orders')
    .select('proof_file_id')
    .where('proof_file_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.proof_file_id).filter((id): id is string => id !== null));
}
