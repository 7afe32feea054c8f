import type { Insertable, Updateable } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, lowerLike } from '../../lib/like.ts';

/*
 * Orders and their lines. An order's status moves only by a conditional UPDATE from the states it
 * may leave (`moveOrder`): two instances confirming and expiring one order at once see exactly one
 * of them win, and the loser reads the order again.
 */

export type OrderStatus = Database['orders']['status'];

export const ORDER_COLUMNS = [
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

/**
 * The order under a reference no other order has: null when the reference is taken (the caller
 * draws another). No error aborts the caller's transaction on PostgreSQL.
 */
export async function insertOrderIfNewReference(
  trx: Db,
  values: Insertable<Database['orders']>,
): Promise<number | null> {
  const row = await trx
    .insertInto('orders')
    .values(values)
    .onConflict((oc) => oc.column('reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
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
    .select([
      'order_id',
      'price_item_id',
      'schedule_id',
      'description',
      'amount',
      'discount',
      'early_bird',
      'guest_id',
    ])
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
  options: { whenStatus?: OrderStatus } = {},
): Promise<boolean> {
  const { now, ...columns } = set;
  let query = trx
    .updateTable('orders')
    .set({ ...columns, updated_at: now })
    .where('id', '=', id);
  // Conditional: a change meant for an order in this state never lands on one moved meanwhile.
  if (options.whenStatus) query = query.where('status', '=', options.whenStatus);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface OrderListFilter {
  status?: OrderStatus;
  /** Part of the reference, the payer's name (the guest's display name at order time) or the guest's names. */
  keyword?: string;
  offset: number;
  limit: number;
}

/**
 * A meeting's orders, newest first, with the guest's names (the caller forms the display name),
 * the code used, what was paid (payments minus nothing: refunds are `refunded_amount`) and the
 * count of all that match. Keyword: part of the reference, the payer's name or the guest's names.
 */
export async function listOrders(db: Db, meetingId: number, filter: OrderListFilter) {
  let query = db
    .selectFrom('orders')
    .innerJoin('guests', 'guests.id', 'orders.guest_id')
    .where('orders.meeting_id', '=', meetingId);
  if (filter.status) query = query.where('orders.status', '=', filter.status);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) =>
      eb.or([
        lowerLike('orders.reference', pattern),
        lowerLike('orders.payer_name', pattern),
        lowerLike('guests.name', pattern),
        lowerLike('guests.name_zh', pattern),
        lowerLike('guests.name_en', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .leftJoin('discount_codes', 'discount_codes.id', 'orders.discount_code_id')
      .select(ORDER_COLUMNS.map((column) => `orders.${column}` as const))
      .select([
        'guests.name as guest_name',
        'guests.name_zh as guest_name_zh',
        'guests.name_en as guest_name_en',
        'discount_codes.code as discount_code',
        (eb) =>
          eb
            .selectFrom('payments')
            .select(sql<number>`coalesce(sum(payments.amount), 0)`.as('paid'))
            .whereRef('payments.order_id', '=', 'orders.id')
            .where('payments.kind', '=', 'payment')
            .as('paid_amount'),
      ])
      .orderBy('orders.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, paid_amount: Number(row.paid_amount ?? 0) })),
    total: Number(count.n),
  };
}

/**
 * Revenue per currency over these meetings: paid (payments received), refunded, pending (the
 * totals of orders awaiting payment), and the orders paid and pending. Amounts as integers.
 */
export async function revenueOf(db: Db, meetingIds: readonly number[]) {
  if (meetingIds.length === 0) return [];
  const [orderSums, moneySums] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        'currency',
        sql<number>`coalesce(sum(case when status = 'pending' then total else 0 end), 0)`.as('pending'),
        sql<number>`sum(case when status = 'paid' then 1 else 0 end)`.as('orders_paid'),
        sql<number>`sum(case when status = 'pending' then 1 else 0 end)`.as('orders_pending'),
        sql<number>`coalesce(sum(refunded_amount), 0)`.as('refunded'),
      ])
      .where('meeting_id', 'in', meetingIds)
      .groupBy('currency')
      .execute(),
    db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select(['orders.currency', sql<number>`coalesce(sum(payments.amount), 0)`.as('paid')])
      .where('orders.meeting_id', 'in', meetingIds)
      .where('payments.kind', '=', 'payment')
      .groupBy('orders.currency')
      .execute(),
  ]);
  return orderSums
    .map((row) => ({
      currency: row.currency,
      paid: Number(moneySums.find((m) => m.currency === row.currency)?.paid ?? 0),
      refunded: Number(row.refunded),
      pending: Number(row.pending),
      orders_paid: Number(row.orders_paid),
      orders_pending: Number(row.orders_pending),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
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

/**
 * An erasure's part in orders (payments.writes.ts): the payer's names of a meeting's orders, or of
 * one guest's, go; references, amounts and states stay for the accounts. Answers the orders' ids.
 */
export async function erasePayerNames(trx: Db, meetingId: number, guestId?: number): Promise<number[]> {
  await trx
    .updateTable('orders')
    .set({ payer_name: '', payer_institution: '' })
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .where((eb) => eb.or([eb('payer_name', '<>', ''), eb('payer_institution', '<>', '')]))
    .execute();
  const rows = await trx
    .selectFrom('orders')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .execute();
  return rows.map((r) => r.id);
}

// ——— The back office's order, statement matching and revenue scope (order-admin.ts, statement-import.ts, revenue.ts) ———

/** One order as `listOrders` gives its rows: the guest's names, the code used, what was paid. */
export async function findOrderRow(db: Db, id: number) {
  const row = await db
    .selectFrom('orders')
    .innerJoin('guests', 'guests.id', 'orders.guest_id')
    .leftJoin('discount_codes', 'discount_codes.id', 'orders.discount_code_id')
    .select(ORDER_COLUMNS.map((column) => `orders.${column}` as const))
    .select([
      'guests.name as guest_name',
      'guests.name_zh as guest_name_zh',
      'guests.name_en as guest_name_en',
      'discount_codes.code as discount_code',
      (eb) =>
        eb
          .selectFrom('payments')
          .select(sql<number>`coalesce(sum(payments.amount), 0)`.as('paid'))
          .whereRef('payments.order_id', '=', 'orders.id')
          .where('payments.kind', '=', 'payment')
          .as('paid_amount'),
    ])
    .where('orders.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, paid_amount: Number(row.paid_amount ?? 0) };
}

/** A meeting's orders with the guest's names: what a bank statement's lines are matched against. */
export function ordersForMatching(db: Db, meetingId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('guests', 'guests.id', 'orders.guest_id')
    .select([
      'orders.id',
      'orders.reference',
      'orders.total',
      'orders.status',
      'orders.payer_name',
      'guests.name as guest_name',
      'guests.name_zh as guest_name_zh',
      'guests.name_en as guest_name_en',
    ])
    .where('orders.meeting_id', '=', meetingId)
    .execute();
}

/** The live meetings with orders in these organisations (null: every one), for `revenueOf`. */
export async function meetingsWithOrders(db: Db, organizationIds: readonly number[] | null) {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('meetings', 'meetings.id', 'orders.meeting_id')
    .select('orders.meeting_id')
    .distinct()
    .where('meetings.deleted_at', 'is', null)
    .$if(organizationIds !== null, (qb) =>
      qb.where('meetings.organization_id', 'in', [...organizationIds!, 0]),
    )
    .execute();
  return rows.map((r) => r.meeting_id);
}
