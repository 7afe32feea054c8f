import type { PublicPricing } from '@meetflow/shared/schemas/payments';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { errorId, fieldId } from '../../components/form-fields.tsx';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { PAYMENT_FIELDS } from '../payment-choice.ts';
import { MemberTag, priceName } from './fee-list.tsx';
import { PriceText } from './price-text.tsx';

const NAME = PAYMENT_FIELDS.ticket;

/**
 * A general meeting's ticket kinds (member, non-member, student…): a required radio group, each
 * with its price and early-bird deadline. The first radio carries the field id for the error summary.
 */
export function TicketChoice({
  meeting,
  pricing,
  value,
  onChange,
  error,
}: {
  meeting: PublicMeeting;
  pricing: PublicPricing;
  value: string;
  onChange: (priceItemId: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const hintId = `${fieldId(NAME)}-hint`;
  return (
    <fieldset
      className={`mf-pub-field mf-pub-fieldset${error ? ' has-error' : ''}`}
      aria-describedby={error ? `${hintId} ${errorId(NAME)}` : hintId}
      data-testid="ticket-choice"
    >
      <legend className="mf-pub-label">
        {t('pubPay.ticketLegend')}
        <span className="mf-pub-req" aria-hidden="true">
          {' *'}
        </span>
      </legend>
      <p className="mf-pub-hint" id={hintId}>
        {t('pubPay.ticketHint')}
      </p>
      <div className="mf-pay-tickets">
        {pricing.registration.map((price, index) => {
          const id = String(price.price_item_id);
          return (
            <label key={id} className={`mf-pay-ticket${value === id ? ' is-chosen' : ''}`}>
              <input
                type="radio"
                id={index === 0 ? fieldId(NAME) : undefined}
                name={NAME}
                value={id}
                checked={value === id}
                required
                aria-invalid={error ? true : undefined}
                data-testid={`ticket-${id}`}
                onChange={() => onChange(id)}
              />
              <span className="mf-pay-ticket-text">
                <span className="mf-pay-fee-name">{priceName(meeting, price, lang)}</span>
                {price.member_only && <MemberTag />}
                <PriceText price={price} currency={pricing.currency} zone={meeting.time_zone} />
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p className="mf-pub-error" id={errorId(NAME)} data-testid={`error-${NAME}`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
