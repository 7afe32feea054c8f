import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canMarkPaid,
  canRefund,
  money,
  outcomeCounts,
  refundable,
  stillDue,
  typedAmount,
} from './orders-logic.ts';

describe('the orders page rules', () => {
  it('reads a typed amount exactly, within a maximum', () => {
    expect(typedAmount('1,200.50')).toBe(120050);
    expect(typedAmount(' 0.1 ')).toBe(10);
    expect(typedAmount('')).toBe('required');
    expect(typedAmount('0')).toBe('invalid');
    expect(typedAmount('-5')).toBe('invalid');
    expect(typedAmount('12,34')).toBe('invalid');
    expect(typedAmount('500.01', 50000)).toBe('invalid');
    expect(typedAmount('500', 50000)).toBe(50000);
  });

  it('formats money with its currency', () => {
    expect(money('HKD', 120050)).toBe('HKD 1,200.50');
  });

  it('offers what may be done with an order', () => {
    const order = { status: 'pending' as const, total: 1000, paid_amount: 300, refunded_amount: 0 };
    expect(stillDue(order)).toBe(700);
    expect(canMarkPaid(order)).toBe(true);
    expect(canCancel(order)).toBe(true);
    expect(canRefund(order)).toBe(false);
    const paid = { ...order, status: 'paid' as const, paid_amount: 1000, refunded_amount: 400 };
    expect(refundable(paid)).toBe(600);
    expect(canRefund(paid)).toBe(true);
    expect(canMarkPaid(paid)).toBe(false);
    expect(canRefund({ ...paid, refunded_amount: 1000 })).toBe(false);
    expect(canMarkPaid({ status: 'expired' })).toBe(true);
  });

  it('counts a preview by outcome', () => {
    expect(outcomeCounts([{ outcome: 'matched' }, { outcome: 'matched' }, { outcome: 'unmatched' }])).toEqual(
      {
        matched: 2,
        already: 0,
        amount_differs: 0,
        unmatched: 1,
      },
    );
  });
});
