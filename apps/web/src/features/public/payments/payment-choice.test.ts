import { describe, expect, it } from 'vitest';
import type { PublicPrice, PublicPricing } from '@meetflow/shared/schemas/payments';
import {
  asksTicket,
  EMPTY_PAYMENT,
  paymentBody,
  paymentErrors,
  quoteBodyOf,
  sessionPriceText,
  userTypeLabel,
} from './payment-choice.ts';

const price = (over: Partial<PublicPrice>): PublicPrice => ({
  price_item_id: 1,
  user_type_id: null,
  schedule_id: null,
  name: '會員',
  name_cn: '会员',
  name_en: 'Member',
  amount: 80000,
  early_amount: null,
  early_until: null,
  current: 80000,
  member_only: false,
  ...over,
});

const pricing = (over: Partial<PublicPricing> = {}): PublicPricing => ({
  currency: 'HKD',
  registration: [price({ price_item_id: 11 }), price({ price_item_id: 12, amount: 120000, current: 120000 })],
  sessions: [price({ price_item_id: 21, schedule_id: 5, amount: 50000, current: 45000 })],
  methods: ['fps', 'transfer'],
  hold_minutes: 30,
  has_discount_codes: true,
  ...over,
});

describe('the payment part of a sign-up', () => {
  it('asks nothing of a free meeting and sends nothing for it', () => {
    expect(paymentErrors(null, 'general', EMPTY_PAYMENT)).toEqual({});
    expect(paymentBody(null, 'general', { ...EMPTY_PAYMENT, price_item_id: '11' })).toEqual({});
    expect(asksTicket(null, 'general')).toBe(false);
  });

  it('asks a general meeting with ticket kinds for one; a date-schedule meeting never', () => {
    expect(paymentErrors(pricing(), 'general', EMPTY_PAYMENT)).toEqual({
      'payment.price_item_id': 'ticketRequired',
    });
    expect(paymentErrors(pricing(), 'date_schedule', EMPTY_PAYMENT)).toEqual({});
    expect(paymentErrors(pricing({ registration: [] }), 'general', EMPTY_PAYMENT)).toEqual({});
  });

  it('refuses a code typed but not checked, and an institution without a name', () => {
    const choice = {
      ...EMPTY_PAYMENT,
      price_item_id: '11',
      code: 'early-10',
      payer_kind: 'institution' as const,
    };
    expect(paymentErrors(pricing(), 'general', choice)).toEqual({
      'payment.discount_code': 'discountNotApplied',
      'payment.payer_institution': 'institutionRequired',
    });
    // Checked (the server compares it upper-cased) and named: nothing left to say.
    const ready = { ...choice, applied: 'EARLY-10', payer_institution: ' Kiang Wu Hospital ' };
    expect(paymentErrors(pricing(), 'general', ready)).toEqual({});
    expect(paymentBody(pricing(), 'general', ready)).toEqual({
      payment: {
        price_item_id: 11,
        discount_code: 'EARLY-10',
        payer_kind: 'institution',
        payer_institution: 'Kiang Wu Hospital',
      },
    });
  });

  it('sends only the payer for a date-schedule meeting (its type decides the fee)', () => {
    const choice = { ...EMPTY_PAYMENT, price_item_id: '11', payer_institution: 'left over' };
    expect(paymentBody(pricing(), 'date_schedule', choice)).toEqual({ payment: { payer_kind: 'guest' } });
  });

  it('asks the quote only once the price depends on something chosen', () => {
    const p = pricing();
    expect(quoteBodyOf(p, 'general', { price_item_id: '' }, null, [], '')).toBeNull();
    expect(quoteBodyOf(p, 'general', { price_item_id: '12' }, null, [], 'X10')).toEqual({
      price_item_id: 12,
      discount_code: 'X10',
    });
    expect(quoteBodyOf(p, 'date_schedule', EMPTY_PAYMENT, null, [5], '')).toBeNull();
    // Sessions in a fixed order: ticking in another order asks the same question.
    expect(quoteBodyOf(p, 'date_schedule', EMPTY_PAYMENT, 3, [9, 5], '')).toEqual({
      user_type_id: 3,
      schedule_ids: [5, 9],
    });
  });

  it("shows a session's and a registration type's current fee", () => {
    expect(sessionPriceText(pricing(), 5)).toBe('HKD 450.00');
    expect(sessionPriceText(pricing(), 6)).toBeNull();
    expect(sessionPriceText(null, 5)).toBeNull();
    const typed = pricing({ registration: [price({ user_type_id: 3, current: 60000 })] });
    expect(userTypeLabel(typed, 3, 'Doctor', 'en')).toBe('Doctor · HKD 600.00');
    expect(userTypeLabel(typed, 3, '醫生', 'zh-tw')).toBe('醫生・HKD 600.00');
    expect(userTypeLabel(typed, 4, 'Nurse', 'en')).toBe('Nurse');
  });
});
