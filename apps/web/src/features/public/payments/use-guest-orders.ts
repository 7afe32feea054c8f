import { useCallback, useEffect, useState } from 'react';
import type { GuestOrder } from '@meetflow/shared/schemas/payments';
import { isTokenLost } from '../public-api.ts';
import {
  checkoutStarted,
  CONFIRM_POLL_MS,
  forgetCheckout,
  newestOrder,
  PENDING_POLL_MS,
  AFTER_HOLD_POLL_MS,
} from './order-view.ts';
import { paymentsApi } from './payments-api.ts';

export type OrdersState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** `back`: the guest went to the card checkout for this pending order and may be just back. */
  | { status: 'ready'; order: GuestOrder | null; back: boolean }
  /** The token opens nothing any more: the hold ran out and the sign-up was cancelled with it. */
  | { status: 'gone' };

/** Whether the page may read now: not while it is hidden, unless it waits for a checkout's outcome. */
const shown = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * The guest's order, read again while it awaits payment: every half minute while the page is shown,
 * when the hold runs out, whenever the page is shown again (back from the banking app), and — just
 * back from a card checkout — a few times in quick succession (unless the checkout's cancel
 * address brought the guest back, `checkoutCancelled`). The browser's return proves nothing:
 * only the order's status, which the provider's signed message changes on the server, is believed.
 */
export function useGuestOrders(token: string, checkoutCancelled: boolean) {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const [confirmPolls, setConfirmPolls] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    paymentsApi.orders(token, controller.signal).then(
      (orders) => {
        if (controller.signal.aborted) return;
        const order = newestOrder(orders);
        // Cancelled on the provider's page (its cancel address says so): nothing to wait for.
        if (order && (order.status !== 'pending' || checkoutCancelled)) forgetCheckout(order.id);
        const back = order?.status === 'pending' && checkoutStarted(order.id, Date.now());
        setState({ status: 'ready', order, back });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isTokenLost(error)) setState({ status: 'gone' });
        // A failed re-read keeps what the page shows (a fresh object: the next read is planned again).
        else setState((s) => (s.status === 'ready' ? { ...s } : { status: 'error', error }));
      },
    );
    return () => controller.abort();
  }, [token, version, checkoutCancelled]);

  useEffect(() => {
    if (state.status !== 'ready' || state.order?.status !== 'pending') return;
    const order = state.order;
    const quick = state.back && confirmPolls < CONFIRM_POLL_MS.length;
    let delay = quick ? CONFIRM_POLL_MS[confirmPolls]! : PENDING_POLL_MS;
    // Read again just after the hold ends; once it has, every few seconds until the expiry job has
    // closed the order (not in a tight loop, should the job run late).
    if (order.hold_until !== null) {
      const untilEnd = order.hold_until - Date.now() + 1500;
      delay = Math.min(delay, untilEnd > 0 ? untilEnd : AFTER_HOLD_POLL_MS);
    }
    const timer = setTimeout(() => {
      if (quick) setConfirmPolls((n) => n + 1);
      if (quick || shown()) reload();
    }, delay);
    return () => clearTimeout(timer);
  }, [state, confirmPolls, reload]);

  useEffect(() => {
    const onShow = () => {
      if (shown()) reload();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [reload]);

  const confirming =
    state.status === 'ready' && state.back
      ? confirmPolls < CONFIRM_POLL_MS.length
        ? ('polling' as const)
        : ('slow' as const)
      : null;
  return { state, reload, confirming };
}
