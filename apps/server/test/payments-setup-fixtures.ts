import type { Db } from '../src/db/database.ts';
import { insertLines, insertOrder } from '../src/modules/payments/orders.repository.ts';

/** Bodies and an order for the fees-page tests (payments-setup.test.ts). */

export const emptyText = { 'zh-tw': '', 'zh-cn': '', en: '' };

export const settings = (overrides: Record<string, unknown> = {}) => ({
  currency: 'HKD',
  hold_minutes: 30,
  methods: ['transfer'],
  transfer_note: emptyText,
  ...overrides,
});

export const account = (overrides: Record<string, unknown> = {}) => ({
  fps_proxy_type: '',
  fps_proxy: '',
  merchant_name: 'HK Medical Assoc',
  merchant_city: 'Hong Kong',
  bank_name: 'HSBC',
  bank_account_name: 'HK Medical Association',
  bank_account_number: '004-123-456789-001',
  receipt_issuer: { 'zh-tw': '香港醫學會', 'zh-cn': '香港医学会', en: 'HK Medical Association' },
  ...overrides,
});

export const price = (overrides: Record<string, unknown> = {}) => ({
  item_type: 'registration',
  user_type_id: null,
  schedule_id: null,
  name: '會員',
  name_cn: '会员',
  name_en: 'Member',
  amount: 80_000,
  early_amount: null,
  early_until: null,
  ...overrides,
});

export const code = (overrides: Record<string, unknown> = {}) => ({
  code: 'sponsor100',
  kind: 'percent',
  value: 100,
  ...overrides,
});

/** A pending order of the guest with one line per price named, written as a sign-up would. */
export async function insertTestOrder(
  db: Db,
  now: number,
  meetingId: number,
  guestId: number,
  prices: number[],
) {
  const id = await insertOrder(db, {
    meeting_id: meetingId,
    guest_id: guestId,
    reference: `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    currency: 'HKD',
    subtotal: 80_000,
    total: 80_000,
    status: 'pending',
    hold_until: now + 30 * 60_000,
    created_at: now,
    updated_at: now,
  });
  await insertLines(
    db,
    prices.map((price_item_id) => ({
      order_id: id,
      price_item_id,
      description: JSON.stringify({ 'zh-tw': '會員', 'zh-cn': '会员', en: 'Member' }),
      amount: 80_000,
    })),
  );
  return id;
}
