import { nameIn, type Language } from '@meetflow/shared/languages';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import type { TFunction } from '../../../lib/i18n.ts';
import { dayIn, formatTime } from '../../../lib/date-time.ts';
import { formatCredits, formatLongDate, groupCertificateCode, hoursAndMinutes } from '../certificate-code.ts';

/*
 * The guest's own copy of their data (issue 20), as the "My data" page shows it: labelled rows and
 * lists in the page's language, the meeting's times, and the JSON file they download.
 */

export type MeetingType = 'general' | 'date_schedule';

/** One labelled value. */
export interface DataRow {
  label: string;
  value: string;
}

/** One entry of a list (a session, a scan…): what it is, and its details. */
export interface DataItem {
  title: string;
  rows: DataRow[];
}

export interface DataContext {
  lang: Language;
  /** The meeting's zone: every time is written in it, as on the other visitor pages. */
  zone: string;
  t: TFunction;
}

/** Shown for a field of the form that was left blank. */
export const BLANK = '—';

const LANGUAGE_NAMES: Record<string, string> = { 'zh-tw': '繁體中文', 'zh-cn': '简体中文', en: 'English' };

/** The calendar day of an instant in `zone` (the browser's own when the zone is unknown). */
function safeDayIn(ms: number, zone: string): string {
  try {
    return dayIn(ms, zone);
  } catch {
    return dayIn(ms);
  }
}

/** The downloaded file's name: 'meetflow-my-data-2027-01-11.json' (the day it was read, in the meeting's zone). */
export function myDataFileName(generatedAt: number, zone: string): string {
  return `meetflow-my-data-${safeDayIn(generatedAt, zone)}.json`;
}

/** The downloaded file: the server's answer as it came, indented to be readable. */
export function myDataBlob(data: GuestPersonalData): Blob {
  return new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
}

/** An instant with its year, in the page's language: '2027年1月11日 09:30', '11 January 2027 09:30'. */
export function formatStamp(ms: number, zone: string, lang: Language): string {
  let time: string;
  try {
    time = formatTime(ms, zone);
  } catch {
    time = formatTime(ms);
  }
  return `${formatLongDate(ms, zone, lang)} ${time}`;
}

/** A calendar day 'YYYY-MM-DD' with its year: '2027年1月11日', '11 January 2027'. */
export function formatDay(day: string, lang: Language): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return formatLongDate(Date.UTC(y, m - 1, d, 12), 'UTC', lang);
}

/** The label of a value the server names (a status, a kind of message); an unknown one as it came. */
export function labelOf(t: TFunction, group: string, value: string): string {
  return t(`pub.myData.${group}.${value}`, { defaultValue: value });
}

/**
 * A phone number with its area code set apart: '+853 62123456'. The server keeps numbers in E.164
 * ('+85362123456'); a number kept without its area code is written after it.
 */
export function phoneOf(areaCode: string, phone: string): string | null {
  const number = phone.trim();
  if (!number) return null;
  if (!number.startsWith('+')) return areaCode ? `+${areaCode} ${number}` : number;
  const prefix = `+${areaCode}`;
  return areaCode && number.startsWith(prefix) && number.length > prefix.length
    ? `${prefix} ${number.slice(prefix.length)}`
    : number;
}

type Names = { name: string; name_cn: string; name_en: string };
const nameOf = (names: Names, lang: Language) => nameIn(lang, names.name, names.name_cn, names.name_en);

type Guest = GuestPersonalData['guest'];
type Field = {
  /** The form that asks for it; the other form's fields show only when they hold something. */
  form: MeetingType | 'both';
  label: string;
  value: (guest: Guest, c: DataContext) => string | null;
};

const text = (read: (guest: Guest) => string) => (guest: Guest) => read(guest).trim() || null;
const yesNo = (value: boolean | null, t: TFunction) =>
  value === null ? null : t(value ? 'pub.yes' : 'pub.no');

/** The guest's fields in the order of the sign-up forms, then what the sign-up itself records. */
const FIELDS: readonly Field[] = [
  { form: 'general', label: 'pub.name', value: text((g) => g.name) },
  { form: 'date_schedule', label: 'pub.nameZh', value: text((g) => g.name_zh) },
  { form: 'date_schedule', label: 'pub.nameEn', value: text((g) => g.name_en) },
  {
    form: 'general',
    label: 'pub.gender',
    value: (g, { t }) => (g.gender === 'male' || g.gender === 'female' ? t(`pub.${g.gender}`) : g.gender),
  },
  { form: 'general', label: 'pub.localGuest', value: (g, { t }) => yesNo(g.local_guest, t) },
  { form: 'both', label: 'pub.phone', value: (g) => phoneOf(g.area_code, g.phone) },
  { form: 'both', label: 'pub.email', value: text((g) => g.email) },
  { form: 'general', label: 'pub.institution', value: text((g) => g.institution) },
  { form: 'general', label: 'pub.jobTitle', value: text((g) => g.job_title) },
  { form: 'date_schedule', label: 'pub.organization', value: text((g) => g.organization) },
  {
    form: 'date_schedule',
    label: 'pub.userType',
    value: (g, { lang }) => (g.user_type ? nameOf(g.user_type, lang) : null),
  },
  { form: 'date_schedule', label: 'pub.licenseNumber', value: text((g) => g.license_number) },
  { form: 'date_schedule', label: 'pub.other', value: text((g) => g.other) },
  {
    form: 'date_schedule',
    label: 'pub.academyMember',
    // A general guest is never asked: only a "yes" from elsewhere (an import) is worth a row.
    value: (g, { t }) => yesNo(g.academy_member, t),
  },
  {
    form: 'date_schedule',
    label: 'pub.collegeCategory',
    value: (g, { lang }) => (g.college_category ? nameOf(g.college_category, lang) : null),
  },
  { form: 'general', label: 'pub.contactName', value: text((g) => g.contact_name) },
  { form: 'general', label: 'pub.contactNumber', value: text((g) => g.contact_number) },
  { form: 'general', label: 'pub.contactPhone', value: text((g) => g.contact_phone) },
  {
    form: 'both',
    label: 'pub.language',
    value: (g) => (g.language ? (LANGUAGE_NAMES[g.language] ?? g.language) : null),
  },
  {
    form: 'both',
    label: 'pub.signedUpAt',
    value: (g, { zone, lang }) => formatStamp(g.signed_up_at, zone, lang),
  },
  {
    form: 'both',
    label: 'pub.myData.broadcasts',
    value: (g, { t }) => yesNo(!g.broadcast_opt_out, t),
  },
];

/**
 * The guest's personal fields with their labels: every field of their meeting's form (a blank one
 * as '—'), the other form's only where they hold something (a general guest's "academy member: no"
 * says nothing), and the cancellation when there was one.
 */
export function personalRows(guest: Guest, meetingType: MeetingType, c: DataContext): DataRow[] {
  const rows: DataRow[] = [];
  for (const field of FIELDS) {
    const own = field.form === 'both' || field.form === meetingType;
    let value = field.value(guest, c);
    if (!own && (value === null || (field.label === 'pub.academyMember' && !guest.academy_member))) continue;
    value ??= BLANK;
    rows.push({ label: c.t(field.label), value });
  }
  if (guest.cancelled_at !== null)
    rows.push({
      label: c.t('pub.myData.cancelledAt'),
      value: formatStamp(guest.cancelled_at, c.zone, c.lang),
    });
  return rows;
}

/**
 * The guest's answers to the meeting's own form, in the form's order: each field's label and the
 * answer in words in the page's language (the server writes both in every language); a field the
 * form no longer asks is marked so.
 */
export function answerRows(answers: GuestPersonalData['answers'], c: DataContext): DataRow[] {
  return answers.map((answer) => ({
    label: answer.retired
      ? `${answer.label[c.lang]} ${c.t('pub.myData.retiredField')}`
      : answer.label[c.lang],
    value: answer.text[c.lang].trim() || BLANK,
  }));
}

/** The notice the guest agreed to: its version and when, and its text in the page's language. */
export function consentRows(consent: NonNullable<GuestPersonalData['consent']>, c: DataContext): DataRow[] {
  return [
    { label: c.t('pub.myData.consentVersion'), value: String(consent.version) },
    { label: c.t('pub.myData.consentGivenAt'), value: formatStamp(consent.given_at, c.zone, c.lang) },
  ];
}

export function sessionItems(sessions: GuestPersonalData['sessions'], c: DataContext): DataItem[] {
  return sessions.map((s) => ({
    title: nameOf(s, c.lang),
    rows: [
      { label: c.t('pub.myData.date'), value: formatDay(s.date, c.lang) },
      { label: c.t('pub.myData.enrolledAt'), value: formatStamp(s.enrolled_at, c.zone, c.lang) },
    ],
  }));
}

/** Scans, oldest first as the server lists them: in or out, where, when, at which station. */
export function scanItems(scans: GuestPersonalData['scans'], c: DataContext): DataItem[] {
  return scans.map((scan) => {
    const place = scan.session ? nameOf(scan.session, c.lang) : c.t('pub.myData.entrance');
    const rows: DataRow[] = [{ label: c.t('pub.time'), value: formatStamp(scan.at, c.zone, c.lang) }];
    if (scan.station.trim()) rows.push({ label: c.t('pub.myData.station'), value: scan.station.trim() });
    return { title: `${labelOf(c.t, 'scanType', scan.type)} · ${place}`, rows };
  });
}

export function certificateItems(
  certificates: GuestPersonalData['certificates'],
  c: DataContext,
): DataItem[] {
  return certificates.map((certificate) => {
    const { hours, minutes } = hoursAndMinutes(certificate.minutes);
    const rows: DataRow[] = [
      { label: c.t('pub.myData.issuedAt'), value: formatStamp(certificate.issued_at, c.zone, c.lang) },
    ];
    if (certificate.revoked_at !== null)
      rows.push({
        label: c.t('pub.myData.revokedAt'),
        value: formatStamp(certificate.revoked_at, c.zone, c.lang),
      });
    rows.push(
      {
        label: c.t('pub.certificate.timePresent'),
        value:
          hours > 0
            ? c.t('pub.certificate.duration', { hours, minutes })
            : c.t('pub.certificate.minutes', { minutes }),
      },
      { label: c.t('pub.certificate.credits'), value: formatCredits(certificate.credits) },
    );
    return { title: groupCertificateCode(certificate.code), rows };
  });
}

export function waitingItems(places: GuestPersonalData['waiting_lists'], c: DataContext): DataItem[] {
  return places.map((place) => ({
    title: place.session ? nameOf(place.session, c.lang) : c.t('pub.myData.meetingList'),
    rows: [
      { label: c.t('pub.myData.status'), value: labelOf(c.t, 'waitStatus', place.status) },
      { label: c.t('pub.waitlist.joinedAt'), value: formatStamp(place.joined_at, c.zone, c.lang) },
    ],
  }));
}

export function messageItems(messages: GuestPersonalData['messages'], c: DataContext): DataItem[] {
  return messages.map((message) => {
    const rows: DataRow[] = [
      { label: c.t('pub.myData.status'), value: labelOf(c.t, 'messageStatus', message.status) },
      { label: c.t('pub.myData.queuedAt'), value: formatStamp(message.queued_at, c.zone, c.lang) },
    ];
    if (message.sent_at !== null)
      rows.push({ label: c.t('pub.myData.sentAt'), value: formatStamp(message.sent_at, c.zone, c.lang) });
    return { title: labelOf(c.t, 'messageType', message.type), rows };
  });
}
