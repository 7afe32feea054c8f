import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import { describedBy, fieldId, Label, Messages } from '../../components/form-fields.tsx';
import { formatMoney } from '../money.ts';
import { normalCode, PAYMENT_FIELDS, type PaymentChoice } from '../payment-choice.ts';

const NAME = PAYMENT_FIELDS.code;

/** Where the code stands, as the server's quote judged it. */
export type CodeStatus =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'applied'; currency: string; discount: number }
  | { kind: 'refused'; message: string }
  | { kind: 'chooseFirst' };

/**
 * The discount code (shown when the meeting has codes): checked by the server's quote when the
 * visitor presses Apply (or Enter in the field, which must not send the form), then said plainly —
 * what it takes off, or why it does not apply. Only a code the quote accepted is sent.
 */
export function DiscountCode({
  choice,
  onChoice,
  status,
  onApply,
  error,
  clearError,
}: {
  choice: PaymentChoice;
  onChoice: (update: (c: PaymentChoice) => PaymentChoice) => void;
  status: CodeStatus;
  onApply: () => void;
  error?: string;
  clearError: () => void;
}) {
  const { t } = useTranslation();
  const statusId = `${fieldId(NAME)}-status`;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    onApply();
  };
  const described = [describedBy(NAME, error), statusId].filter(Boolean).join(' ');
  return (
    <div className={`mf-pub-field${error || status.kind === 'refused' ? ' has-error' : ''}`}>
      <Label name={NAME} label={t('pub.pay.code')} />
      <div className="mf-pay-code-row">
        <input
          id={fieldId(NAME)}
          name={NAME}
          className="mf-pub-input mf-pay-code-input"
          value={choice.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error || status.kind === 'refused' ? true : undefined}
          aria-describedby={described}
          data-testid="field-discount-code"
          onKeyDown={onKeyDown}
          onChange={(e) => {
            const code = e.target.value;
            onChoice((c) => ({ ...c, code }));
            clearError();
          }}
        />
        {choice.applied && normalCode(choice.code) === choice.applied ? (
          <button
            type="button"
            className="mf-pub-button mf-pub-secondary"
            onClick={() => {
              onChoice((c) => ({ ...c, code: '', applied: '' }));
              clearError();
              document.getElementById(fieldId(NAME))?.focus();
            }}
            data-testid="discount-remove"
          >
            {t('pubPay.codeRemove')}
          </button>
        ) : (
          <button
            type="button"
            className="mf-pub-button mf-pub-secondary"
            disabled={!choice.code.trim()}
            onClick={onApply}
            data-testid="discount-apply"
          >
            {t('pubPay.codeApply')}
          </button>
        )}
      </div>
      <p
        id={statusId}
        className={status.kind === 'refused' ? 'mf-pub-error' : 'mf-pub-hint'}
        role="status"
        data-testid="discount-status"
        data-state={status.kind}
      >
        {status.kind === 'checking' && t('pubPay.codeChecking')}
        {status.kind === 'applied' &&
          t('pubPay.codeApplied', {
            code: choice.applied,
            amount: formatMoney(status.currency, status.discount),
          })}
        {status.kind === 'refused' && status.message}
        {status.kind === 'chooseFirst' && t('pubPay.codeChooseFirst')}
      </p>
      <Messages name={NAME} label="" error={error} />
    </div>
  );
}
