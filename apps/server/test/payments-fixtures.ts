import type { Currency, PaymentMethod } from '@meetflow/shared/schemas/payments';
import type { Db } from '../src/db/database.ts';
import { sha256 } from '../src/lib/secure-random.ts';
import { createMeeting, type MeetingFixture } from './registration-fixtures.ts';

/*
 * Paid meetings for the payments tests, written directly: prices, codes and settings have their own
 * back-office tests; these files exercise sign-ups, orders and holds.
 */

/** A meeting with a currency (paid), its payment settings and, by default, transfer offered. */
export async function createPaidMeeting(
  db: Db,
  organizationId: number,
  options: Parameters<typeof createMeeting>[2] & {
    currency?: Currency;
    holdMinutes?: number;
    methods?: PaymentMethod[];
  } = {},
): Promise<MeetingFixture> {
  const { currency = 'MOP', holdMinutes = 30, methods = ['transfer'], ...values } = options;
  const meeting = await createMeeting(db, organizationId, values);
  await db.updateTable('meetings').set({ currency }).where('id', '=', meeting.id).execute();
  await db
    .insertInto('meeting_payment_settings')
    .values({
      meeting_id: meeting.id,
      hold_minutes: holdMinutes,
      methods: JSON.stringify(methods),
      updated_at: Date.now(),
    })
    .execute();
  return meeting;
}

export async function addPrice(
  db: Db,
  meetingId: number,
  values: {
    item_type?: 'registration' | 'session';
    user_type_id?: number | null;
    schedule_id?: number | null;
    name?: string;
    amount: number;
    early_amount?: number | null;
    early_until?: number | null;
  },
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('price_items')
    .values({
      meeting_id: meetingId,
      item_type: values.item_type ?? 'registration',
      user_type_id: values.user_type_id ?? null,
      schedule_id: values.schedule_id ?? null,
      name: values.name ?? '',
      name_cn: values.name ?? '',
      name_en: values.name ?? '',
      amount: values.amount,
      early_amount: values.early_amount ?? null,
      early_until: values.early_until ?? null,
      retired_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addCode(
  db: Db,
  meetingId: number,
  values: {
    code: string;
    kind: 'percent' | 'fixed';
    value: number;
    price_item_ids?: number[];
    max_uses?: number;
    used_count?: number;
    valid_from?: number | null;
    valid_until?: number | null;
  },
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('discount_codes')
    .values({
      meeting_id: meetingId,
      code: values.code,
      kind: values.kind,
      value: values.value,
      price_item_ids: JSON.stringify(values.price_item_ids ?? []),
      max_uses: values.max_uses ?? 0,
      used_count: values.used_count ?? 0,
      valid_from: values.valid_from ?? null,
      valid_until: values.valid_until ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The guest's orders with their lines, newest first. */
export async function ordersOf(db: Db, guestId: number) {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('guest_id', '=', guestId)
    .orderBy('id', 'desc')
    .execute();
  const lines = orders.length
    ? await db
        .selectFrom('order_lines')
        .selectAll()
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return orders.map((o) => ({ ...o, lines: lines.filter((l) => l.order_id === o.id) }));
}

/** The guest id behind a guest token (the sign-up's device). */
export async function guestIdOf(db: Db, token: string): Promise<number> {
  const row = await db
    .selectFrom('guests')
    .select('id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The meeting's seat counter and live guest rows. */
export async function seatsOf(db: Db, meetingId: number) {
  const meeting = await db
    .selectFrom('meetings')
    .select(['registered_count', 'waiting_count'])
    .where('id', '=', meetingId)
    .executeTakeFirstOrThrow();
  const guests = await db
    .selectFrom('guests')
    .select(['id', 'unpaid'])
    .where('meeting_id', '=', meetingId)
    .where('cancelled_at', 'is', null)
    .execute();
  return { taken: meeting.registered_count, waiting: meeting.waiting_count, guests: guests.length };
}
