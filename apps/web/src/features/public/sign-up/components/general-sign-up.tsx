import { useState, type FormEvent } from 'react';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation, type TFunction } from '../../../../lib/i18n.ts';
import {
  consentErrors,
  consentFields,
  EMPTY_GENERAL,
  generalBody,
  validateGeneral,
  type GeneralForm,
} from '../sign-up-form.ts';
import { useSignUpSubmit } from '../use-sign-up-submit.ts';
import {
  ConsentField,
  emailField,
  fieldLabels,
  SignUpFields,
  SignUpSummary,
  yesNo,
  type SignUpField,
} from './sign-up-fields.tsx';

const generalFields = (t: TFunction): SignUpField<keyof GeneralForm>[] => [
  { kind: 'text', name: 'name', label: t('pub.name'), required: true, autoComplete: 'name' },
  {
    kind: 'choice',
    name: 'gender',
    label: t('pub.gender'),
    required: true,
    options: [
      { value: 'male', label: t('pub.male') },
      { value: 'female', label: t('pub.female') },
    ],
  },
  { kind: 'choice', name: 'local_guest', label: t('pub.localGuest'), required: true, options: yesNo(t) },
  { kind: 'phone' },
  emailField(t),
  { kind: 'text', name: 'institution', label: t('pub.institution'), autoComplete: 'organization' },
  { kind: 'text', name: 'job_title', label: t('pub.jobTitle'), autoComplete: 'organization-title' },
  { kind: 'text', name: 'contact_name', label: t('pub.contactName') },
  ...(['contact_number', 'contact_phone'] as const).map(
    (name) =>
      ({
        kind: 'text',
        name,
        label: t(name === 'contact_number' ? 'pub.contactNumber' : 'pub.contactPhone'),
        required: true,
        type: 'tel',
        inputMode: 'tel',
      }) as const,
  ),
];

/** The general sign-up form (spec §3 "Guest, general form"). */
export function GeneralSignUp({ meeting, onStale }: { meeting: PublicMeeting; onStale: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<GeneralForm>(() => ({
    ...EMPTY_GENERAL,
    area_code: meeting.default_area_code ?? '',
  }));
  const [consent, setConsent] = useState(false);
  const s = useSignUpSubmit(meeting, onStale);
  const notice = meeting.privacy_notice;

  const set =
    <K extends keyof GeneralForm>(key: K) =>
    (value: string) => {
      setForm((f) => ({ ...f, [key]: value as GeneralForm[K] }));
      s.clearError(key);
    };

  const fields = generalFields(t);
  const labels = [...fieldLabels(fields, t), ['consent', t('pub.privacy.title')] as const];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (s.busy) return;
    if (!s.showClientErrors({ ...validateGeneral(form), ...consentErrors(notice !== null, consent) })) return;
    void s.submit({ ...generalBody(form), ...consentFields(notice, consent) });
  };

  return (
    <form
      className="mf-pub-form"
      noValidate
      onSubmit={onSubmit}
      data-testid="sign-up-form"
      aria-busy={s.busy}
    >
      <SignUpSummary s={s} labels={labels} meeting={meeting} />
      <SignUpFields fields={fields} form={form} set={set} errors={s.errors} />
      <ConsentField meeting={meeting} consent={consent} setConsent={setConsent} s={s} />
      <button
        type="submit"
        className="mf-pub-button mf-pub-block"
        disabled={s.busy}
        data-testid="sign-up-submit"
      >
        {s.busy ? t('pub.submitting') : s.submitLabel}
      </button>
    </form>
  );
}
