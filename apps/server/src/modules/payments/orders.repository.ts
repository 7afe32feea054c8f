import type { Insertable, RawBuilder, Updateable } from 'kysely';
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

// ——— The back office's list and revenue (order-admin.ts, revenue.ts) ———

/** The guest's name as the back office shows it: general meetings' name, else the Chinese or English one. */
const guestName = sql<string>`case when ${sql.ref('guests.name')} <> '' then ${sql.ref('guests.name')}
  when ${sql.ref('guests.name_zh')} <> '' then ${sql.ref('guests.name_zh')}
  when ${sql.ref('guests.name_en')} <> '' then ${sql.ref('guests.name_en')}
  else ${sql.ref('orders.payer_name')} end`;

/** Orders with what the list shows: the guest's name, the discount code, what was paid. */
function orderRows(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('guests', 'guests.id', 'orders.guest_id')
    .leftJoin('discount_codes', 'discount_codes.id', 'orders.discount_code_id')
    .select((eb) => [
      'orders.id',
      'orders.meeting_id',
      'orders.reference',
      'orders.guest_id',
      guestName.as('guest_name'),
      'orders.status',
      'orders.currency',
      'orders.subtotal',
      'orders.discount_amount',
      'orders.total',
      'orders.refunded_amount',
      'orders.method',
      'discount_codes.code as discount_code',
      'orders.proof_file_id',
      'orders.payer_kind',
      'orders.payer_institution',
      'orders.hold_until',
      'orders.created_at',
      'orders.paid_at',
      eb
        .selectFrom('payments')
        .select((p) => p.fn.coalesce(p.fn.sum<number>('payments.amount'), p.lit(0)).as('paid'))
        .whereRef('payments.order_id', '=', 'orders.id')
        .where('payments.kind', '=', 'payment')
        .as('paid_amount'),
    ]);
}
export type OrderListRow = NonNullable<Awaited<ReturnType<typeof findOrderRow>>>;

/**
 * A page of a meeting's orders, newest first: by status, and by a keyword found in the reference
 * or the guest's or payer's name (case-insensitive, typed wildcards taken literally).
 */
export async function listOrders(
  db: Db,
  meetingId: number,
  query: { status?: OrderStatus | undefined; keyword?: string | undefined; page: number; page_size: number },
) {
  const pattern = query.keyword ? containsPattern(query.keyword) : undefined;
  const keyword = pattern
    ? sql<boolean>`(${sql.join(
        ['orders.reference', 'orders.payer_name', 'guests.name', 'guests.name_zh', 'guests.name_en'].map(
          (column) => lowerLike(column, pattern),
        ),
        sql` or `,
      )})`
    : undefined;
  const [count, items] = await Promise.all([
    db
      .selectFrom('orders')
      .innerJoin('guests', 'guests.id', 'orders.guest_id')
      .where('orders.meeting_id', '=', meetingId)
      .$if(query.status !== undefined, (qb) => qb.where('orders.status', '=', query.status!))
      .$if(keyword !== undefined, (qb) => qb.where(keyword!))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    orderRows(db)
      .where('orders.meeting_id', '=', meetingId)
      .$if(query.status !== undefined, (qb) => qb.where('orders.status', '=', query.status!))
      .$if(keyword !== undefined, (qb) => qb.where(keyword!))
      .orderBy('orders.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
  ]);
  return { items, total: Number(count.n) };
}

/** One order as the list shows it (the detail adds its lines, payments and receipts). */
export function findOrderRow(db: Db, id: number) {
  return orderRows(db).where('orders.id', '=', id).executeTakeFirst();
}

/** A meeting's orders with the guest's name: what a statement's lines are matched against. */
export function ordersForMatching(db: Db, meetingId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('guests', 'guests.id', 'orders.guest_id')
    .select(['orders.id', 'orders.reference', 'orders.total', 'orders.status', guestName.as('guest_name')])
    .where('orders.meeting_id', '=', meetingId)
    .execute();
}

/**
 * Money per currency over live meetings (`meetingId`, or those of `organizationIds`; null: every
 * organisation): received and refunded (payment rows), awaiting payment (pending orders' totals),
 * orders paid and pending.
 */
export async function revenueOf(
  db: Db,
  scope: { meetingId?: number | undefined; organizationIds: readonly number[] | null },
) {
  const { meetingId, organizationIds } = scope;
  const when = (column: 'orders.status' | 'payments.kind', value: string, then: RawBuilder<number>) =>
    sql<number>`sum(case when ${sql.ref(column)} = ${value} then ${then} else 0 end)`;
  const [orderSums, moneySums] = await Promise.all([
    db
      .selectFrom('orders')
      .innerJoin('meetings', 'meetings.id', 'orders.meeting_id')
      .select([
        'orders.currency',
        when('orders.status', 'pending', sql`${sql.ref('orders.total')}`).as('pending'),
        when('orders.status', 'pending', sql`1`).as('orders_pending'),
        when('orders.status', 'paid', sql`1`).as('orders_paid'),
      ])
      .where('meetings.deleted_at', 'is', null)
      .$if(meetingId !== undefined, (qb) => qb.where('orders.meeting_id', '=', meetingId!))
      .$if(organizationIds !== null, (qb) =>
        qb.where('meetings.organization_id', 'in', [...organizationIds!, 0]),
      )
      .groupBy('orders.currency')
      .execute(),
    db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .innerJoin('meetings', 'meetings.id', 'orders.meeting_id')
      .select([
        'orders.currency',
        when('payments.kind', 'payment', sql`${sql.ref('payments.amount')}`).as('paid'),
        when('payments.kind', 'refund', sql`${sql.ref('payments.amount')}`).as('refunded'),
      ])
      .where('meetings.deleted_at', 'is', null)
      .$if(meetingId !== undefined, (qb) => qb.where('orders.meeting_id', '=', meetingId!))
      .$if(organizationIds !== null, (qb) =>
        qb.where('meetings.organization_id', 'in', [...organizationIds!, 0]),
      )
      .groupBy('orders.currency')
      .execute(),
  ]);
  return { orderSums, moneySums };
}
