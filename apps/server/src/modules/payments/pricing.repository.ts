import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/*
 * A meeting's prices, discount codes and payment settings, and an organisation's payment account.
 * A discount code's uses are counted by one conditional UPDATE in the transaction of the order
 * that uses it: on PostgreSQL the row lock orders concurrent uses across instances, on SQLite the
 * single writer does, and the maximum can never be passed.
 */

const PRICE_COLUMNS = [
  'id',
  'meeting_id',
  'item_type',
  'user_type_id',
  'schedule_id',
  'name',
  'name_cn',
  'name_en',
  'amount',
  'early_amount',
  'early_until',
  'sort',
  'retired_at',
  'member_only',
] as const;
export type PriceItemRow = Awaited<ReturnType<typeof livePriceItems>>[number];

/** The meeting's prices not retired, in the form's order. */
export function livePriceItems(db: Db, meetingId: number) {
  return db
    .selectFrom('price_items')
    .select(PRICE_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .where('retired_at', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export type MeetingSettingsRow = NonNullable<Awaited<ReturnType<typeof findMeetingSettings>>>;
export type PaymentAccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export function findMeetingSettings(db: Db, meetingId: number) {
  return db
    .selectFrom('meeting_payment_settings')
    .select(['meeting_id', 'hold_minutes', 'methods', 'transfer_note'])
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
}

export function findAccount(db: Db, organizationId: number) {
  return db
    .selectFrom('payment_accounts')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

const CODE_COLUMNS = [
  'id',
  'meeting_id',
  'code',
  'kind',
  'value',
  'price_item_ids',
  'max_uses',
  'used_count',
  'valid_from',
  'valid_until',
  'enabled',
  'note',
] as const;
export type DiscountCodeRow = NonNullable<Awaited<ReturnType<typeof findDiscountCode>>>;

/** A code as the guest typed it (trimmed, upper case). */
export function findDiscountCode(db: Db, meetingId: number, code: string) {
  return db
    .selectFrom('discount_codes')
    .select(CODE_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function countDiscountCodes(db: Db, meetingId: number) {
  return db
    .selectFrom('discount_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('meeting_id', '=', meetingId)
    .where('enabled', '=', 1)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** One use of the code, if it has one left: false when used up (the caller refuses the order). */
export async function useDiscountCode(trx: Db, id: number): Promise<boolean> {
  const result = await trx
    .updateTable('discount_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', '=', 0), eb('used_count', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a use back (its order expired or was cancelled unpaid). */
export async function releaseDiscountCode(trx: Db, id: number): Promise<void> {
  await trx
    .updateTable('discount_codes')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('id', '=', id)
    .where('used_count', '>', 0)
    .execute();
}

// ——— The back office's writes: settings, the account, prices and codes (payment-setup) ———

type Insert<T extends keyof Database> = Insertable<Database[T]>;

/** Writes a meeting's payment settings, the first time or again. */
export async function saveMeetingSettings(db: Db, row: Insert<'meeting_payment_settings'>): Promise<void> {
  const { meeting_id: _, ...set } = row;
  await db
    .insertInto('meeting_payment_settings')
    .values(row)
    .onConflict((oc) => oc.column('meeting_id').doUpdateSet(set))
    .execute();
}

/** Writes an organisation's payment account, the first time or again. */
export async function saveAccount(db: Db, row: Insert<'payment_accounts'>): Promise<void> {
  const { organization_id: _, ...set } = row;
  await db
    .insertInto('payment_accounts')
    .values(row)
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(set))
    .execute();
}

/** Every price of the meeting, retired ones too, in the form's order. */
export function allPriceItems(db: Db, meetingId: number) {
  return db
    .selectFrom('price_items')
    .select(PRICE_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findPriceItem(db: Db, id: number) {
  return db.selectFrom('price_items').select(PRICE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Another live price of the meeting for the same registration type or session, if any. */
export function liveItemFor(
  db: Db,
  meetingId: number,
  target: { column: 'user_type_id' | 'schedule_id'; id: number },
  exceptId: number | null,
  memberOnly = 0,
) {
  let query = db
    .selectFrom('price_items')
    .select('id')
    .where('meeting_id', '=', meetingId)
    .where(target.column, '=', target.id)
    .where('member_only', '=', memberOnly)
    .where('retired_at', 'is', null);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertPriceItem(db: Db, values: Insert<'price_items'>): Promise<number> {
  const row = await db.insertInto('price_items').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePriceItem(
  db: Db,
  id: number,
  values: Omit<Insert<'price_items'>, 'meeting_id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('price_items').set(values).where('id', '=', id).execute();
}

/** Retires a live price (kept for the orders naming it); false when it was retired already. */
export async function retirePriceItem(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('price_items')
    .set({ retired_at: now, updated_at: now })
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePriceItem(db: Db, id: number): Promise<void> {
  await db.deleteFrom('price_items').where('id', '=', id).execute();
}

export function listDiscountCodes(db: Db, meetingId: number) {
  return db
    .selectFrom('discount_codes')
    .select(CODE_COLUMNS)
    .where('meeting_id', '=', meetingId)
    .orderBy('code')
    .execute();
}

export function findDiscountCodeById(db: Db, id: number) {
  return db.selectFrom('discount_codes').select(CODE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The meeting's codes whose list names the price (stored as JSON text: matched after reading). */
export async function codesNamingItem(db: Db, meetingId: number, priceItemId: number) {
  const rows = await db
    .selectFrom('discount_codes')
    .select(['id', 'code', 'price_item_ids'])
    .where('meeting_id', '=', meetingId)
    .where('price_item_ids', '<>', '[]')
    .execute();
  return rows.filter((row) => (JSON.parse(row.price_item_ids) as number[]).includes(priceItemId));
}

export async function insertDiscountCode(db: Db, values: Insert<'discount_codes'>): Promise<number> {
  const row = await db.insertInto('discount_codes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDiscountCode(
  db: Db,
  id: number,
  values: Partial<Omit<Insert<'discount_codes'>, 'meeting_id' | 'created_at' | 'used_count'>>,
): Promise<void> {
  await db.updateTable('discount_codes').set(values).where('id', '=', id).execute();
}

/** Deletes a code nobody has used; false when it has been used meanwhile (it stays). */
export async function deleteUnusedDiscountCode(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('discount_codes')
    .where('id', '=', id)
    .where('used_count', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
