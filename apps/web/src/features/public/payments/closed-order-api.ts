import type { GuestOrder, OrderStatus } from '@meetflow/shared/schemas/payments';
import { publicRequest } from '../public-api.ts';
import { newestOrder } from './order-view.ts';

/** What ended an order that will not be paid. */
export type ClosedStatus = Exclude<OrderStatus, 'pending' | 'paid'>;
const CLOSED: readonly OrderStatus[] = ['expired', 'cancelled', 'refund_due', 'refunded'];

/**
 * Whether a token the guest page no longer opens belongs to a sign-up whose order closed: an unpaid
 * hold that ran out cancels the guest with it, and the orders route still answers that token, so
 * the page says "the time to pay has passed; sign up again" rather than asking for a look-up. Null
 * for anything else (no order, a failure): the page then goes on as for a lost token. Apart from
 * payments-api.ts, so that the guest page's own chunk carries only this request.
 */
export async function closedOrderOf(token: string): Promise<ClosedStatus | null> {
  try {
    const orders = await publicRequest<GuestOrder[]>('GET', '/public/guest/orders', { guestToken: token });
    const status = newestOrder(orders)?.status;
    return status && CLOSED.includes(status) ? (status as ClosedStatus) : null;
  } catch {
    return null;
  }
}
