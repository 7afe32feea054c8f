import type { GuestOrder } from '@meetflow/shared/schemas/payments';
import type { GroupAttendee } from '@meetflow/shared/schemas/groups';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { formatDateTime } from '../../display.ts';
import { formatMoney } from '../../payments/money.ts';
import { HoldTimer } from '../../payments/components/hold-timer.tsx';
import { OrderLines } from '../../payments/components/order-lines.tsx';
import { PaymentMethods } from '../../payments/components/payment-methods.tsx';
import '../../payments/payments-i18n.ts';
import { groupApi } from '../group-api.ts';
import { rememberGroupToken } from '../group-return.ts';
import '../../payments/payments.css';

/**
 * A paid meeting's group order on the contact's page (decision 0106): its state and reference, the
 * amount, how long the seats are held, a line per attendee's ticket with their name, and while it
 * awaits payment how to pay — as the paid sign-up's own page shows an order, Stripe included: the
 * contact's checkout is opened by the group token, kept in the tab for Stripe's way back.
 */
export function GroupOrder({
  meeting,
  order,
  attendees,
  token,
}: {
  meeting: PublicMeeting;
  order: GuestOrder;
  attendees: readonly GroupAttendee[];
  token: string;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const nameOf = (id: number | undefined) => attendees.find((a) => a.id === id)?.display_name;
  // Each line is named after the attendee it charges.
  const lines = order.lines.map((line) => {
    const name = nameOf(line.guest_id);
    if (!name) return line;
    const named = (text: string) => `${name} · ${text}`;
    return {
      ...line,
      description: {
        'zh-tw': named(line.description['zh-tw']),
        'zh-cn': named(line.description['zh-cn']),
        en: named(line.description.en),
      },
    };
  });
  const pending = order.status === 'pending';
  return (
    <section className="mf-pub-card mf-pay-order" aria-labelledby="pub-pay-order" data-testid="order-panel">
      <div className="mf-pay-head">
        <h2 className="mf-pub-h2" id="pub-pay-order">
          {t('pubPay.orderTitle')}
        </h2>
        <span
          className={`mf-pay-badge is-${order.status}`}
          data-testid="order-status"
          data-status={order.status}
        >
          {t(`pubPay.status.${order.status}`)}
        </span>
        <p className="mf-pay-ref">
          {t('pubPay.reference')}: <span data-testid="order-reference">{order.reference}</span>
        </p>
      </div>
      <p className="mf-pub-intro">{pending ? t('pub.groups.orderPending') : t('pub.groups.orderIntro')}</p>
      <p className="mf-pay-due">
        <span className="mf-pay-due-label">{pending ? t('pubPay.amountDue') : t('pubPay.total')}</span>
        <span className="mf-pay-due-amount" data-testid="order-total">
          {formatMoney(order.currency, order.total)}
        </span>
      </p>
      {pending && order.hold_until !== null && (
        <HoldTimer holdUntil={order.hold_until} zone={meeting.time_zone} />
      )}
      {order.paid_at !== null && (
        <p className="mf-pub-hint" data-testid="order-paid-at">
          {t('pubPay.paidOn', { time: formatDateTime(order.paid_at, meeting.time_zone, lang) })}
        </p>
      )}
      <OrderLines figures={{ ...order, lines }} totalLabel={t('pubPay.total')} testId="order-lines" />
      {pending && (
        <PaymentMethods
          order={order}
          checkout={() => {
            rememberGroupToken(token);
            return groupApi.checkout(token);
          }}
        />
      )}
    </section>
  );
}
