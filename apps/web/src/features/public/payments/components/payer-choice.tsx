import { useTranslation } from '../../../../lib/i18n.ts';
import { ChoiceField, TextField } from '../../components/form-fields.tsx';
import { PAYMENT_FIELDS, type PaymentChoice } from '../payment-choice.ts';

/**
 * Who the receipt is made out to: the guest, or their institution by name (offered from what the
 * form already holds, the guest's institution or organisation, when the field is still empty).
 */
export function PayerChoice({
  choice,
  onChoice,
  institution,
  errors,
  clearError,
}: {
  choice: PaymentChoice;
  onChoice: (update: (c: PaymentChoice) => PaymentChoice) => void;
  institution: string;
  errors: Record<string, string>;
  clearError: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceField
        name={PAYMENT_FIELDS.payerKind}
        label={t('pubPay.payerLegend')}
        required
        value={choice.payer_kind}
        options={[
          { value: 'guest', label: t('pubPay.payerGuest') },
          { value: 'institution', label: t('pubPay.payerInstitution') },
        ]}
        onChange={(value) => {
          const kind = value === 'institution' ? 'institution' : 'guest';
          onChoice((c) => ({
            ...c,
            payer_kind: kind,
            payer_institution:
              kind === 'institution' && !c.payer_institution.trim()
                ? institution.trim()
                : c.payer_institution,
          }));
          clearError(PAYMENT_FIELDS.institution);
        }}
        error={errors[PAYMENT_FIELDS.payerKind]}
      />
      {choice.payer_kind === 'institution' && (
        <TextField
          name={PAYMENT_FIELDS.institution}
          label={t('pub.pay.institution')}
          required
          autoComplete="organization"
          maxLength={200}
          value={choice.payer_institution}
          onChange={(value) => {
            onChoice((c) => ({ ...c, payer_institution: value }));
            clearError(PAYMENT_FIELDS.institution);
          }}
          error={errors[PAYMENT_FIELDS.institution]}
        />
      )}
    </>
  );
}
