import type { GuestOrder, PaymentMethod } from '@meetflow/shared/schemas/payments';
import { readJson, removeKey, writeJson } from '../../../lib/storage.ts';

/* The guest page's order panel (issue 44), its rules without UI. */

/** The order the page shows: the newest (a guest signed up again after an expiry has two). */
export function newestOrder(orders: readonly GuestOrder[]): GuestOrder | null {
  let best: GuestOrder | null = null;
  for (const order of orders) {
    if (
      !best ||
      order.created_at > best.created_at ||
      (order.created_at === best.created_at && order.id > best.id)
    )
      best = order;
  }
  return best;
}

/** Time left on a hold, '29:59' (or '1:05:09' past an hour); '0:00' once it ran out. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A pending order whose guest may send a proof (paying by transfer or FPS leaves one). */
export function takesProof(order: GuestOrder): boolean {
  return (
    order.status === 'pending' && order.methods.some((m) => m.method === 'transfer' || m.method === 'fps')
  );
}

/**
 * The ways to pay in the order the panel shows them: the QR code first (quickest on a phone in Hong
 * Kong), then the transfer, the card checkout, the desk; whatever the server lists them in.
 */
const METHOD_ORDER: readonly PaymentMethod[] = ['fps', 'transfer', 'stripe', 'desk'];
export function methodsInOrder<M extends { method: PaymentMethod }>(order: { methods: readonly M[] }): M[] {
  return [...order.methods].sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
}

/*
 * Card, Alipay and WeChat Pay go to the provider's page and come back here. Coming back proves
 * nothing (the provider's signed message confirms a payment, on the server): the page only notes
 * that the guest left for the checkout, to say "being confirmed" and read the order a few times.
 */
const CHECKOUT_KEY = 'checkout_';
/** A checkout left longer ago than this is no longer "just back". */
const CHECKOUT_FRESH_MS = 2 * 60 * 60 * 1000;

export function noteCheckoutStarted(orderId: number, now: number): void {
  writeJson(`${CHECKOUT_KEY}${orderId}`, now);
}

/** Whether the guest went to the checkout for this order lately (and so may be just back). */
export function checkoutStarted(orderId: number, now: number): boolean {
  const at = readJson<unknown>(`${CHECKOUT_KEY}${orderId}`, null);
  return typeof at === 'number' && now - at >= 0 && now - at < CHECKOUT_FRESH_MS;
}

export function forgetCheckout(orderId: number): void {
  removeKey(`${CHECKOUT_KEY}${orderId}`);
}

/** Waits between the reads of an order just back from checkout: about half a minute in all, then the page says to look later. */
export const CONFIRM_POLL_MS = [2000, 3000, 5000, 8000, 13000] as const;

/** How often a pending order is read again while its page is open and shown (a transfer lands). */
export const PENDING_POLL_MS = 30_000;

/** How often an order whose hold has ended is read until its expiry is recorded. */
export const AFTER_HOLD_POLL_MS = 10_000;
