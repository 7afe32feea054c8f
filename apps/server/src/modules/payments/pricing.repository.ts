import type { Db } from '../../db/database.ts';

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
