import { useState, type FormEvent } from 'react';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation, type TFunction } from '../../../../lib/i18n.ts';
import {
  answerName,
  consentErrors,
  consentFields,
  EMPTY_GENERAL,
  generalBody,
  validateGeneral,
  type GeneralForm,
} from '../sign-up-form.ts';
import { loadPhoneRule } from '../../phone-rule.ts';
import { useCustomForm } from '../use-custom-form.ts';
import type { FormPreview } from '../use-form-preview.ts';
import { useSignUpDraft } from '../use-sign-up-draft.ts';
import { useSignUpSubmit } from '../use-sign-up-submit.ts';
import { CustomFieldsSlot, PreviewNotice } from './custom-fields-slot.tsx';
import { PricingSlot } from '../../payments/components/pricing-slot.tsx';
import { usePaymentChoice } from '../../payments/use-payment-choice.ts';
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

/**
 * The general sign-up form (spec §3 "Guest, general form"), then the meeting's own fields. In the
 * organiser's preview it shows the builder's fields and signs no one up.
 */
export function GeneralSignUp({
  meeting,
  onStale,
  preview = null,
  invitationCode = null,
}: {
  meeting: PublicMeeting;
  onStale: () => void;
  preview?: FormPreview;
  /** An invitation the page checked (issue 45): sent as `invitation_code`. */
  invitationCode?: string | null;
}) {
  const { t } = useTranslation();
  const { form, setForm, answers, setAnswer } = useSignUpDraft<GeneralForm>(
    meeting.public_id,
    () => ({ ...EMPTY_GENERAL, area_code: meeting.default_area_code ?? '' }),
    preview === null,
  );
  const [consent, setConsent] = useState(false);
  // A paid meeting's ticket, discount code and receipt's name (issue 44).
  const pay = usePaymentChoice(meeting);
  const s = useSignUpSubmit(meeting, onStale, invitationCode);
  const custom = useCustomForm(meeting, preview);
  const notice = meeting.privacy_notice;

  const set =
    <K extends keyof GeneralForm>(key: K) =>
    (value: string) => {
      setForm((f) => ({ ...f, [key]: value as GeneralForm[K] }));
      s.clearError(key);
    };
  const onAnswer = (key: string, value: unknown) => {
    setAnswer(key, value);
    s.clearError(answerName(key));
  };

  const fields = generalFields(t);
  const labels = [
    ...fieldLabels(fields, t),
    ...custom.labels(),
    ...pay.labels(t),
    ['consent', t('pub.privacy.title')] as const,
  ];

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (s.busy || preview) return;
    const phoneRule = await loadPhoneRule();
    const checked = custom.check(answers, null);
    const errors = {
      ...validateGeneral(form, phoneRule),
      ...pay.errors(),
      ...consentErrors(notice !== null, consent),
    };
    if (!s.showClientErrors(errors, checked.errors)) return;
    const body = { ...generalBody(form, phoneRule), answers: checked.answers, ...pay.body() };
    void s.submit({ ...body, ...consentFields(notice, consent) });
  };

  return (
    <form
      className="mf-pub-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onFocus={() => void loadPhoneRule()}
      data-testid="sign-up-form"
      aria-busy={s.busy}
    >
      {preview && <PreviewNotice custom={custom} waiting={preview.fields === null} />}
      <SignUpSummary s={s} labels={labels} meeting={meeting} />
      <SignUpFields fields={fields} form={form} set={set} errors={s.errors} />
      <CustomFieldsSlot
        custom={custom}
        meeting={meeting}
        answers={answers}
        onAnswer={onAnswer}
        errors={s.errors}
        userTypeId={null}
        preview={preview !== null}
      />
      <PricingSlot
        mode="choose"
        {...pay.slot(s, { userTypeId: null, scheduleIds: [], institution: form.institution })}
      />
      <ConsentField meeting={meeting} consent={consent} setConsent={setConsent} s={s} />
      <button
        type="submit"
        className="mf-pub-button mf-pub-block"
        disabled={s.busy || preview !== null}
        data-testid="sign-up-submit"
      >
        {s.busy ? t('pub.submitting') : s.submitLabel}
      </button>
    </form>
  );
}
