import { useState } from 'react';
import type { PublicPricing } from '@meetflow/shared/schemas/payments';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import type { ErrorTexts } from '../../components/form-fields.tsx';
import {
  asksTicket,
  normalCode,
  PAYMENT_FIELDS,
  quoteBodyOf,
  type PaymentChoice,
} from '../payment-choice.ts';
import '../payments-i18n.ts';
import '../payments.css';
import { useQuote } from '../use-quote.ts';
import { DiscountCode, type CodeStatus } from './discount-code.tsx';
import { FeeList, PayingNotes } from './fee-list.tsx';
import { PayerChoice } from './payer-choice.tsx';
import { QuoteBox } from './quote-box.tsx';
import { TicketChoice } from './ticket-choice.tsx';

export interface PricingSectionProps {
  meeting: PublicMeeting;
  /** fees: the list of prices (a date-schedule form's first step); choose: what the sign-up pays. */
  mode: 'fees' | 'choose';
  choice: PaymentChoice;
  onChoice: (update: (c: PaymentChoice) => PaymentChoice) => void;
  /** A date-schedule sign-up's registration type and sessions: what the quote depends on. */
  userTypeId: number | null;
  scheduleIds: readonly number[];
  errors: ErrorTexts;
  clearError: (name: string) => void;
  /** The institution or organisation typed in the form: offered as the receipt's name. */
  institution: string;
}

/**
 * A paid meeting's part of the sign-up form (issue 44), a lazy chunk of its own: the prices, the
 * ticket kind (general meetings), the discount code, who the receipt is for, and the total the
 * server quotes for what is chosen.
 */
export default function PricingSection(props: PricingSectionProps) {
  const pricing = props.meeting.pricing;
  if (!pricing) return null;
  if (props.mode === 'fees') return <FeeList meeting={props.meeting} pricing={pricing} />;
  return <PaymentChoices {...props} pricing={pricing} />;
}

function PaymentChoices({
  meeting,
  pricing,
  choice,
  onChoice,
  userTypeId,
  scheduleIds,
  errors,
  clearError,
  institution,
}: PricingSectionProps & { pricing: PublicPricing }) {
  const { t } = useTranslation();
  const type = meeting.meeting_type;
  const bodyWith = (code: string) => quoteBodyOf(pricing, type, choice, userTypeId, scheduleIds, code);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [chooseFirst, setChooseFirst] = useState(false);
  // A code the quote refuses (unknown, expired, used up, not for this ticket) is told under its
  // field and taken off; the quote is then asked again without it.
  const { state, retry } = useQuote(meeting.public_id, bodyWith(choice.applied), (code, message) => {
    setRefusal(message || t('pub.err.discountNotApplied'));
    onChoice((c) => (c.applied === code ? { ...c, applied: '' } : c));
  });

  const apply = () => {
    const code = normalCode(choice.code);
    if (!code) return;
    if (bodyWith(code) === null) {
      setChooseFirst(true);
      return;
    }
    setRefusal(null);
    setChooseFirst(false);
    onChoice((c) => ({ ...c, code, applied: code }));
    clearError(PAYMENT_FIELDS.code);
  };

  const status: CodeStatus = refusal
    ? { kind: 'refused', message: refusal }
    : chooseFirst
      ? { kind: 'chooseFirst' }
      : !choice.applied
        ? { kind: 'none' }
        : state.status === 'ready' && state.body.discount_code === choice.applied
          ? { kind: 'applied', currency: state.quote.currency, discount: state.quote.discount_amount }
          : { kind: 'checking' };

  return (
    <div className="mf-pay-choices" data-testid="pricing">
      {asksTicket(pricing, type) && (
        <TicketChoice
          meeting={meeting}
          pricing={pricing}
          value={choice.price_item_id}
          onChange={(id) => {
            onChoice((c) => ({ ...c, price_item_id: id }));
            clearError(PAYMENT_FIELDS.ticket);
            setChooseFirst(false);
          }}
          error={errors[PAYMENT_FIELDS.ticket]}
        />
      )}
      {pricing.has_discount_codes && (
        <DiscountCode
          choice={choice}
          onChoice={onChoice}
          status={status}
          onApply={apply}
          error={errors[PAYMENT_FIELDS.code]}
          clearError={() => {
            setRefusal(null);
            setChooseFirst(false);
            clearError(PAYMENT_FIELDS.code);
          }}
        />
      )}
      <PayerChoice
        choice={choice}
        onChoice={onChoice}
        institution={institution}
        errors={errors}
        clearError={clearError}
      />
      <QuoteBox state={state} onRetry={retry} />
      <PayingNotes pricing={pricing} />
    </div>
  );
}
