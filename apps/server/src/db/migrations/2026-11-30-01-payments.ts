/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 44: paid registration. Money is integers in the currency's minor unit (cents), computed on
 * the server only; what was charged, discounted, paid and refunded are rows, never recomputed from
 * the current prices. A meeting is paid when it has a currency; a paid sign-up is a guest row with
 * `unpaid` = 1 (the seat is taken: that is the hold) and an order whose `hold_until` a durable job
 * enforces. Receipts and credit notes are numbered without gaps per organisation, year and kind
 * under the counter row's lock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('meetings')
    // null: a free meeting (as before this issue); otherwise MOP, HKD, TWD, CNY or USD.
    .addColumn('currency', 'varchar(3)')
    .execute();
  await db.schema
    .alterTable('guests')
    // 1: the guest's order awaits payment (no guest code, no confirmation, "unpaid" at the door).
    .addColumn('unpaid', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('meeting_payment_settings')
    .addColumn('meeting_id', 'integer', (c) => c.primaryKey().references('meetings.id'))
    .addColumn('hold_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    // JSON array of the methods offered: 'transfer', 'fps', 'stripe', 'desk'.
    .addColumn('methods', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON {zh-tw, zh-cn, en}: what the guest reads under the bank details.
    .addColumn('transfer_note', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_accounts')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id'))
    // FPS proxy: 'fps_id' (7–9 digits), 'mobile' (+852…) or 'email'; '' where none.
    .addColumn('fps_proxy_type', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('fps_proxy', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('merchant_name', 'varchar(25)', (c) => c.notNull().defaultTo(''))
    .addColumn('merchant_city', 'varchar(15)', (c) => c.notNull().defaultTo('Hong Kong'))
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account_number', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    // JSON {zh-tw, zh-cn, en} of the issuer's name and address as printed on receipts.
    .addColumn('receipt_issuer', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('price_items')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    // 'registration': a ticket kind (general meeting; names here) or a registration type's fee
    // (date-schedule meeting; user_type_id set); 'session': a priced session (schedule_id set).
    .addColumn('item_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_type_id', 'integer', (c) => c.references('user_types.id'))
    .addColumn('schedule_id', 'integer', (c) => c.references('schedules.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('name_cn', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'integer', (c) => c.notNull())
    // The early-bird price until early_until (ms, an instant; the form picks a local day in TIME_ZONE).
    .addColumn('early_amount', 'integer')
    .addColumn('early_until', 'bigint')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    // An item that orders name is retired, never deleted.
    .addColumn('retired_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('price_items_meeting').on('price_items').column('meeting_id').execute();

  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    // Upper case, as typed by the guest after trimming and upper-casing.
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    // 'percent' (value 1–100; 100 = free, a sponsor's code) or 'fixed' (value in minor units).
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    // JSON array of price item ids it applies to; [] = every registration item.
    .addColumn('price_item_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    // 0 = no maximum. used_count is raised with a conditional UPDATE in the order's transaction.
    .addColumn('max_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'bigint')
    .addColumn('valid_until', 'bigint')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('discount_codes_meeting_code', ['meeting_id', 'code'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id'))
    // The payment reference the guest quotes (transfer, FPS): unique, short, no look-alike letters.
    .addColumn('reference', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('discount_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('discount_code_id', 'integer', (c) => c.references('discount_codes.id'))
    // pending | paid | expired | cancelled | refund_due | refunded (see schemas/payments.ts).
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('hold_until', 'bigint')
    // The method the guest chose or that paid it; null until then.
    .addColumn('method', 'varchar(20)')
    // Who the receipt is made out to: 'guest' or 'institution' (with its name).
    .addColumn('payer_kind', 'varchar(12)', (c) => c.notNull().defaultTo('guest'))
    .addColumn('payer_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('payer_institution', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // A proof of transfer the guest uploaded (files module, private).
    .addColumn('proof_file_id', 'varchar(64)')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('orders_meeting_status')
    .on('orders')
    .columns(['meeting_id', 'status'])
    .execute();
  await db.schema.createIndex('orders_guest').on('orders').column('guest_id').execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('price_item_id', 'integer', (c) => c.notNull().references('price_items.id'))
    .addColumn('schedule_id', 'integer')
    // JSON {zh-tw, zh-cn, en}: the item's name as charged.
    .addColumn('description', 'text', (c) => c.notNull())
    // The price charged (early bird or not) and this line's share of the discount.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('early_bird', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    // 'payment' (positive amount) or 'refund' (positive amount given back).
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    // transfer | fps | stripe | cash | card_terminal | statement
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    // The provider's id (Stripe payment intent or refund, a statement line's hash): once only.
    .addColumn('provider_ref', 'varchar(200)')
    // The user who recorded it; null when a provider's signed message did.
    .addColumn('user_id', 'integer')
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payments_provider_ref', ['method', 'provider_ref'])
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await db.schema
    .createTable('receipt_counters')
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    // 'receipt' or 'credit_note': each numbered on its own.
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_counters_pk', ['organization_id', 'year', 'kind'])
    .execute();

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    // JSON: everything printed (issuer, payer, lines, meeting names), frozen when issued.
    .addColumn('content', 'text', (c) => c.notNull())
    .addUniqueConstraint('receipts_number', ['organization_id', 'year', 'kind', 'number'])
    .addUniqueConstraint('receipts_payment', ['payment_id'])
    .execute();
  await db.schema.createIndex('receipts_order').on('receipts').column('order_id').execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('event_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('statement_lines')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    // SHA-256 of (date, amount, reference, row text): the same line imported twice pays once.
    .addColumn('line_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('booked_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    // matched | unmatched | applied
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('statement_lines_hash', ['meeting_id', 'line_hash'])
    .execute();

  // The built-in roles gain the new permissions: organisers run payments, door staff take them at the desk.
  const grants = {
    organiser: ['payment:view', 'payment:manage', 'payment:desk'],
    door_staff: ['payment:desk'],
  };
  for (const [code, added] of Object.entries(grants)) {
    const roles = await db
      .selectFrom('roles')
      .select(['id', 'permissions'])
      .where('code', '=', code)
      .execute();
    for (const role of roles) {
      const permissions = JSON.parse(role.permissions) as string[];
      const next = [...permissions, ...added.filter((p) => !permissions.includes(p))];
      await db
        .updateTable('roles')
        .set({ permissions: JSON.stringify(next) })
        .where('id', '=', role.id)
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'statement_lines',
    'stripe_events',
    'receipts',
    'receipt_counters',
    'payments',
    'order_lines',
    'orders',
    'discount_codes',
    'price_items',
    'payment_accounts',
    'meeting_payment_settings',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('guests').dropColumn('unpaid').execute();
  await db.schema.alterTable('meetings').dropColumn('currency').execute();
}
