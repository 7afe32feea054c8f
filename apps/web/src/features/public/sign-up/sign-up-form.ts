import type { PublicErrorKey } from '../i18n.ts';
import { isAreaCode, type PhoneRule } from '../phone-rule.ts';

/** Form state of the general sign-up form (strings as typed; '' = not chosen). */
export interface GeneralForm {
  name: string;
  gender: '' | 'male' | 'female';
  local_guest: '' | 'yes' | 'no';
  area_code: string;
  phone: string;
  email: string;
  institution: string;
  job_title: string;
  contact_name: string;
  contact_number: string;
  contact_phone: string;
}

/** Form state of step 1 of the date-schedule sign-up form. */
export interface DateScheduleForm {
  name_zh: string;
  name_en: string;
  area_code: string;
  phone: string;
  email: string;
  organization: string;
  user_type_id: string;
  license_number: string;
  other: string;
  academy_member: '' | 'yes' | 'no';
  college_category_id: string;
}

export const EMPTY_GENERAL: GeneralForm = {
  name: '',
  gender: '',
  local_guest: '',
  area_code: '',
  phone: '',
  email: '',
  institution: '',
  job_title: '',
  contact_name: '',
  contact_number: '',
  contact_phone: '',
};

export const EMPTY_DATE_SCHEDULE: DateScheduleForm = {
  name_zh: '',
  name_en: '',
  area_code: '',
  phone: '',
  email: '',
  organization: '',
  user_type_id: '',
  license_number: '',
  other: '',
  academy_member: '',
  college_category_id: '',
};

/** An answer to the meeting's own field `key`, by name in the form's errors and ids (as the server names it). */
export const answerName = (key: string) => `answers.${key}`;

/** Field → message key of the first failed rule. */
export type FieldErrors = Partial<Record<string, PublicErrorKey>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function phoneErrors(form: { area_code: string; phone: string }, errors: FieldErrors, rule: PhoneRule) {
  if (!isAreaCode(form.area_code)) errors.area_code = 'areaCodeRequired';
  if (!form.phone.trim()) errors.phone = 'phoneRequired';
  else if (isAreaCode(form.area_code) && !rule.isValidPhone(form.area_code, form.phone))
    errors.phone = 'phoneInvalid';
}

/** The e-mail rule of the sign-up forms (and of "send my code to my e-mail"): required, then the shape. */
export function emailError(email: string): 'emailRequired' | 'emailInvalid' | undefined {
  if (!email.trim()) return 'emailRequired';
  if (!EMAIL.test(email.trim())) return 'emailInvalid';
  return undefined;
}

function emailErrors(email: string, errors: FieldErrors) {
  const error = emailError(email);
  if (error) errors.email = error;
}

/** Required rules of spec §5 (general): name, gender, local guest, area code, phone, email, contact number and phone. */
export function validateGeneral(form: GeneralForm, rule: PhoneRule): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.name.trim()) errors.name = 'nameRequired';
  if (!form.gender) errors.gender = 'genderRequired';
  if (!form.local_guest) errors.local_guest = 'localGuestRequired';
  phoneErrors(form, errors, rule);
  emailErrors(form.email, errors);
  if (!form.contact_number.trim()) errors.contact_number = 'contactNumberRequired';
  if (!form.contact_phone.trim()) errors.contact_phone = 'contactPhoneRequired';
  return errors;
}

/** Spec §5 (date-schedule): names or NA, registration type, license number or NA, area code, phone, email. */
export function validateDateSchedule(form: DateScheduleForm, rule: PhoneRule): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.name_zh.trim()) errors.name_zh = 'nameZhRequired';
  if (!form.name_en.trim()) errors.name_en = 'nameEnRequired';
  phoneErrors(form, errors, rule);
  emailErrors(form.email, errors);
  if (!form.user_type_id) errors.user_type_id = 'userTypeRequired';
  if (!form.license_number.trim()) errors.license_number = 'licenseNumberRequired';
  return errors;
}

/**
 * The privacy notice's consent box: required when the meeting shows a notice (the server answers the
 * same `consentRequired` under the box otherwise).
 */
export function consentErrors(noticeShown: boolean, consent: boolean): FieldErrors {
  return noticeShown && !consent ? { consent: 'consentRequired' } : {};
}

/**
 * What the body says of consent: ticked only where a notice was shown (none asked: false), with the
 * version shown, so that a notice changed since the page loaded is read again first.
 */
export function consentFields(
  notice: { version: number } | null,
  consent: boolean,
): { consent: boolean; consent_version?: number } {
  return notice && consent ? { consent: true, consent_version: notice.version } : { consent: false };
}

/** "na", "N/A", "n.a." all mean not applicable: the API expects exactly 'NA'. */
export function orNotApplicable(value: string): string {
  const v = value.trim();
  return /^n\.?\/?a\.?$/i.test(v) ? 'NA' : v;
}

export function generalBody(form: GeneralForm, rule: PhoneRule) {
  return {
    meeting_type: 'general' as const,
    name: form.name.trim(),
    gender: form.gender as 'male' | 'female',
    local_guest: form.local_guest === 'yes',
    area_code: form.area_code,
    phone: rule.phoneDigits(form.phone),
    email: form.email.trim(),
    institution: form.institution.trim(),
    job_title: form.job_title.trim(),
    contact_name: form.contact_name.trim(),
    contact_number: form.contact_number.trim(),
    contact_phone: form.contact_phone.trim(),
  };
}

export function dateScheduleBody(form: DateScheduleForm, scheduleIds: readonly number[], rule: PhoneRule) {
  return {
    meeting_type: 'date_schedule' as const,
    name_zh: orNotApplicable(form.name_zh),
    name_en: orNotApplicable(form.name_en),
    area_code: form.area_code,
    phone: rule.phoneDigits(form.phone),
    email: form.email.trim(),
    organization: form.organization.trim(),
    user_type_id: Number(form.user_type_id),
    license_number: orNotApplicable(form.license_number),
    other: form.other.trim(),
    academy_member: form.academy_member === 'yes',
    college_category_id: form.college_category_id ? Number(form.college_category_id) : null,
    schedule_ids: [...scheduleIds],
  };
}

/** Sessions a registration type may choose, in the meeting's order. */
export function sessionsForType<S extends { id: number }>(
  schedules: readonly S[],
  userTypes: readonly { id: number; schedule_ids: readonly number[] }[],
  userTypeId: string,
): S[] {
  const type = userTypes.find((u) => String(u.id) === userTypeId);
  if (!type) return [];
  const allowed = new Set(type.schedule_ids);
  return schedules.filter((s) => allowed.has(s.id));
}
