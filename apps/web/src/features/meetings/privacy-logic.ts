import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import {
  RETENTION_DAYS_MAX,
  type PrivacySettings,
  type PrivacySettingsBody,
} from '@meetflow/shared/schemas/privacy';

/*
 * The privacy drawer's logic, apart from its UI (issue 20): the erase date a retention period gives,
 * what is sent on save, the server's field names as form fields, when "erase now" is offered and
 * whether the typed confirmation matches.
 */

const DAY_MS = 86_400_000;

export type NoticeTexts = Record<Language, string>;

export interface PrivacyFormValues {
  notice_enabled: boolean;
  notice: NoticeTexts;
  retention_days: number | null;
}

/** Whether `days` is a retention period the server takes: a whole number of days from 1 to 3650. */
export function isRetentionDays(days: unknown): days is number {
  return typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= RETENTION_DAYS_MAX;
}

/**
 * When the guests' data is erased with `days` of retention: the meeting's end plus that many whole
 * days, as the server counts it (not calendar days: the same time of day, whatever a clock change
 * does in between). null while the field holds no valid period.
 */
export function eraseDate(meetingEndAt: number, days: unknown): number | null {
  return isRetentionDays(days) ? meetingEndAt + days * DAY_MS : null;
}

/** The form's starting values: the texts as the organiser wrote them ('' = the default). */
export function privacyFormValues(settings: PrivacySettings): PrivacyFormValues {
  return {
    notice_enabled: settings.notice_enabled,
    notice: { 'zh-tw': settings.notice['zh-tw'], 'zh-cn': settings.notice['zh-cn'], en: settings.notice.en },
    retention_days: settings.retention_days,
  };
}

/** A text as it will be stored: trimmed, and '' (the default) when it says what the default says. */
export function ownNotice(text: string | undefined, fallback: string): string {
  const trimmed = (text ?? '').trim();
  return trimmed === fallback.trim() ? '' : trimmed;
}

/** Whether a notice text reads as the default (left empty, or the default word for word). */
export function isDefaultNotice(text: string | undefined, fallback: string): boolean {
  return ownNotice(text, fallback) === '';
}

/** The text visitors read in `lang`: the organiser's, else the default. */
export function shownNotice(texts: Partial<NoticeTexts> | undefined, defaults: NoticeTexts, lang: Language) {
  return ownNotice(texts?.[lang], defaults[lang]) || defaults[lang];
}

/** The body of the save. Texts equal to the defaults go as '' so that they follow the product's wording. */
export function privacyBody(values: PrivacyFormValues, defaults: NoticeTexts): PrivacySettingsBody {
  const notice = {} as NoticeTexts;
  for (const lang of LANGUAGES) notice[lang] = ownNotice(values.notice[lang], defaults[lang]);
  return {
    notice_enabled: values.notice_enabled,
    notice,
    retention_days: Number(values.retention_days),
  };
}

const isLanguage = (value: unknown): value is Language => LANGUAGES.some((lang) => lang === value);

export type PrivacyField = 'notice_enabled' | 'retention_days' | ['notice', Language];

/** The form field of a server field name (`retention_days`, `notice.en`), or null for one the form lacks. */
export function privacyFormField(path: string): PrivacyField | null {
  if (path === 'notice_enabled' || path === 'retention_days') return path;
  const [head, lang, ...rest] = path.split('.');
  if (head === 'notice' && isLanguage(lang) && rest.length === 0) return ['notice', lang];
  return null;
}

/** "Erase now" is offered for a meeting that has ended and whose data has not been erased yet. */
export function canPurgeNow(settings: Pick<PrivacySettings, 'meeting_end_at' | 'purged_at'>, now: number) {
  return settings.purged_at === null && settings.meeting_end_at <= now;
}

/** The typed confirmation matches the meeting's name as the server compares them (ends trimmed). */
export function purgeConfirmMatches(typed: string, meetingName: string): boolean {
  const wanted = meetingName.trim();
  return wanted !== '' && typed.trim() === wanted;
}
