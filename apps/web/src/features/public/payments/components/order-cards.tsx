import { Link } from 'react-router';
import type { GuestOrder } from '@meetflow/shared/schemas/payments';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { formatDateTime } from '../../display.ts';
import { formatMoney } from '../money.ts';
import '../payments-i18n.ts';
import '../payments.css';
import { takesProof } from '../order-view.ts';
import { paymentsApi } from '../payments-api.ts';
import { HoldTimer } from './hold-timer.tsx';
import { OrderLines } from './order-lines.tsx';
import { PayerEdit } from './payer-edit.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { ReceiptList } from './receipt-list.tsx';

type Status = GuestOrder['status'] | 'gone';

/** The card's heading with the order's state beside it. */
function OrderHeading({ status, reference }: { status: Status; reference?: string }) {
  const { t } = useTranslation();
  const shown = status === 'gone' ? 'expired' : status;
  return (
    <div className="mf-pay-head">
      <h2 className="mf-pub-h2" id="pub-pay-order">
        {t('pubPay.orderTitle')}
      </h2>
      <span className={`mf-pay-badge is-${shown}`} data-testid="order-status" data-status={shown}>
        {t(`pubPay.status.${shown}`)}
      </span>
      {reference && (
        <p className="mf-pay-ref">
          {t('pubPay.reference')}: <span data-testid="order-reference">{reference}</span>
        </p>
      )}
    </div>
  );
}

function PayerLine({ order }: { order: GuestOrder }) {
  const { t } = useTranslation();
  if (order.payer_kind !== 'institution' || !order.payer_institution) return null;
  return <p className="mf-pub-hint">{t('pubPay.payerLine', { name: order.payer_institution })}</p>;
}

/**
 * An order awaiting payment: the amount, how long the seat is held, the lines, one section per way
 * to pay, and the proof upload; just back from a card checkout, that the payment is being confirmed.
 */
export function PendingOrder({
  meeting,
  order,
  token,
  confirming,
  onReload,
  onTokenLost,
}: {
  meeting: PublicMeeting;
  order: GuestOrder;
  token: string;
  confirming: 'polling' | 'slow' | null;
  onReload: () => void;
  onTokenLost: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="mf-pub-card mf-pay-order" aria-labelledby="pub-pay-order" data-testid="order-panel">
      <OrderHeading status="pending" reference={order.reference} />
      <div role="status">
        {confirming && (
          <div className="mf-pay-confirming" data-testid="payment-confirming" data-state={confirming}>
            {confirming === 'polling' && <span className="mf-pub-spinner" aria-hidden="true" />}
            <p>{confirming === 'polling' ? t('pubPay.confirming') : t('pubPay.confirmSlow')}</p>
            {confirming === 'slow' && (
              <button type="button" className="mf-pub-button mf-pub-secondary" onClick={onReload}>
                {t('pubPay.refresh')}
              </button>
            )}
          </div>
        )}
      </div>
      <p className="mf-pay-due">
        <span className="mf-pay-due-label">{t('pubPay.amountDue')}</span>
        <span className="mf-pay-due-amount" data-testid="order-total">
          {formatMoney(order.currency, order.total)}
        </span>
      </p>
      {order.hold_until !== null && <HoldTimer holdUntil={order.hold_until} zone={meeting.time_zone} />}
      <OrderLines figures={order} totalLabel={t('pubPay.total')} testId="order-lines" />
      <PayerEdit order={order} token={token} onSaved={onReload} onTokenLost={onTokenLost} />
      <PaymentMethods order={order} checkout={() => paymentsApi.checkout(token, order.id)} />
      {takesProof(order) && (
        <ProofUpload order={order} token={token} onUploaded={onReload} onTokenLost={onTokenLost} />
      )}
    </section>
  );
}

/** A paid order (the guest card with the code shows above it): when, any refund, the receipts. */
export function PaidOrder({
  meeting,
  order,
  token,
  onTokenLost,
}: {
  meeting: PublicMeeting;
  order: GuestOrder;
  token: string;
  onTokenLost: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  return (
    <section className="mf-pub-card mf-pay-order" aria-labelledby="pub-pay-order" data-testid="order-panel">
      <OrderHeading status={order.status} reference={order.reference} />
      <p className="mf-pay-due">
        <span className="mf-pay-due-label">{t('pubPay.total')}</span>
        <span className="mf-pay-due-amount" data-testid="order-total">
          {formatMoney(order.currency, order.total)}
        </span>
      </p>
      {order.paid_at !== null && (
        <p className="mf-pub-hint" data-testid="order-paid-at">
          {t('pubPay.paidOn', { time: formatDateTime(order.paid_at, meeting.time_zone, lang) })}
        </p>
      )}
      {order.refunded_amount > 0 && (
        <p className="mf-pub-hint" data-testid="order-refunded">
          {t('pubPay.partlyRefunded', { amount: formatMoney(order.currency, order.refunded_amount) })}
        </p>
      )}
      {order.status === 'refunded' && <p className="mf-pay-text">{t('pubPay.refundedBody')}</p>}
      <PayerLine order={order} />
      <ReceiptList
        receipts={order.receipts}
        currency={order.currency}
        zone={meeting.time_zone}
        token={token}
        onTokenLost={onTokenLost}
      />
    </section>
  );
}

/**
 * An order that will not be paid: the hold ran out (or the token no longer opens the sign-up it
 * cancelled), the organiser cancelled it, or a late payment awaits its refund.
 */
export function ClosedOrder({ meeting, status }: { meeting: PublicMeeting; status: Status }) {
  const { t } = useTranslation();
  const expired = status === 'expired' || status === 'gone';
  return (
    <section className="mf-pub-card mf-pay-order" aria-labelledby="pub-pay-order" data-testid="order-panel">
      <OrderHeading status={status} />
      {expired && <p className="mf-pay-text mf-pay-strong">{t('pubPay.expiredTitle')}</p>}
      <p className="mf-pay-text" data-testid="order-closed-text">
        {expired
          ? t('pubPay.expiredBody')
          : status === 'refund_due'
            ? t('pubPay.refundDueBody')
            : t('pubPay.cancelledBody')}
      </p>
      {(expired || status === 'cancelled') && (
        <Link
          className="mf-pub-button mf-pub-block"
          to={`/sign-up/${encodeURIComponent(meeting.public_id)}`}
          data-testid="order-sign-up-again"
        >
          {t('pubPay.signUpAgain')}
        </Link>
      )}
    </section>
  );
}
