import { CERTIFICATE_STATE_TEXT } from '@meetflow/shared/certificate-states';
import { localText, type FormField } from '@meetflow/shared/forms/form-definition';
import { GUEST_FIELD_NAMES as F } from '@meetflow/shared/guest-field-names';
import { LANGUAGES, type Localized } from '@meetflow/shared/languages';
import { formatPhone } from '@meetflow/shared/phone';
import { type AdminGuest } from '@meetflow/shared/schemas/guests';
import { type MeetingType } from '@meetflow/shared/schemas/meetings';
import type { XlsxColumn } from '../../lib/xlsx-export.ts';
import { answerFields } from './guest-answers.ts';
import { STATUS_TEXT } from './guest-format.ts';

/** The words of the guest export, in the back office's terms. */
export const EXPORT_TEXT = {
  sheet: { 'zh-tw': '嘉賓名單', 'zh-cn': '嘉宾名单', en: 'Guests' },
  guestCode: { 'zh-tw': '嘉賓碼', 'zh-cn': '嘉宾码', en: 'Guest code' },
  certificate: { 'zh-tw': '出席證明', 'zh-cn': '出席证明', en: 'Certificate' },
  // The guest fields keep the one name they have in the template, the form and the mapping.
  name: F.name,
  gender: F.gender,
  localGuest: F.local_guest,
  areaCode: F.area_code,
  phone: F.phone,
  email: F.email,
  institution: F.institution,
  jobTitle: F.job_title,
  contactName: F.contact_name,
  contactNumber: F.contact_number,
  contactPhone: F.contact_phone,
  nameZh: F.name_zh,
  nameEn: F.name_en,
  organization: F.organization,
  userType: F.user_type,
  licenseNumber: F.license_number,
  other: F.other,
  academyMember: F.academy_member,
  collegeCategory: F.college_category,
  status: { 'zh-tw': '出席狀態', 'zh-cn': '出席状态', en: 'Attendance' },
  firstInAt: { 'zh-tw': '首次入場', 'zh-cn': '首次入场', en: 'First entry' },
  lastInAt: { 'zh-tw': '最近入場', 'zh-cn': '最近入场', en: 'Latest entry' },
  lastOutAt: { 'zh-tw': '最近離場', 'zh-cn': '最近离场', en: 'Latest exit' },
  signedUpAt: { 'zh-tw': '報名時間', 'zh-cn': '报名时间', en: 'Signed up' },
  male: { 'zh-tw': '男', 'zh-cn': '男', en: 'Male' },
  female: { 'zh-tw': '女', 'zh-cn': '女', en: 'Female' },
  yes: { 'zh-tw': '是', 'zh-cn': '是', en: 'Yes' },
  no: { 'zh-tw': '否', 'zh-cn': '否', en: 'No' },
} as const satisfies Record<string, Localized>;

type Column = XlsxColumn<AdminGuest>;

const text = (header: Localized, pick: (g: AdminGuest) => string | null, width = 16): Column => ({
  header,
  width,
  value: (g) => pick(g),
});
type PhoneFormat = (phone: string, areaCode: string) => string;

/**
 * `formatPhone` remembered for one export: libphonenumber's parse and format were a fifth of a
 * 100,000-guest export's CPU, and contact numbers repeat (a hospital's switchboard). Bounded.
 */
function rememberedPhoneFormat(): PhoneFormat {
  const known = new Map<string, string>();
  return (phone, areaCode) => {
    const key = `${areaCode} ${phone}`;
    let shown = known.get(key);
    if (shown === undefined) {
      shown = formatPhone(phone, areaCode);
      if (known.size >= 10_000) known.clear();
      known.set(key, shown);
    }
    return shown;
  };
}

/** A phone as the back office shows it (formatPhone): one international format in every column. */
const phone = (header: Localized, pick: (g: AdminGuest) => string, format: PhoneFormat): Column =>
  text(header, (g) => (pick(g) ? format(pick(g), g.area_code) : null), 18);
const yesNo = (header: Localized, pick: (g: AdminGuest) => boolean | null): Column => ({
  header,
  width: 12,
  value: (g, lang) => {
    const value = pick(g);
    return value === null ? null : (value ? EXPORT_TEXT.yes : EXPORT_TEXT.no)[lang];
  },
});
const datetime = (header: Localized, pick: (g: AdminGuest) => number | null): Column => ({
  header,
  width: 20,
  type: 'datetime',
  value: (g) => pick(g),
});

const contact = (format: PhoneFormat): Column[] => [
  text(EXPORT_TEXT.areaCode, (g) => g.area_code, 10),
  phone(EXPORT_TEXT.phone, (g) => g.phone, format),
  text(EXPORT_TEXT.email, (g) => g.email, 28),
];

/**
 * A column per own field of the meeting, retired ones after the others: the answer as text in the
 * export's language (multiple choices joined with '; '), already made once per guest (answer_texts).
 */
function answerColumns(fields: readonly FormField[]): Column[] {
  return answerFields(fields).map((field) => ({
    header: Object.fromEntries(LANGUAGES.map((lang) => [lang, localText(field.label, lang)])) as Localized,
    width: field.type === 'long_text' ? 28 : 18,
    value: (g) => g.answer_texts[field.key] ?? null,
  }));
}

/**
 * The columns of the meeting's sign-up form (spec §3) and of its own fields, then attendance and
 * sign-up time.
 */
export function guestExportColumns(meetingType: MeetingType, fields: readonly FormField[] = []): Column[] {
  const format = rememberedPhoneFormat();
  const form: Column[] =
    meetingType === 'general'
      ? [
          text(EXPORT_TEXT.name, (g) => g.name, 20),
          {
            header: EXPORT_TEXT.gender,
            width: 8,
            value: (g, lang) => (g.gender ? EXPORT_TEXT[g.gender][lang] : null),
          },
          yesNo(EXPORT_TEXT.localGuest, (g) => g.local_guest),
          ...contact(format),
          text(EXPORT_TEXT.institution, (g) => g.institution, 28),
          text(EXPORT_TEXT.jobTitle, (g) => g.job_title),
          text(EXPORT_TEXT.contactName, (g) => g.contact_name),
          phone(EXPORT_TEXT.contactNumber, (g) => g.contact_number, format),
          phone(EXPORT_TEXT.contactPhone, (g) => g.contact_phone, format),
        ]
      : [
          text(EXPORT_TEXT.nameZh, (g) => g.name_zh, 20),
          text(EXPORT_TEXT.nameEn, (g) => g.name_en, 20),
          text(EXPORT_TEXT.userType, (g) => g.user_type_name, 18),
          ...contact(format),
          text(EXPORT_TEXT.organization, (g) => g.organization, 28),
          text(EXPORT_TEXT.licenseNumber, (g) => g.license_number),
          yesNo(EXPORT_TEXT.academyMember, (g) => g.academy_member),
          text(EXPORT_TEXT.collegeCategory, (g) => g.college_category_name, 18),
          text(EXPORT_TEXT.other, (g) => g.other, 24),
        ];
  return [
    text(EXPORT_TEXT.guestCode, (g) => g.guest_code, 36),
    ...form,
    ...answerColumns(fields),
    { header: EXPORT_TEXT.status, width: 14, value: (g, lang) => STATUS_TEXT[g.status][lang] },
    datetime(EXPORT_TEXT.firstInAt, (g) => g.first_in_at),
    datetime(EXPORT_TEXT.lastInAt, (g) => g.last_in_at),
    datetime(EXPORT_TEXT.lastOutAt, (g) => g.last_out_at),
    datetime(EXPORT_TEXT.signedUpAt, (g) => g.created_at),
    {
      header: EXPORT_TEXT.certificate,
      width: 12,
      value: (g, lang) => (g.certificate ? CERTIFICATE_STATE_TEXT[g.certificate][lang] : null),
    },
  ];
}
