import type { Insertable, Updateable } from 'kysely';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/*
 * Orders and their lines. An order's status moves only by a conditional UPDATE from the states it
 * may leave (`moveOrder`): two instances confirming and expiring one order at once see exactly one
 * of them win, and the loser reads the order again.
 */

export type OrderStatus = Database['orders']['status'];

const ORDER_COLUMNS = [
  'id',
  'meeting_id',
  'guest_id',
  'reference',
  'currency',
  'subtotal',
  'discount_amount',
  'total',
  'discount_code_id',
  'status',
  'hold_until',
  'method',
  'payer_kind',
  'payer_name',
  'payer_institution',
  'proof_file_id',
  'refunded_amount',
  'created_at',
  'updated_at',
  'paid_at',
  'closed_at',
] as const;
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export async function insertOrder(trx: Db, values: Insertable<Database['orders']>): Promise<number> {
  const row = await trx.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLines(trx: Db, lines: Insertable<Database['order_lines']>[]): Promise<void> {
  if (lines.length > 0) await trx.insertInto('order_lines').values(lines).execute();
}

export function findOrder(db: Db, id: number) {
  return db.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The order read under its row lock on PostgreSQL (SQLite has one writer). */
export function lockOrder(trx: Db, id: number) {
  let query = trx.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function findOrderByReference(db: Db, reference: string) {
  return db.selectFrom('orders').select(ORDER_COLUMNS).where('reference', '=', reference).executeTakeFirst();
}

export function ordersOfGuest(db: Db, guestId: number) {
  return db
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('guest_id', '=', guestId)
    .orderBy('id', 'desc')
    .execute();
}

export function linesOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .select(['order_id', 'price_item_id', 'schedule_id', 'description', 'amount', 'discount', 'early_bird'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

/**
 * Moves an order from one of `from` to `to` with the columns given; false when it was in none of
 * them (another change won).
 */
export async function moveOrder(
  trx: Db,
  id: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  set: Partial<Pick<Database['orders'], 'paid_at' | 'closed_at' | 'method' | 'hold_until'>> & { now: number },
): Promise<boolean> {
  const { now, ...columns } = set;
  const result = await trx
    .updateTable('orders')
    .set({ ...columns, status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds a refund to the order's refunded amount, never past what was paid (false otherwise). */
export async function addRefunded(trx: Db, id: number, amount: number, paid: number, now: number) {
  const result = await trx
    .updateTable('orders')
    .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount), updated_at: now }))
    .where('id', '=', id)
    .where((eb) => eb(eb('refunded_amount', '+', amount), '<=', paid))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setOrderFields(
  trx: Db,
  id: number,
  set: Partial<
    Pick<Updateable<Database['orders']>, 'method' | 'proof_file_id' | 'payer_kind' | 'payer_institution'>
  > & {
    now: number;
  },
): Promise<void> {
  const { now, ...columns } = set;
  await trx
    .updateTable('orders')
    .set({ ...columns, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Whether the meeting has any order, whatever its state (its currency is then fixed). */
export async function meetingHasOrders(db: Db, meetingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The prices among `priceItemIds` that an order line names (they can be retired, not changed). */
export async function pricesNamedByOrders(db: Db, priceItemIds: readonly number[]): Promise<Set<number>> {
  if (priceItemIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('order_lines')
    .select('price_item_id')
    .distinct()
    .where('price_item_id', 'in', priceItemIds)
    .execute();
  return new Set(rows.map((r) => Number(r.price_item_id)));
}

/** Whether an order names the discount code (it can be disabled, not deleted). */
export async function discountCodeNamedByOrders(db: Db, discountCodeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('discount_code_id', '=', discountCodeId)
    .executeTakeFirst();
  return row !== undefined;
}
