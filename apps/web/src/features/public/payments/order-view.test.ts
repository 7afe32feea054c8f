import { afterEach, describe, expect, it } from 'vitest';
import type { GuestOrder } from '@meetflow/shared/schemas/payments';
import {
  checkoutStarted,
  forgetCheckout,
  formatRemaining,
  methodsInOrder,
  newestOrder,
  noteCheckoutStarted,
  takesProof,
} from './order-view.ts';

const order = (over: Partial<GuestOrder>): GuestOrder => ({
  id: 1,
  reference: 'MF7K2Q',
  status: 'pending',
  currency: 'HKD',
  lines: [],
  subtotal: 0,
  discount_amount: 0,
  total: 0,
  refunded_amount: 0,
  hold_until: null,
  payer_kind: 'guest',
  payer_institution: '',
  methods: [],
  proof_uploaded: false,
  receipts: [],
  created_at: 1000,
  paid_at: null,
  ...over,
});

const method = (m: 'fps' | 'transfer' | 'stripe' | 'desk') => ({
  method: m,
  reference: null,
  bank: null,
  note: null,
  fps_payload: null,
  checkout_url: null,
});

describe('the order panel', () => {
  afterEach(() => localStorage.clear());

  it('shows the newest order', () => {
    expect(newestOrder([])).toBeNull();
    const old = order({ id: 1, created_at: 1000, status: 'expired' });
    const again = order({ id: 2, created_at: 5000 });
    expect(newestOrder([again, old])?.id).toBe(2);
    expect(newestOrder([old, again])?.id).toBe(2);
    expect(newestOrder([order({ id: 3, created_at: 5000 }), again])?.id).toBe(3);
  });

  it('counts the hold down in minutes and seconds, never below zero', () => {
    expect(formatRemaining(30 * 60_000)).toBe('30:00');
    expect(formatRemaining(59_001)).toBe('1:00');
    expect(formatRemaining(5_000)).toBe('0:05');
    expect(formatRemaining(3_909_000)).toBe('1:05:09');
    expect(formatRemaining(-4_000)).toBe('0:00');
  });

  it('shows the FPS code first, then the transfer, the card checkout and the desk', () => {
    const methods = [method('desk'), method('stripe'), method('transfer'), method('fps')];
    expect(methodsInOrder({ methods }).map((m) => m.method)).toEqual(['fps', 'transfer', 'stripe', 'desk']);
  });

  it('takes a proof for a pending transfer or FPS order only', () => {
    expect(takesProof(order({ methods: [method('fps')] }))).toBe(true);
    expect(takesProof(order({ methods: [method('stripe'), method('transfer')] }))).toBe(true);
    expect(takesProof(order({ methods: [method('stripe'), method('desk')] }))).toBe(false);
    expect(takesProof(order({ status: 'paid', methods: [method('fps')] }))).toBe(false);
  });

  it('remembers a checkout left for a while, per order, and forgets it', () => {
    const now = 1_800_000_000_000;
    expect(checkoutStarted(7, now)).toBe(false);
    noteCheckoutStarted(7, now);
    expect(checkoutStarted(7, now + 60_000)).toBe(true);
    expect(checkoutStarted(8, now + 60_000)).toBe(false);
    // Two hours later it is no longer "just back".
    expect(checkoutStarted(7, now + 2 * 3_600_000)).toBe(false);
    forgetCheckout(7);
    expect(checkoutStarted(7, now + 60_000)).toBe(false);
  });
});
