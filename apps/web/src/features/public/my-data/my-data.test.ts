import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@meetflow/shared/field-messages';
import { LANGUAGES } from '@meetflow/shared/languages';
import { dateScheduleSignUpBody, generalSignUpBody } from '@meetflow/shared/schemas/public';
import { guestPersonalData, type GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import type { TFunction } from '../../../lib/i18n.ts';
import { loadPhoneRule } from '../phone-rule.ts';
import {
  answerRows,
  BLANK,
  certificateItems,
  consentRows,
  formatDay,
  formatStamp,
  labelOf,
  messageItems,
  myDataBlob,
  myDataFileName,
  personalRows,
  phoneOf,
  scanItems,
  sessionItems,
  waitingItems,
  type DataContext,
} from './my-data.ts';
import {
  consentErrors,
  consentFields,
  dateScheduleBody,
  EMPTY_DATE_SCHEDULE,
  generalBody,
} from '../sign-up/sign-up-form.ts';

/** A t() that shows which key (and values) it was asked for; known keys of a group may be listed. */
function fakeT(known: Record<string, string> = {}): TFunction {
  return (key, options) => {
    if (key in known) return known[key]!;
    if (options && 'defaultValue' in options && key.startsWith('pub.myData.') && !(key in known))
      return String(options.defaultValue);
    const values = Object.entries(options ?? {})
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(',');
    return values ? `${key}(${values})` : key;
  };
}

const ZONE = 'Asia/Macau';
// 2027-01-11 09:30 in Macao (UTC+8).
const AT = Date.UTC(2027, 0, 11, 1, 30);

const guest: GuestPersonalData['guest'] = {
  guest_code: 'code',
  signed_up_at: AT,
  cancelled_at: null,
  language: 'zh-tw',
  area_code: '853',
  phone: '+85362123456',
  email: 'chan@example.com',
  name: '陳大文',
  name_zh: '',
  name_en: '',
  gender: 'male',
  local_guest: true,
  institution: '',
  job_title: 'Nurse',
  organization: '',
  license_number: '',
  other: '',
  contact_name: '',
  contact_number: '28000000',
  contact_phone: '66000000',
  academy_member: false,
  user_type: null,
  college_category: null,
  broadcast_opt_out: false,
};

const data: GuestPersonalData = {
  generated_at: Date.UTC(2027, 0, 11, 17, 0), // 01:00 on the 12th in Macao
  meeting: {
    public_id: 'pub123',
    name: '會議',
    name_cn: '会议',
    name_en: 'Meeting',
    start_at: AT,
    end_at: AT,
    purge_at: AT,
  },
  guest,
  answers: [
    {
      key: 'specialty',
      type: 'choice',
      label: { 'zh-tw': '專科', 'zh-cn': '专科', en: 'Specialty' },
      value: 'surgery',
      text: { 'zh-tw': '外科', 'zh-cn': '外科', en: 'Surgery' },
      retired: false,
    },
    {
      key: 'membership',
      type: 'file',
      label: { 'zh-tw': '會員證明', 'zh-cn': '会员证明', en: 'Proof of membership' },
      value: { id: 'a'.repeat(64), name: 'card.pdf', mime: 'application/pdf', size: 1200 },
      text: { 'zh-tw': 'card.pdf', 'zh-cn': 'card.pdf', en: 'card.pdf' },
      retired: false,
    },
    {
      key: 'old',
      type: 'short_text',
      label: { 'zh-tw': '舊問題', 'zh-cn': '旧问题', en: 'Old question' },
      value: ' ',
      text: { 'zh-tw': ' ', 'zh-cn': ' ', en: ' ' },
      retired: true,
    },
  ],
  consent: { version: 2, given_at: AT, text: { 'zh-tw': '聲明', 'zh-cn': '声明', en: 'Notice' } },
  sessions: [
    { id: 1, name: '開幕', name_cn: '开幕', name_en: 'Opening', date: '2027-01-11', enrolled_at: AT },
  ],
  scans: [
    { type: 'in', at: AT, session: null, station: 'Gate A' },
    { type: 'out', at: AT, session: { name: '開幕', name_cn: '开幕', name_en: 'Opening' }, station: ' ' },
  ],
  certificates: [
    { code: 'ABCD2345EFGH6789JKMN2345', issued_at: AT, revoked_at: AT, minutes: 95, credits: 1.5 },
  ],
  waiting_lists: [
    { session: null, status: 'promoted', joined_at: AT },
    {
      session: { name: '工作坊', name_cn: '工作坊', name_en: 'Workshop' },
      status: 'somethingNew',
      joined_at: AT,
    },
  ],
  messages: [
    { type: 'confirmation', status: 'done', queued_at: AT, sent_at: AT },
    { type: 'reminder', status: 'queued', queued_at: AT, sent_at: null },
  ],
};

const en = (t = fakeT()): DataContext => ({ lang: 'en', zone: ZONE, t });

describe('my data: the file', () => {
  it('is named after the day it was read, in the meeting’s zone', () => {
    expect(myDataFileName(data.generated_at, ZONE)).toBe('meetflow-my-data-2027-01-12.json');
    expect(myDataFileName(data.generated_at, 'UTC')).toBe('meetflow-my-data-2027-01-11.json');
    // An unknown zone name still gives a file name (the browser's own day).
    expect(myDataFileName(data.generated_at, 'Not/AZone')).toMatch(
      /^meetflow-my-data-\d{4}-\d{2}-\d{2}\.json$/,
    );
  });

  it('is JSON that reads back as the contract’s answer', async () => {
    const blob = myDataBlob(data);
    expect(blob.type).toBe('application/json');
    const parsed: unknown = JSON.parse(await blob.text());
    expect(parsed).toEqual(data);
    expect(guestPersonalData.parse(parsed)).toEqual(data);
  });
});

describe('my data: dates', () => {
  it('writes instants with their year in the meeting’s zone, and calendar days', () => {
    expect(formatStamp(AT, ZONE, 'en')).toBe('11 January 2027 09:30');
    expect(formatStamp(AT, ZONE, 'zh-tw')).toBe('2027年1月11日 09:30');
    expect(formatStamp(AT, 'UTC', 'zh-cn')).toBe('2027年1月11日 01:30');
    expect(formatDay('2027-01-11', 'en')).toBe('11 January 2027');
    expect(formatDay('2027-01-11', 'zh-tw')).toBe('2027年1月11日');
    expect(formatDay('garbage', 'en')).toBe('garbage');
  });
});

describe('my data: phone numbers', () => {
  it('sets the area code apart from the number', () => {
    expect(phoneOf('853', '+85362123456')).toBe('+853 62123456');
    expect(phoneOf('853', '62123456')).toBe('+853 62123456');
    expect(phoneOf('852', '+85362123456')).toBe('+85362123456');
    expect(phoneOf('853', '  ')).toBeNull();
  });
});

describe('my data: answers to the form', () => {
  it('lists each answer under its field’s label in the page’s language, a retired field marked', () => {
    const t = fakeT({ 'pub.myData.retiredField': '(no longer asked)' });
    expect(answerRows(data.answers, en(t))).toEqual([
      { label: 'Specialty', value: 'Surgery' },
      { label: 'Proof of membership', value: 'card.pdf' },
      { label: 'Old question (no longer asked)', value: BLANK },
    ]);
    expect(answerRows(data.answers, { ...en(t), lang: 'zh-cn' }).map((r) => r.label)).toEqual([
      '专科',
      '会员证明',
      '旧问题 (no longer asked)',
    ]);
  });
});

describe('my data: personal fields', () => {
  it('lists a general guest’s form fields with labels, blanks shown, the other form’s empty ones left out', () => {
    const rows = personalRows(
      guest,
      'general',
      en(fakeT({ 'pub.yes': 'Yes', 'pub.no': 'No', 'pub.male': 'Male' })),
    );
    expect(rows.map((r) => r.label)).toEqual([
      'pub.name',
      'pub.gender',
      'pub.localGuest',
      'pub.phone',
      'pub.email',
      'pub.institution',
      'pub.jobTitle',
      'pub.contactName',
      'pub.contactNumber',
      'pub.contactPhone',
      'pub.language',
      'pub.signedUpAt',
      'pub.myData.broadcasts',
    ]);
    const value = (label: string) => rows.find((r) => r.label === label)?.value;
    expect(value('pub.name')).toBe('陳大文');
    expect(value('pub.gender')).toBe('Male');
    expect(value('pub.localGuest')).toBe('Yes');
    expect(value('pub.phone')).toBe('+853 62123456');
    expect(value('pub.institution')).toBe(BLANK);
    expect(value('pub.language')).toBe('繁體中文');
    expect(value('pub.signedUpAt')).toBe('11 January 2027 09:30');
    expect(value('pub.myData.broadcasts')).toBe('Yes');
  });

  it('lists a date-schedule guest’s fields, names in the page language, and the cancellation', () => {
    const rows = personalRows(
      {
        ...guest,
        name: '',
        gender: null,
        local_guest: null,
        job_title: '',
        contact_number: '',
        contact_phone: '',
        name_zh: 'NA',
        name_en: 'Alex Wong',
        license_number: 'M123',
        academy_member: true,
        user_type: { name: '醫生', name_cn: '医生', name_en: 'Doctor' },
        college_category: null,
        broadcast_opt_out: true,
        cancelled_at: AT,
      },
      'date_schedule',
      en(fakeT({ 'pub.yes': 'Yes', 'pub.no': 'No' })),
    );
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['pub.nameZh', 'NA'],
      ['pub.nameEn', 'Alex Wong'],
      ['pub.phone', '+853 62123456'],
      ['pub.email', 'chan@example.com'],
      ['pub.organization', BLANK],
      ['pub.userType', 'Doctor'],
      ['pub.licenseNumber', 'M123'],
      ['pub.other', BLANK],
      ['pub.academyMember', 'Yes'],
      ['pub.collegeCategory', BLANK],
      ['pub.language', '繁體中文'],
      ['pub.signedUpAt', '11 January 2027 09:30'],
      ['pub.myData.broadcasts', 'No'],
      ['pub.myData.cancelledAt', '11 January 2027 09:30'],
    ]);
  });

  it('shows a field of the other form only when it holds something (an import’s academy member)', () => {
    const rows = personalRows({ ...guest, academy_member: true, organization: 'Kiang Wu' }, 'general', en());
    expect(rows.map((r) => r.label)).toContain('pub.academyMember');
    expect(rows.map((r) => r.label)).toContain('pub.organization');
  });
});

describe('my data: sections', () => {
  it('writes the consent, sessions, scans, certificates, waiting lists and messages', () => {
    const c = en(fakeT({ 'pub.myData.scanType.in': 'In', 'pub.myData.entrance': 'Entrance' }));
    expect(consentRows(data.consent!, c)).toEqual([
      { label: 'pub.myData.consentVersion', value: '2' },
      { label: 'pub.myData.consentGivenAt', value: '11 January 2027 09:30' },
    ]);
    expect(sessionItems(data.sessions, c)).toEqual([
      {
        title: 'Opening',
        rows: [
          { label: 'pub.myData.date', value: '11 January 2027' },
          { label: 'pub.myData.enrolledAt', value: '11 January 2027 09:30' },
        ],
      },
    ]);
    const scans = scanItems(data.scans, c);
    expect(scans[0]).toEqual({
      title: 'In · Entrance',
      rows: [
        { label: 'pub.time', value: '11 January 2027 09:30' },
        { label: 'pub.myData.station', value: 'Gate A' },
      ],
    });
    // A blank station is left out; an unknown label falls back to the server's word.
    expect(scans[1]!.title).toBe('out · Opening');
    expect(scans[1]!.rows).toHaveLength(1);

    const [certificate] = certificateItems(data.certificates, c);
    expect(certificate!.title).toBe('ABCD-2345-EFGH-6789-JKMN-2345');
    expect(certificate!.rows.map((r) => r.label)).toEqual([
      'pub.myData.issuedAt',
      'pub.myData.revokedAt',
      'pub.certificate.timePresent',
      'pub.certificate.credits',
    ]);
    expect(certificate!.rows[2]!.value).toBe('pub.certificate.duration(hours=1,minutes=35)');
    expect(certificate!.rows[3]!.value).toBe('1.5');

    const places = waitingItems(data.waiting_lists, c);
    expect(places.map((p) => p.title)).toEqual(['pub.myData.meetingList', 'Workshop']);
    expect(places[1]!.rows[0]).toEqual({ label: 'pub.myData.status', value: 'somethingNew' });

    const messages = messageItems(data.messages, c);
    expect(messages[0]!.rows.map((r) => r.label)).toEqual([
      'pub.myData.status',
      'pub.myData.queuedAt',
      'pub.myData.sentAt',
    ]);
    expect(messages[1]!.rows).toHaveLength(2);
  });

  it('labels what the server names through the catalogue, else as it came', () => {
    const t = fakeT({ 'pub.myData.messageStatus.done': 'Sent' });
    expect(labelOf(t, 'messageStatus', 'done')).toBe('Sent');
    expect(labelOf(t, 'messageStatus', 'bounced')).toBe('bounced');
  });
});

describe('sign-up consent', () => {
  it('is required only where the meeting shows a notice, and sent as ticked only there', () => {
    expect(consentErrors(true, false)).toEqual({ consent: 'consentRequired' });
    expect(consentErrors(true, true)).toEqual({});
    expect(consentErrors(false, false)).toEqual({});
    expect(consentFields({ version: 3 }, true)).toEqual({ consent: true, consent_version: 3 });
    expect(consentFields({ version: 3 }, false)).toEqual({ consent: false });
    expect(consentFields(null, true)).toEqual({ consent: false });
  });

  it('goes in bodies the shared contract accepts', async () => {
    const phoneRule = await loadPhoneRule();
    const general = generalBody(
      {
        name: 'Chan',
        gender: 'male',
        local_guest: 'yes',
        area_code: '853',
        phone: '62123456',
        email: 'a@example.com',
        institution: '',
        job_title: '',
        contact_name: '',
        contact_number: '1',
        contact_phone: '2',
      },
      phoneRule,
    );
    expect(generalSignUpBody.parse({ ...general, consent: true }).consent).toBe(true);
    expect(generalSignUpBody.parse(general).consent).toBe(false);
    const dated = dateScheduleBody(
      {
        ...EMPTY_DATE_SCHEDULE,
        name_zh: 'NA',
        name_en: 'A',
        area_code: '853',
        phone: '62123456',
        email: 'a@b.io',
        user_type_id: '1',
        license_number: 'NA',
      },
      [1],
      phoneRule,
    );
    expect(dateScheduleSignUpBody.parse({ ...dated, ...consentFields({ version: 2 }, true) })).toMatchObject({
      consent: true,
      consent_version: 2,
    });
  });

  it('says what the server says under the box, in the three languages', async () => {
    const { allPublicCatalogues } = await import('../i18n.ts');
    const all = await allPublicCatalogues();
    for (const lang of LANGUAGES)
      expect(all[lang].err.consentRequired, lang).toBe(FIELD_MESSAGES.consentRequired[lang]);
  });
});
