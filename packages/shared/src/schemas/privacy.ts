import { z } from 'zod';
import type { Localized } from '../languages.ts';
import { answerValue } from './forms.ts';

/**
 * Personal data over its whole life (issue 20): a meeting's privacy notice and consent, its retention
 * period and purge, a guest's own copy of their data and their withdrawal.
 */

/** Days after a meeting ends that its guests' personal data is kept, unless the organiser sets otherwise. */
export const DEFAULT_RETENTION_DAYS = 180;
export const RETENTION_DAYS_MAX = 3650;
/** The organisers are told this many days before a purge (and can still extend). */
export const RETENTION_NOTICE_DAYS = 7;
export const PRIVACY_NOTICE_MAX = 5000;

/** The notice shown when the organiser has written none: what a small association needs, in plain words. */
export const DEFAULT_PRIVACY_NOTICE: Localized = {
  'zh-tw':
    '主辦單位會收集您在本表格填寫的個人資料（姓名、電話、電郵、機構、執業編號及聯絡人），只用於處理本次會議的報名、簽到、出席證書及相關通知，不會用作其他用途或提供予第三者。資料會在會議結束後按主辦單位設定的期限保存，期滿後會被永久刪除。您可隨時在嘉賓頁面下載您的資料或撤回報名。',
  'zh-cn':
    '主办单位会收集您在本表格填写的个人信息（姓名、电话、邮箱、机构、执业编号及联系人），仅用于处理本次会议的报名、签到、出席证书及相关通知，不会用作其他用途或提供给第三方。信息会在会议结束后按主办单位设定的期限保存，期满后将被永久删除。您可随时在嘉宾页面下载您的信息或撤回报名。',
  en: 'The organiser collects the personal data you give on this form (name, phone, e-mail, institution, licence number and contact person) only to handle your registration, check-in, certificate of attendance and notices for this meeting. It is not used for anything else or given to third parties. It is kept for the period the organiser has set after the meeting ends and then permanently erased. You can download your data or withdraw your sign-up on your guest page at any time.',
};

const noticeText = z.string().trim().max(PRIVACY_NOTICE_MAX, 'privacyNoticeTooLong').default('');

/** The organiser's texts; an empty one reads as the default in that language. */
export const privacyNoticeTexts = z.strictObject({
  'zh-tw': noticeText,
  'zh-cn': noticeText,
  en: noticeText,
});
export type PrivacyNoticeTexts = z.output<typeof privacyNoticeTexts>;

export const privacySettingsBody = z.strictObject({
  /** On: the sign-up form shows the notice with a consent box that must be ticked. */
  notice_enabled: z.boolean(),
  notice: privacyNoticeTexts,
  retention_days: z
    .number({ error: (issue) => (issue.input === undefined ? 'retentionDaysRequired' : undefined) })
    .int('retentionDaysInvalid')
    .min(1, 'retentionDaysInvalid')
    .max(RETENTION_DAYS_MAX, 'retentionDaysInvalid'),
  /**
   * The meeting's name, typed: required when the new period's date has already passed (the save would
   * erase within a minute), as for "purge now".
   */
  confirm: z.string().max(400).optional(),
});
export type PrivacySettingsBody = z.input<typeof privacySettingsBody>;

export const privacySettings = z.object({
  meeting_id: z.number().int(),
  notice_enabled: z.boolean(),
  /** As the organiser wrote them ('' = the default). */
  notice: z.object({ 'zh-tw': z.string(), 'zh-cn': z.string(), en: z.string() }),
  default_notice: z.object({ 'zh-tw': z.string(), 'zh-cn': z.string(), en: z.string() }),
  /** Raised by every change of the notice; each guest's consent names the version they saw. */
  notice_version: z.number().int(),
  retention_days: z.number().int(),
  default_retention_days: z.number().int(),
  meeting_end_at: z.number().int(),
  /** When the guests' personal data is erased: the meeting's end plus the retention days. */
  purge_at: z.number().int(),
  /** When the organisers were told of the coming purge; null: not yet. */
  notified_at: z.number().int().nullable(),
  /** When it was erased; null: not yet. */
  purged_at: z.number().int().nullable(),
  /** Guests (signed up or cancelled) whose data is held now: 0 once purged. */
  guests_held: z.number().int(),
});
export type PrivacySettings = z.infer<typeof privacySettings>;

/** "Purge now": the organiser types the meeting's name (its Traditional Chinese name, as in the list). */
export const purgeBody = z.strictObject({
  confirm: z.string({ error: () => 'purgeConfirmMismatch' }).max(400),
});
export type PurgeBody = z.input<typeof purgeBody>;

export const purgeResult = z.object({ purged_at: z.number().int(), guests: z.number().int() });
export type PurgeResult = z.infer<typeof purgeResult>;

const names = { name: z.string(), name_cn: z.string(), name_en: z.string() };

/**
 * Everything MeetFlow holds about one guest: what their guest page shows and the rest (scans,
 * certificates, waiting-list places, messages sent). The JSON a guest downloads, and the page built from it.
 */
const localizedTexts = z.object({ 'zh-tw': z.string(), 'zh-cn': z.string(), en: z.string() });

export const guestPersonalData = z.object({
  generated_at: z.number().int(),
  meeting: z.object({
    public_id: z.string(),
    ...names,
    start_at: z.number().int(),
    end_at: z.number().int(),
    /** When this data will be erased (the meeting's retention). */
    purge_at: z.number().int(),
  }),
  guest: z.object({
    guest_code: z.string(),
    signed_up_at: z.number().int(),
    cancelled_at: z.number().int().nullable(),
    language: z.string(),
    area_code: z.string(),
    phone: z.string(),
    email: z.string(),
    name: z.string(),
    name_zh: z.string(),
    name_en: z.string(),
    gender: z.string().nullable(),
    local_guest: z.boolean().nullable(),
    institution: z.string(),
    job_title: z.string(),
    organization: z.string(),
    license_number: z.string(),
    other: z.string(),
    contact_name: z.string(),
    contact_number: z.string(),
    contact_phone: z.string(),
    academy_member: z.boolean(),
    user_type: z.object(names).nullable(),
    college_category: z.object(names).nullable(),
    broadcast_opt_out: z.boolean(),
  }),
  /**
   * The answers to the meeting's own fields, in the form's order (retired fields' too): the field's
   * label and the answer in words in each language, and the value as stored.
   */
  answers: z.array(
    z.object({
      key: z.string(),
      /** The field's type; `unknown` for an answer whose field the form no longer has. */
      type: z.string(),
      label: localizedTexts,
      value: answerValue,
      text: localizedTexts,
      retired: z.boolean(),
    }),
  ),
  /** The notice the guest agreed to at sign-up; null where the meeting asked for none. */
  consent: z
    .object({
      version: z.number().int(),
      given_at: z.number().int(),
      text: z.object({ 'zh-tw': z.string(), 'zh-cn': z.string(), en: z.string() }),
    })
    .nullable(),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      ...names,
      date: z.string(),
      enrolled_at: z.number().int(),
    }),
  ),
  /** Every scan of the guest's code, oldest first. */
  scans: z.array(
    z.object({
      type: z.enum(['in', 'out']),
      at: z.number().int(),
      /** null: the meeting's entrance; otherwise the session. */
      session: z.object(names).nullable(),
      station: z.string(),
    }),
  ),
  certificates: z.array(
    z.object({
      code: z.string(),
      issued_at: z.number().int(),
      revoked_at: z.number().int().nullable(),
      minutes: z.number().int(),
      credits: z.number(),
    }),
  ),
  waiting_lists: z.array(
    z.object({
      /** null: the meeting's own list. */
      session: z.object(names).nullable(),
      status: z.string(),
      joined_at: z.number().int(),
    }),
  ),
  /** Messages sent or to be sent to the guest (kind only: their text is built when sent). */
  messages: z.array(
    z.object({
      type: z.string(),
      status: z.string(),
      queued_at: z.number().int(),
      sent_at: z.number().int().nullable(),
    }),
  ),
});
export type GuestPersonalData = z.infer<typeof guestPersonalData>;

/** The privacy notice a public meeting shows on its sign-up form (null: none asked for). */
export const publicPrivacyNotice = z
  .object({
    version: z.number().int(),
    text: z.object({ 'zh-tw': z.string(), 'zh-cn': z.string(), en: z.string() }),
  })
  .nullable();
export type PublicPrivacyNotice = z.infer<typeof publicPrivacyNotice>;

/** One field of an audited change: personal values arrive masked. null = absent (a creation or deletion). */
export const fieldChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type FieldChange = z.infer<typeof fieldChange>;

/** The notice as shown: the organiser's text in each language, the default where they wrote none. */
export function resolvePrivacyNotice(texts: Partial<Record<keyof Localized, string>>): Localized {
  return {
    'zh-tw': texts['zh-tw'] || DEFAULT_PRIVACY_NOTICE['zh-tw'],
    'zh-cn': texts['zh-cn'] || DEFAULT_PRIVACY_NOTICE['zh-cn'],
    en: texts.en || DEFAULT_PRIVACY_NOTICE.en,
  };
}
