import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PublicGuest, PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { errorMessage } from '../../components/public-frame.tsx';
import '../payments-i18n.ts';
import '../payments.css';
import { useGuestOrders } from '../use-guest-orders.ts';
import { ClosedOrder, PaidOrder, PendingOrder } from './order-cards.tsx';

export interface GuestOrderProps {
  meeting: PublicMeeting;
  guest: PublicGuest;
  token: string;
  /** The order was found paid while the page still shows an unpaid guest: read the guest again (the code comes). */
  onPaid: () => void;
  onTokenLost: () => void;
}

/**
 * The guest page's order (issue 44), a lazy chunk of its own: while unpaid, what to pay and how,
 * instead of the QR code; once paid, the receipts under the guest card; or what became of it.
 */
export default function GuestOrder({ meeting, guest, token, onPaid, onTokenLost }: GuestOrderProps) {
  const { t } = useTranslation();
  // The card checkout sends the guest back here with `payment=returned` or `payment=cancelled`.
  const cancelled = new URLSearchParams(useLocation().search).get('payment') === 'cancelled';
  const { state, reload, confirming } = useGuestOrders(token, cancelled);
  const told = useRef<number | null>(null);
  const order = state.status === 'ready' ? state.order : null;

  useEffect(() => {
    if (!order || order.status !== 'paid' || !guest.unpaid || told.current === order.id) return;
    told.current = order.id;
    onPaid();
  }, [order, guest.unpaid, onPaid]);

  if (state.status === 'gone') return <ClosedOrder meeting={meeting} status="gone" />;
  if (state.status === 'loading') {
    return guest.unpaid ? (
      <p className="mf-pub-status" role="status">
        <span className="mf-pub-spinner" aria-hidden="true" />
        {t('pub.loading')}
      </p>
    ) : null;
  }
  if (state.status === 'error') {
    // Paid guests lose only their receipts list; an unpaid one needs the order to pay.
    if (!guest.unpaid) return null;
    return (
      <section className="mf-pub-card mf-pub-center" role="alert" data-testid="order-error">
        <p>{errorMessage(state.error, t('pub.loadFailed'), t('pub.networkError'))}</p>
        <button type="button" className="mf-pub-button" onClick={reload}>
          {t('pub.retry')}
        </button>
      </section>
    );
  }
  if (!order) return null;
  switch (order.status) {
    case 'pending':
      return (
        <PendingOrder
          meeting={meeting}
          order={order}
          token={token}
          confirming={confirming}
          onReload={reload}
          onTokenLost={onTokenLost}
        />
      );
    case 'paid':
    case 'refunded':
      return <PaidOrder meeting={meeting} order={order} token={token} onTokenLost={onTokenLost} />;
    default:
      return <ClosedOrder meeting={meeting} status={order.status} />;
  }
}
