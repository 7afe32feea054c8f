import type { Db } from '../../db/database.ts';
import { ORDER_COLUMNS } from './orders.repository.ts';

/*
 * Which guests an order holds, and which orders hold a guest (decision 0106): a single sign-up's
 * order holds its guest alone; a group's order holds its payer guest and the attendees its lines name.
 */

/** The guests an order holds seats for, ascending. */
export async function guestsOfOrder(db: Db, order: { id: number; guest_id: number }): Promise<number[]> {
  const rows = await db
    .selectFrom('order_lines')
    .select('guest_id')
    .where('order_id', '=', order.id)
    .where('guest_id', 'is not', null)
    .execute();
  const ids = new Set([order.guest_id, ...rows.map((r) => r.guest_id!)]);
  return [...ids].sort((a, b) => a - b);
}

/** The orders holding any of these guests' seats, newest first: as payer, or named by a line. */
export function ordersHoldingGuests(db: Db, guestIds: readonly number[]) {
  if (guestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where((eb) =>
      eb.or([
        eb('guest_id', 'in', guestIds),
        eb(
          'id',
          'in',
          eb
            .selectFrom('order_lines')
            .select('order_lines.order_id')
            .where('order_lines.guest_id', 'in', guestIds),
        ),
      ]),
    )
    .orderBy('id', 'desc')
    .execute();
}
