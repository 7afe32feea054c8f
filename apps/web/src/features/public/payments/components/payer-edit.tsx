import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { GuestOrder } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ChoiceField, fieldId, TextField } from '../../components/form-fields.tsx';
import { errorMessage } from '../../components/public-frame.tsx';
import { isTokenLost, PublicApiError } from '../../public-api.ts';
import { paymentsApi } from '../payments-api.ts';

type Kind = GuestOrder['payer_kind'];

/**
 * Who the receipt will be made out to, and — while the order awaits payment — a way to change it
 * (the receipt is issued with the payment and never rewritten after).
 */
export function PayerEdit({
  order,
  token,
  onSaved,
  onTokenLost,
}: {
  order: GuestOrder;
  token: string;
  onSaved: () => void;
  onTokenLost: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [kind, setKind] = useState<Kind>(order.payer_kind);
  const [name, setName] = useState(order.payer_institution);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; text?: string }>({});
  const changeButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  // Opening moves the focus into the form; closing brings it back to the button.
  useEffect(() => {
    if (editing) document.getElementById(fieldId('order_payer_kind'))?.focus();
    else if (opened.current) changeButton.current?.focus();
    opened.current = editing;
  }, [editing]);

  const start = () => {
    setKind(order.payer_kind);
    setName(order.payer_institution);
    setError({});
    setEditing(true);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (kind === 'institution' && !name.trim()) {
      setError({ field: t('pub.err.institutionRequired') });
      return;
    }
    setBusy(true);
    try {
      await paymentsApi.setPayer(token, order.id, { payer_kind: kind, payer_institution: name.trim() });
      setEditing(false);
      onSaved();
    } catch (failure) {
      if (isTokenLost(failure)) return onTokenLost();
      const field = failure instanceof PublicApiError ? failure.fields.payer_institution : undefined;
      setError(
        field ? { field } : { text: errorMessage(failure, t('pub.loadFailed'), t('pub.networkError')) },
      );
    } finally {
      setBusy(false);
    }
  };

  const current =
    order.payer_kind === 'institution' && order.payer_institution
      ? order.payer_institution
      : t('pubPay.payerGuest');
  if (!editing) {
    return (
      <div className="mf-pay-payer">
        <p className="mf-pub-hint" data-testid="order-payer">
          {t('pubPay.payerLine', { name: current })}
        </p>
        <button
          type="button"
          className="mf-pub-textlink mf-pub-linkbutton"
          ref={changeButton}
          onClick={start}
          data-testid="order-payer-change"
        >
          {t('pubPay.payerChange')}
        </button>
      </div>
    );
  }
  return (
    <form className="mf-pub-form mf-pay-payer-form" onSubmit={(e) => void save(e)} noValidate>
      <ChoiceField
        name="order_payer_kind"
        label={t('pubPay.payerLegend')}
        required
        value={kind}
        options={[
          { value: 'guest', label: t('pubPay.payerGuest') },
          { value: 'institution', label: t('pubPay.payerInstitution') },
        ]}
        onChange={(value) => setKind(value === 'institution' ? 'institution' : 'guest')}
      />
      {kind === 'institution' && (
        <TextField
          name="order_payer_institution"
          label={t('pub.pay.institution')}
          required
          autoComplete="organization"
          maxLength={200}
          value={name}
          onChange={(value) => {
            setName(value);
            setError({});
          }}
          error={error.field}
        />
      )}
      <div role="alert">
        {error.text && (
          <p className="mf-pub-notice" data-testid="order-payer-error">
            {error.text}
          </p>
        )}
      </div>
      <div className="mf-pub-actions">
        <button type="button" className="mf-pub-button mf-pub-secondary" onClick={() => setEditing(false)}>
          {t('pubPay.payerCancel')}
        </button>
        <button type="submit" className="mf-pub-button" disabled={busy} data-testid="order-payer-save">
          {t('pubPay.payerSave')}
        </button>
      </div>
    </form>
  );
}
