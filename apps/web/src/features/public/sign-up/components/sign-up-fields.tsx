import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import type { TFunction } from '../../../../lib/i18n.ts';
import {
  ChoiceField,
  ErrorSummary,
  PhoneFields,
  SelectField,
  TextField,
} from '../../components/form-fields.tsx';
import type { useSignUpSubmit } from '../use-sign-up-submit.ts';
import { PrivacyConsent } from './privacy-consent.tsx';
import { SignUpNotice } from './sign-up-notice.tsx';

type Options = readonly { value: string; label: string }[];
type SignUpSubmit = ReturnType<typeof useSignUpSubmit>;

/** One field of a sign-up form. Both forms list theirs in the order they show them. */
export type SignUpField<Name extends string = string> =
  | {
      kind: 'text';
      name: Name;
      label: string;
      required?: boolean;
      hint?: string;
      type?: 'email' | 'tel';
      inputMode?: 'email' | 'tel';
      autoComplete?: string;
    }
  | {
      kind: 'choice' | 'select';
      name: Name;
      label: string;
      required?: boolean;
      options: Options;
      /** Not shown (a select with nothing to choose), though the error summary still names it. */
      hidden?: boolean;
    }
  /** Area code and phone number, as a pair. */
  | { kind: 'phone' };

/** The e-mail field, the same in both forms. */
export const emailField = (t: TFunction) =>
  ({
    kind: 'text',
    name: 'email',
    label: t('pub.email'),
    required: true,
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
  }) as const;

export const yesNo = (t: TFunction): Options => [
  { value: 'yes', label: t('pub.yes') },
  { value: 'no', label: t('pub.no') },
];

/** Each field's name and label, in the order of the form, for the error summary. */
export function fieldLabels(fields: readonly SignUpField[], t: TFunction): [string, string][] {
  return fields.flatMap((field): [string, string][] =>
    field.kind === 'phone'
      ? [
          ['area_code', t('pub.areaCode')],
          ['phone', t('pub.phone')],
        ]
      : [[field.name, field.label]],
  );
}

/** The fields of a sign-up form, each with its value and its error. */
export function SignUpFields<Form extends { area_code: string; phone: string }>({
  fields,
  form,
  set,
  errors,
}: {
  fields: readonly SignUpField<keyof Form & string>[];
  form: Form;
  set: (name: keyof Form & string) => (value: string) => void;
  errors: SignUpSubmit['errors'];
}) {
  return fields.map((field) => {
    if ('hidden' in field && field.hidden) return null;
    if (field.kind === 'phone') {
      return (
        <PhoneFields
          key="phone"
          areaCode={form.area_code}
          phone={form.phone}
          onAreaCode={set('area_code')}
          onPhone={set('phone')}
          errors={errors}
        />
      );
    }
    const { name, label, required } = field;
    const props = {
      name,
      label,
      required,
      value: String(form[name]),
      onChange: set(name),
      error: errors[name],
    };
    if (field.kind !== 'text') {
      const Field = field.kind === 'choice' ? ChoiceField : SelectField;
      return <Field key={name} {...props} options={field.options} />;
    }
    const { hint, type, inputMode, autoComplete } = field;
    return <TextField key={name} {...props} {...{ hint, type, inputMode, autoComplete }} />;
  });
}

/** The error summary above a sign-up form, with the notice of a refused sign-up in it. */
export function SignUpSummary({
  s,
  labels,
  meeting,
}: {
  s: SignUpSubmit;
  labels: readonly (readonly [string, string])[];
  meeting: PublicMeeting;
}) {
  return (
    <ErrorSummary errors={s.errors} labels={labels} focusKey={s.focusKey}>
      {s.notice && <SignUpNotice notice={s.notice} publicId={meeting.public_id} />}
    </ErrorSummary>
  );
}

/** The privacy notice's box to tick, when the meeting shows a notice. */
export function ConsentField({
  meeting,
  consent,
  setConsent,
  s,
}: {
  meeting: PublicMeeting;
  consent: boolean;
  setConsent: (checked: boolean) => void;
  s: SignUpSubmit;
}) {
  const notice = meeting.privacy_notice;
  if (!notice) return null;
  return (
    <PrivacyConsent
      notice={notice}
      checked={consent}
      onChange={(checked) => {
        setConsent(checked);
        s.clearError('consent');
      }}
      error={s.errors.consent}
    />
  );
}
