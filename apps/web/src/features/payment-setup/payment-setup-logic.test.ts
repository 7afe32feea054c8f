import { describe, expect, it } from 'vitest';
import type { DiscountCode, PriceItem, PriceList } from '@meetflow/shared/schemas/payments';
import {
  amountText,
  codeBody,
  codeDraft,
  codeState,
  dayEndIn,
  dayOf,
  dayStartIn,
  discountText,
  methodBlock,
  parseAmount,
  priceBody,
  priceDraft,
  priceName,
  showAmount,
} from './payment-setup-logic.ts';

describe('amounts typed in major units', () => {
  it('parses the text into integer minor units, never through a float', () => {
    expect(parseAmount('800')).toBe(80_000);
    expect(parseAmount('800.5')).toBe(80_050);
    expect(parseAmount('0.29')).toBe(29);
    // 0.29 * 100 is 28.999999999999996 in floating point; the text is read digit by digit.
    expect(parseAmount('1.13')).toBe(113);
    expect(parseAmount(' 1,200.05 ')).toBe(120_005);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('10000000.00')).toBe(1_000_000_000);
  });

  it('refuses what is not an amount of at most two decimals up to the maximum', () => {
    for (const text of ['', '.5', '1.234', '-1', '1e3', 'abc', '12.', '10000000.01', '123456789'])
      expect(parseAmount(text), text).toBeNull();
  });

  it('shows minor units back as the box and the table write them', () => {
    expect(amountText(80_050)).toBe('800.50');
    expect(amountText(5)).toBe('0.05');
    expect(parseAmount(amountText(123_456_789))).toBe(123_456_789);
    expect(showAmount(120_000, 'HKD')).toBe('HKD 1,200.00');
    expect(showAmount(120_000, null)).toBe('1,200.00');
  });
});

describe('days picked in the deployment’s zone', () => {
  it('ends an early-bird day at the last millisecond of that day in TIME_ZONE', () => {
    // Hong Kong is UTC+8 all year: 31 March ends at 15:59:59.999 UTC.
    expect(dayEndIn('2027-03-31', 'Asia/Hong_Kong')).toBe(Date.UTC(2027, 2, 31, 15, 59, 59, 999));
    expect(dayStartIn('2027-03-31', 'Asia/Macau')).toBe(Date.UTC(2027, 2, 30, 16));
    expect(dayOf(dayEndIn('2027-03-31', 'Asia/Taipei'), 'Asia/Taipei')).toBe('2027-03-31');
    expect(dayOf(dayEndIn('2027-03-31', 'Asia/Taipei') + 1, 'Asia/Taipei')).toBe('2027-04-01');
  });

  it('follows a zone through its clock change (a day of 23 hours)', () => {
    // London moves to summer time on 28 March 2027: that day is 23 hours long.
    const start = dayStartIn('2027-03-28', 'Europe/London');
    const end = dayEndIn('2027-03-28', 'Europe/London');
    expect(start).toBe(Date.UTC(2027, 2, 28, 0));
    expect(end + 1 - start).toBe(23 * 3_600_000);
    expect(dayEndIn('2027-12-31', 'Europe/London')).toBe(Date.UTC(2027, 11, 31, 23, 59, 59, 999));
  });
});

describe('what a payment method needs', () => {
  const setup = { fps_proxy_set: true, stripe_configured: false };
  it('offers FPS only in HKD with a proxy, Stripe only with its keys, nothing for a free meeting', () => {
    expect(methodBlock('transfer', null, setup)).toBe('needsCurrency');
    expect(methodBlock('transfer', 'MOP', setup)).toBeNull();
    expect(methodBlock('fps', 'MOP', setup)).toBe('fpsNeedsHkd');
    expect(methodBlock('fps', 'HKD', setup)).toBeNull();
    expect(methodBlock('fps', 'HKD', { ...setup, fps_proxy_set: false })).toBe('fpsNeedsProxy');
    expect(methodBlock('stripe', 'HKD', setup)).toBe('stripeNotConfigured');
    expect(methodBlock('desk', 'TWD', setup)).toBeNull();
  });
});

describe('prices and codes in their tables', () => {
  const list: Pick<PriceList, 'user_types' | 'sessions'> = {
    user_types: [{ id: 7, name: '醫生', name_cn: '医生', name_en: 'Doctor' }],
    sessions: [{ id: 3, name: '工作坊', name_cn: '工作坊', name_en: 'Workshop', date: '2027-03-01' }],
  };
  const item = (over: Partial<PriceItem>): PriceItem => ({
    id: 1,
    item_type: 'registration',
    user_type_id: null,
    schedule_id: null,
    name: '會員',
    name_cn: '会员',
    name_en: 'Member',
    member_only: false,
    amount: 100,
    early_amount: null,
    early_until: null,
    sort: 0,
    retired: false,
    in_use: false,
    ...over,
  });

  it('names a price by its ticket, registration type or session in the reader’s language', () => {
    expect(priceName(item({}), list, 'en')).toBe('Member');
    expect(priceName(item({ name_en: '' }), list, 'en')).toBe('會員');
    expect(priceName(item({ user_type_id: 7, name: '', name_cn: '', name_en: '' }), list, 'zh-cn')).toBe(
      '医生',
    );
    expect(priceName(item({ item_type: 'session', schedule_id: 3 }), list, 'en')).toBe('Workshop');
  });

  it('says what a code takes off and whether it can be used now', () => {
    const code: DiscountCode = {
      id: 1,
      code: 'SPONSOR',
      kind: 'percent',
      value: 100,
      price_item_ids: [],
      max_uses: 2,
      used_count: 0,
      valid_from: 1_000,
      valid_until: 2_000,
      enabled: true,
      note: '',
    };
    expect(discountText(code, 'HKD')).toBe('100 %');
    expect(discountText({ kind: 'fixed', value: 5_000 }, 'HKD')).toBe('HKD 50.00');
    expect(codeState(code, 500)).toBe('upcoming');
    expect(codeState(code, 1_500)).toBe('active');
    expect(codeState(code, 2_500)).toBe('expired');
    expect(codeState({ ...code, used_count: 2 }, 1_500)).toBe('usedUp');
    expect(codeState({ ...code, enabled: false }, 1_500)).toBe('disabled');
  });
});

describe('the drawers’ bodies', () => {
  const zone = 'Asia/Hong_Kong';

  it('sends a ticket’s price and early bird as minor units and the end of the chosen day', () => {
    const draft = {
      ...priceDraft(null, zone),
      name: '會員',
      amount: '800',
      early_amount: '600.5',
      early_day: '2027-03-31',
    };
    expect(priceBody(draft, 'general', zone, 2)).toEqual({
      body: {
        item_type: 'registration',
        user_type_id: null,
        schedule_id: null,
        name: '會員',
        name_cn: '',
        name_en: '',
        amount: 80_000,
        early_amount: 60_050,
        early_until: Date.UTC(2027, 2, 31, 15, 59, 59, 999),
        sort: 2,
        member_only: false,
      },
    });
    // Read back into the drawer, the stored price shows as typed and on its day.
    const stored = {
      id: 1,
      retired: false,
      in_use: false,
      ...(priceBody(draft, 'general', zone, 2) as { body: Omit<PriceItem, 'id' | 'retired' | 'in_use'> })
        .body,
    };
    expect(priceDraft(stored, zone)).toMatchObject({
      amount: '800.00',
      early_amount: '600.50',
      early_day: '2027-03-31',
    });
  });

  it('says what is missing or wrong before sending, with the server’s keys', () => {
    const empty = priceDraft(null, zone);
    expect(priceBody(empty, 'general', zone, 0)).toEqual({
      errors: { amount: 'amountRequired', name: 'priceNameRequired' },
    });
    expect(priceBody({ ...empty, amount: '1.234', user_type_id: null }, 'date_schedule', zone, 0)).toEqual({
      errors: { amount: 'amountInvalid', user_type_id: 'userTypeRequired' },
    });
    expect(
      priceBody(
        { ...empty, name: 'A', amount: '100', early_amount: '100', early_day: '2027-01-01' },
        'general',
        zone,
        0,
      ),
    ).toEqual({
      errors: { early_amount: 'earlyAmountNotLower' },
    });
    expect(priceBody({ ...empty, name: 'A', amount: '100', early_amount: '50' }, 'general', zone, 0)).toEqual(
      {
        errors: { early_until: 'earlyBirdIncomplete' },
      },
    );
    expect(priceBody({ ...empty, item_type: 'session', amount: '100' }, 'general', zone, 0)).toEqual({
      errors: { schedule_id: 'scheduleRequired' },
    });
  });

  it('sends a code upper case, its validity from the first day’s start to the last day’s end', () => {
    const draft = {
      ...codeDraft(null, zone),
      code: ' sponsor ',
      from_day: '2027-01-01',
      until_day: '2027-01-31',
    };
    expect(codeBody(draft, zone)).toEqual({
      body: {
        code: 'SPONSOR',
        kind: 'percent',
        value: 100,
        price_item_ids: [],
        max_uses: 0,
        valid_from: Date.UTC(2026, 11, 31, 16),
        valid_until: Date.UTC(2027, 0, 31, 15, 59, 59, 999),
        enabled: true,
        note: '',
      },
    });
    expect(codeBody({ ...draft, kind: 'fixed', fixed: '50' }, zone)).toMatchObject({
      body: { kind: 'fixed', value: 5_000 },
    });
    expect(codeBody({ ...draft, code: 'x!', percent: 101, from_day: '2027-02-01' }, zone)).toEqual({
      errors: {
        code: 'discountCodeFormat',
        value: 'discountPercentRange',
        valid_until: 'validUntilBeforeFrom',
      },
    });
  });
});
