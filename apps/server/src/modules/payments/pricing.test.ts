import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import {
  applyDiscount,
  baseLines,
  codeIsValid,
  currentPrice,
  normalizeCode,
  totalsOf,
  type PricedCode,
  type PricedItem,
} from './pricing.ts';

const EARLY_UNTIL = Date.UTC(2027, 0, 31, 16, 0, 0);

function item(overrides: Partial<PricedItem> & Pick<PricedItem, 'id'>): PricedItem {
  return {
    item_type: 'registration',
    user_type_id: null,
    schedule_id: null,
    name: `項目${overrides.id}`,
    name_cn: '',
    name_en: `Item ${overrides.id}`,
    amount: 100_00,
    early_amount: null,
    early_until: null,
    member_only: 0,
    ...overrides,
  };
}

function code(overrides: Partial<PricedCode> = {}): PricedCode {
  return {
    id: 1,
    kind: 'percent',
    value: 10,
    price_item_ids: '[]',
    valid_from: null,
    valid_until: null,
    enabled: 1,
    ...overrides,
  };
}

function errorName(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
  return undefined;
}

const member = item({ id: 1, amount: 800_00, early_amount: 600_00, early_until: EARLY_UNTIL });
const student = item({ id: 2, amount: 300_00 });
const workshop = item({ id: 3, item_type: 'session', schedule_id: 30, amount: 250_00 });
const dinner = item({ id: 4, item_type: 'session', schedule_id: 40, amount: 333_33 });
const doctorFee = item({ id: 5, user_type_id: 7, amount: 1_000_00 });

describe('current price', () => {
  it('is the early-bird price strictly before its deadline, the full price from it', () => {
    expect(currentPrice(member, EARLY_UNTIL - 1)).toEqual({ amount: 600_00, earlyBird: true });
    expect(currentPrice(member, EARLY_UNTIL)).toEqual({ amount: 800_00, earlyBird: false });
    expect(currentPrice(student, 0)).toEqual({ amount: 300_00, earlyBird: false });
  });
});

describe('base lines', () => {
  const items = [member, student, workshop, dinner];

  it('charges a general meeting the ticket kind chosen, and refuses a missing or foreign one', () => {
    const lines = baseLines(
      items,
      { meetingType: 'general', userTypeId: null, priceItemId: 2, scheduleIds: [] },
      0,
    );
    expect(lines).toEqual([
      {
        price_item_id: 2,
        schedule_id: null,
        description: { 'zh-tw': '項目2', 'zh-cn': '項目2', en: 'Item 2' },
        amount: 300_00,
        discount: 0,
        early_bird: false,
      },
    ]);
    for (const priceItemId of [null, 3, 99]) {
      expect(
        errorName(() =>
          baseLines(items, { meetingType: 'general', userTypeId: null, priceItemId, scheduleIds: [] }, 0),
        ),
      ).toBe('TICKET_REQUIRED');
    }
  });

  it('needs no ticket when a general meeting has no ticket kinds', () => {
    expect(
      baseLines(
        [workshop],
        { meetingType: 'general', userTypeId: null, priceItemId: null, scheduleIds: [] },
        0,
      ),
    ).toEqual([]);
  });

  it('charges a date-schedule sign-up its registration type and each priced session chosen', () => {
    const lines = baseLines(
      [doctorFee, workshop, dinner],
      { meetingType: 'date_schedule', userTypeId: 7, priceItemId: 1, scheduleIds: [40, 50] },
      0,
    );
    expect(lines.map((l) => [l.price_item_id, l.schedule_id, l.amount])).toEqual([
      [5, null, 1_000_00],
      [4, 40, 333_33],
    ]);
    // Another registration type has no fee: only its sessions are charged.
    expect(
      baseLines(
        [doctorFee, workshop],
        { meetingType: 'date_schedule', userTypeId: 8, priceItemId: null, scheduleIds: [30] },
        0,
      ).map((l) => l.price_item_id),
    ).toEqual([3]);
  });

  it('takes the early-bird price of each line as of the instant', () => {
    const choice = { meetingType: 'general', userTypeId: null, priceItemId: 1, scheduleIds: [] } as const;
    expect(baseLines(items, choice, EARLY_UNTIL - 1)[0]).toMatchObject({ amount: 600_00, early_bird: true });
    expect(baseLines(items, choice, EARLY_UNTIL)[0]).toMatchObject({ amount: 800_00, early_bird: false });
  });
});

describe('discounts', () => {
  const lines = baseLines(
    [doctorFee, workshop, dinner],
    { meetingType: 'date_schedule', userTypeId: 7, priceItemId: null, scheduleIds: [30, 40] },
    0,
  );

  it('takes a percentage off each registration line by default, rounded half up per line', () => {
    const odd = [{ ...lines[0]!, amount: 12_345 }, ...lines.slice(1)];
    const discounted = applyDiscount(odd, code({ value: 10 }), 0);
    // 1,234.5 → 1,235; sessions untouched.
    expect(discounted.map((l) => l.discount)).toEqual([1_235, 0, 0]);
    expect(totalsOf(discounted)).toEqual({
      subtotal: 12_345 + 250_00 + 333_33,
      discount_amount: 1_235,
      total: 12_345 + 250_00 + 333_33 - 1_235,
    });
    // 333.33 × 15 % = 49.9995 → 50.00; 250 × 15 % = 37.50.
    const sessions = applyDiscount(lines, code({ value: 15, price_item_ids: '[3,4]' }), 0);
    expect(sessions.map((l) => l.discount)).toEqual([0, 37_50, 50_00]);
  });

  it('makes a 100 % code free', () => {
    const free = applyDiscount(lines, code({ value: 100, price_item_ids: '[5,3,4]' }), 0);
    expect(totalsOf(free).total).toBe(0);
  });

  it('spreads a fixed amount over its lines in proportion, exactly, never below nothing', () => {
    const spread = applyDiscount(lines, code({ kind: 'fixed', value: 100_01, price_item_ids: '[3,4]' }), 0);
    const [, a, b] = spread.map((l) => l.discount);
    expect(a! + b!).toBe(100_01);
    // 250 : 333.33 of 100.01 → 42.86 and 57.15 (the remainder to the larger share).
    expect([a, b]).toEqual([42_86, 57_15]);
    const more = applyDiscount(lines, code({ kind: 'fixed', value: 5_000_00 }), 0);
    expect(more[0]!.discount).toBe(1_000_00);
    expect(totalsOf(more).total).toBe(250_00 + 333_33);
    // Huge amounts stay exact.
    const big = [
      { ...lines[0]!, amount: 999_999_999 },
      { ...lines[1]!, amount: 999_999_999 },
    ];
    const even = applyDiscount(big, code({ kind: 'fixed', value: 999_999_999, price_item_ids: '[5,3]' }), 0);
    expect(even.map((l) => l.discount)).toEqual([500_000_000, 499_999_999]);
  });

  it('refuses a code disabled, outside its window or applying to no line', () => {
    expect(errorName(() => applyDiscount(lines, code({ enabled: 0 }), 0))).toBe('DISCOUNT_CODE_INVALID');
    expect(errorName(() => applyDiscount(lines, code({ valid_from: 1000 }), 999))).toBe(
      'DISCOUNT_CODE_INVALID',
    );
    expect(errorName(() => applyDiscount(lines, code({ valid_until: 1000 }), 1000))).toBe(
      'DISCOUNT_CODE_INVALID',
    );
    expect(errorName(() => applyDiscount(lines, code({ price_item_ids: '[2]' }), 0))).toBe(
      'DISCOUNT_CODE_INVALID',
    );
    expect(errorName(() => applyDiscount(lines.slice(1), code(), 0))).toBe('DISCOUNT_CODE_INVALID');
    expect(codeIsValid(code({ valid_from: 1000, valid_until: 2000 }), 1000)).toBe(true);
  });

  it('reads codes as stored: trimmed and upper case', () => {
    expect(normalizeCode('  early-bird ')).toBe('EARLY-BIRD');
    expect(normalizeCode('   ')).toBeNull();
    expect(normalizeCode(undefined)).toBeNull();
  });
});

describe('the member fee', () => {
  const general = (priceItemId: number, member: boolean) =>
    ({ meetingType: 'general', userTypeId: null, priceItemId, scheduleIds: [], member }) as const;
  const byType = (userTypeId: number, member: boolean) =>
    ({ meetingType: 'date_schedule', userTypeId, priceItemId: null, scheduleIds: [], member }) as const;
  const items = [
    item({ id: 1, user_type_id: 7, amount: 500_00 }),
    item({ id: 2, user_type_id: 7, amount: 300_00, member_only: 1 }),
    item({ id: 3, user_type_id: 8, amount: 200_00, member_only: 1 }),
    item({ id: 4, user_type_id: 9, amount: 400_00 }),
  ];

  it("charges a matched member their registration type's member fee, others the other fee", () => {
    expect(baseLines(items, byType(7, true), 0).map((l) => [l.price_item_id, l.amount])).toEqual([
      [2, 300_00],
    ]);
    expect(baseLines(items, byType(7, false), 0).map((l) => [l.price_item_id, l.amount])).toEqual([
      [1, 500_00],
    ]);
    // No member fee for the type: the member pays its price.
    expect(baseLines(items, byType(9, true), 0).map((l) => l.price_item_id)).toEqual([4]);
  });

  it('refuses a price meant for members to a sign-up not matched', () => {
    expect(() => baseLines(items, byType(8, false), 0)).toThrow(
      expect.objectContaining({ errorName: 'MEMBER_PRICE_REFUSED' }),
    );
    const tickets = [item({ id: 10, amount: 800_00 }), item({ id: 11, amount: 600_00, member_only: 1 })];
    expect(() => baseLines(tickets, general(11, false), 0)).toThrow(
      expect.objectContaining({ errorName: 'MEMBER_PRICE_REFUSED' }),
    );
    expect(baseLines(tickets, general(11, true), 0).map((l) => l.amount)).toEqual([600_00]);
    expect(baseLines(tickets, general(10, false), 0).map((l) => l.amount)).toEqual([800_00]);
  });
});
