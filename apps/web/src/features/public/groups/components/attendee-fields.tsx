import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ChoiceField, SelectField, TextField } from '../../components/form-fields.tsx';
import type { GeneralForm } from '../../sign-up/sign-up-form.ts';
import { attendeeKey } from '../attendee-keys.ts';

/** One attendee's block: the general form's own fields, named under `attendees.<i>.`. */
export function AttendeeFields({
  i,
  a,
  set,
  errors,
  areaOptions,
  removable,
  ticket,
  onRemove,
}: {
  i: number;
  a: GeneralForm;
  set: (i: number, field: keyof GeneralForm) => (value: string) => void;
  errors: Record<string, string>;
  areaOptions: { value: string; label: string }[];
  removable: boolean;
  /** A paid meeting's ticket choice for this attendee (decision 0106). */
  ticket?: ReactNode;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mf-pub-fieldset" data-testid={`group-attendee-${i}`}>
      <legend className="mf-pub-h2">{t('pub.groups.attendee', { n: i + 1 })}</legend>
      <TextField
        name={attendeeKey(i, 'name')}
        label={t('pub.name')}
        required
        value={a.name}
        onChange={set(i, 'name')}
        error={errors[attendeeKey(i, 'name')]}
      />
      <ChoiceField
        name={attendeeKey(i, 'gender')}
        label={t('pub.gender')}
        required
        value={a.gender}
        onChange={set(i, 'gender')}
        error={errors[attendeeKey(i, 'gender')]}
        options={[
          { value: 'male', label: t('pub.male') },
          { value: 'female', label: t('pub.female') },
        ]}
      />
      <ChoiceField
        name={attendeeKey(i, 'local_guest')}
        label={t('pub.localGuest')}
        required
        value={a.local_guest}
        onChange={set(i, 'local_guest')}
        error={errors[attendeeKey(i, 'local_guest')]}
        options={[
          { value: 'yes', label: t('pub.yes') },
          { value: 'no', label: t('pub.no') },
        ]}
      />
      <SelectField
        name={attendeeKey(i, 'area_code')}
        label={t('pub.areaCode')}
        required
        value={a.area_code}
        onChange={set(i, 'area_code')}
        error={errors[attendeeKey(i, 'area_code')]}
        options={areaOptions}
      />
      <TextField
        name={attendeeKey(i, 'phone')}
        label={t('pub.phone')}
        required
        type="tel"
        inputMode="tel"
        value={a.phone}
        onChange={set(i, 'phone')}
        error={errors[attendeeKey(i, 'phone')]}
      />
      <TextField
        name={attendeeKey(i, 'email')}
        label={t('pub.email')}
        required
        type="email"
        inputMode="email"
        value={a.email}
        onChange={set(i, 'email')}
        error={errors[attendeeKey(i, 'email')]}
      />
      <TextField
        name={attendeeKey(i, 'institution')}
        label={t('pub.institution')}
        value={a.institution}
        onChange={set(i, 'institution')}
      />
      <TextField
        name={attendeeKey(i, 'contact_number')}
        label={t('pub.contactNumber')}
        required
        type="tel"
        inputMode="tel"
        value={a.contact_number}
        onChange={set(i, 'contact_number')}
        error={errors[attendeeKey(i, 'contact_number')]}
      />
      <TextField
        name={attendeeKey(i, 'contact_phone')}
        label={t('pub.contactPhone')}
        required
        type="tel"
        inputMode="tel"
        value={a.contact_phone}
        onChange={set(i, 'contact_phone')}
        error={errors[attendeeKey(i, 'contact_phone')]}
      />
      {ticket}
      {removable && (
        <button
          type="button"
          className="mf-pub-button mf-pub-secondary"
          data-testid={`group-remove-${i}`}
          onClick={onRemove}
        >
          {t('pub.groups.remove', { n: i + 1 })}
        </button>
      )}
    </fieldset>
  );
}
