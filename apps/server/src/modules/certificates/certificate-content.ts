import { randomBytes } from 'node:crypto';
import { answerText } from '@meetflow/shared/forms/answer-text';
import { isAnswerField, localText, type FormField } from '@meetflow/shared/forms/form-definition';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import { nameIn, type Language, type Localized } from '@meetflow/shared/languages';
import { certificateTemplate, type CertificateTemplate } from '@meetflow/shared/schemas/certificates';
import { localDate } from '../../lib/local-time.ts';
import type { CertificateValues } from './certificate-pdf.ts';

/*
 * What a certificate says: its verification code, the placeholders' values in the template's
 * language, and the template an organiser starts from.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 24;

/** 24 characters, 120 random bits: unguessable, and short enough to type from paper. */
export function newCertificateCode(): string {
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code;
}

/** 'ABCD-EFGH-…' as printed; the verification accepts it with or without the dashes. */
export function groupedCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** The short link (the server redirects it into the app's verification page). */
export function verifyUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/verify/${code}`;
}

const usable = (value: string) => value.trim() !== '' && value.trim().toUpperCase() !== 'NA';

/** The guest's name as a certificate in `lang` prints it: the Chinese name, or the English one. */
export function nameInLanguage(
  guest: { name: string; name_zh: string; name_en: string },
  lang: Language,
): string {
  const order =
    lang === 'en' ? [guest.name_en, guest.name, guest.name_zh] : [guest.name_zh, guest.name, guest.name_en];
  return order.find(usable) ?? guest.name;
}

const HOURS: Localized = { 'zh-tw': '{h} 小時 {m} 分鐘', 'zh-cn': '{h} 小时 {m} 分钟', en: '{h} h {m} min' };

export function hoursText(minutes: number, lang: Language): string {
  return HOURS[lang].replace('{h}', String(Math.floor(minutes / 60))).replace('{m}', String(minutes % 60));
}

export function creditsText(credits: number): string {
  return String(Math.round(credits * 100) / 100);
}

export function datesText(startAt: number, endAt: number, zone: string): string {
  const [from, to] = [localDate(startAt, zone), localDate(endAt, zone)];
  return from === to ? from : `${from} – ${to}`;
}

export interface CertificateFacts {
  guest: { name: string; name_zh: string; name_en: string };
  meeting: { name: string; name_cn: string; name_en: string; start_at: number; end_at: number };
  minutes: number;
  credits: number;
  /** The attended sessions' names, each as { name, name_cn, name_en }. */
  sessions: { name: string; name_cn: string; name_en: string }[];
  code: string;
  issuedAt: number;
  /**
   * The meeting's own fields and the guest's answers to them, for `{answer.<key>}`; 'sample' (a
   * preview without a guest) prints each field's label in brackets.
   */
  answers?: { fields: readonly FormField[]; values: Answers | 'sample' };
}

/** `{answer.<key>}` of every answer field: the answer in words in `lang`, '' where there is none. */
export function answerValues(
  answers: CertificateFacts['answers'],
  lang: Language,
): Record<`answer.${string}`, string> {
  if (!answers) return {};
  const { fields, values } = answers;
  return Object.fromEntries(
    fields
      .filter(isAnswerField)
      .map((field) => [
        `answer.${field.key}`,
        values === 'sample'
          ? `[${localText(field.label, lang)}]`
          : answerText(field, values[field.key], lang),
      ]),
  );
}

export function certificateValues(
  facts: CertificateFacts,
  lang: Language,
  publicUrl: string,
  zone: string,
): CertificateValues {
  const { guest, meeting } = facts;
  return {
    name: nameInLanguage(guest, lang),
    name_zh: usable(guest.name_zh) ? guest.name_zh : guest.name,
    name_en: usable(guest.name_en) ? guest.name_en : '',
    meeting: nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en),
    dates: datesText(meeting.start_at, meeting.end_at, zone),
    hours: hoursText(facts.minutes, lang),
    credits: creditsText(facts.credits),
    sessions: facts.sessions
      .map((s) => nameIn(lang, s.name, s.name_cn, s.name_en))
      .join(lang === 'en' ? ', ' : '、'),
    code: groupedCode(facts.code),
    verify_url: verifyUrl(publicUrl, facts.code),
    issued_on: localDate(facts.issuedAt, zone),
    ...answerValues(facts.answers, lang),
  };
}

/** Shown in a preview without a guest. */
export const SAMPLE_GUEST = { name: '陳大文', name_zh: '陳大文', name_en: 'Chan Tai Man' };
export const SAMPLE_CODE = 'SAMP1E00CERT1F1CATE00000';

/** The template a meeting starts with: bilingual, A4 landscape, the verification QR bottom right. */
export const DEFAULT_TEMPLATE: CertificateTemplate = certificateTemplate.parse({
  page: 'a4_landscape',
  language: 'zh-tw',
  blocks: [
    { text: '出席證明書', x: 50, y: 12, size: 34, bold: true, color: '#1f3a60' },
    { text: 'CERTIFICATE OF ATTENDANCE', x: 50, y: 22, size: 14, color: '#555555' },
    { text: '茲證明 This is to certify that', x: 50, y: 33, size: 13, color: '#333333' },
    { text: '{name}', x: 50, y: 39, size: 30, bold: true, color: '#111111' },
    { text: '{name_en}', x: 50, y: 47.5, size: 14, color: '#333333' },
    { text: '出席了 attended「{meeting}」', x: 50, y: 55, size: 16, width: 80, color: '#222222' },
    { text: '{dates}', x: 50, y: 63, size: 12, color: '#444444' },
    {
      text: '出席時數 Hours: {hours}　　學分 Credits: {credits}',
      x: 50,
      y: 70,
      size: 14,
      color: '#222222',
    },
    {
      text: '發出日期 Issued on {issued_on}',
      x: 7,
      y: 84,
      size: 9,
      align: 'left',
      width: 60,
      color: '#555555',
    },
    {
      text: '驗證碼 Verification code: {code}\n{verify_url}',
      x: 7,
      y: 88,
      size: 9,
      align: 'left',
      width: 70,
      color: '#555555',
    },
  ],
});
