import { useState, type FormEvent } from 'react';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ChoiceField, ErrorSummary, PhoneFields, TextField } from '../../components/form-fields.tsx';
import { PrivacyConsent } from './privacy-consent.tsx';
import {
  consentErrors,
  consentFields,
  EMPTY_GENERAL,
  generalBody,
  validateGeneral,
  type GeneralForm,
} from '../sign-up-form.ts';
import { SignUpNotice } from './sign-up-notice.tsx';
import { useSignUpSubmit } from '../use-sign-up-submit.ts';

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

  const labels = [
    ['name', t('pub.name')],
    ['gender', t('pub.gender')],
    ['local_guest', t('pub.localGuest')],
    ['area_code', t('pub.areaCode')],
    ['phone', t('pub.phone')],
    ['email', t('pub.email')],
    ['institution', t('pub.institution')],
    ['job_title', t('pub.jobTitle')],
    ['contact_name', t('pub.contactName')],
    ['contact_number', t('pub.contactNumber')],
    ['contact_phone', t('pub.contactPhone')],
    ['consent', t('pub.privacy.title')],
  ] as const;

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
      <ErrorSummary errors={s.errors} labels={labels} focusKey={s.focusKey}>
        {s.notice && <SignUpNotice notice={s.notice} publicId={meeting.public_id} />}
      </ErrorSummary>
      <TextField
        name="name"
        label={t('pub.name')}
        required
        autoComplete="name"
        value={form.name}
        onChange={set('name')}
        error={s.errors.name}
      />
      <ChoiceField
        name="gender"
        label={t('pub.gender')}
        required
        value={form.gender}
        onChange={set('gender')}
        error={s.errors.gender}
        options={[
          { value: 'male', label: t('pub.male') },
          { value: 'female', label: t('pub.female') },
        ]}
      />
      <ChoiceField
        name="local_guest"
        label={t('pub.localGuest')}
        required
        value={form.local_guest}
        onChange={set('local_guest')}
        error={s.errors.local_guest}
        options={[
          { value: 'yes', label: t('pub.yes') },
          { value: 'no', label: t('pub.no') },
        ]}
      />
      <PhoneFields
        areaCode={form.area_code}
        phone={form.phone}
        onAreaCode={set('area_code')}
        onPhone={set('phone')}
        errors={s.errors}
      />
      <TextField
        name="email"
        label={t('pub.email')}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        error={s.errors.email}
      />
      <TextField
        name="institution"
        label={t('pub.institution')}
        autoComplete="organization"
        value={form.institution}
        onChange={set('institution')}
        error={s.errors.institution}
      />
      <TextField
        name="job_title"
        label={t('pub.jobTitle')}
        autoComplete="organization-title"
        value={form.job_title}
        onChange={set('job_title')}
        error={s.errors.job_title}
      />
      <TextField
        name="contact_name"
        label={t('pub.contactName')}
        value={form.contact_name}
        onChange={set('contact_name')}
        error={s.errors.contact_name}
      />
      <TextField
        name="contact_number"
        label={t('pub.contactNumber')}
        required
        type="tel"
        inputMode="tel"
        value={form.contact_number}
        onChange={set('contact_number')}
        error={s.errors.contact_number}
      />
      <TextField
        name="contact_phone"
        label={t('pub.contactPhone')}
        required
        type="tel"
        inputMode="tel"
        value={form.contact_phone}
        onChange={set('contact_phone')}
        error={s.errors.contact_phone}
      />
      {notice && (
        <PrivacyConsent
          notice={notice}
          checked={consent}
          onChange={(checked) => {
            setConsent(checked);
            s.clearError('consent');
          }}
          error={s.errors.consent}
        />
      )}
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
