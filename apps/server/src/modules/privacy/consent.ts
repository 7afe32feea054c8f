import {
  resolvePrivacyNotice,
  type PrivacyNoticeTexts,
  type PublicPrivacyNotice,
} from '@meetflow/shared/schemas/privacy';
import { fieldError } from '../../lib/app-error.ts';

interface NoticeColumns {
  privacy_notice_enabled: number;
  privacy_notice: string;
  privacy_notice_version: number;
}

/** The organiser's stored texts ('' where they wrote none); a damaged value reads as none. */
export function storedNotice(json: string): PrivacyNoticeTexts {
  try {
    const value = JSON.parse(json) as Partial<PrivacyNoticeTexts> | null;
    return { 'zh-tw': value?.['zh-tw'] ?? '', 'zh-cn': value?.['zh-cn'] ?? '', en: value?.en ?? '' };
  } catch {
    return { 'zh-tw': '', 'zh-cn': '', en: '' };
  }
}

/** What the sign-up form shows: the notice in every language, or null when the meeting asks for none. */
export function publicNotice(meeting: NoticeColumns): PublicPrivacyNotice {
  if (meeting.privacy_notice_enabled !== 1) return null;
  return {
    version: meeting.privacy_notice_version,
    text: resolvePrivacyNotice(storedNotice(meeting.privacy_notice)),
  };
}

/**
 * The guest columns of a sign-up's consent: the version of the notice shown and when. A meeting
 * that shows a notice refuses a form whose box is not ticked (the field message under the box), or
 * that showed an older version than the one now in force.
 */
export function consentColumns(
  meeting: NoticeColumns,
  body: { consent: boolean; consent_version?: number | undefined },
  now: number,
) {
  if (meeting.privacy_notice_enabled !== 1) return {};
  if (!body.consent) throw fieldError('consent', 'consentRequired');
  // The words agreed to must be the ones stored: a form showing an older version reads the new one first.
  if (body.consent_version !== undefined && body.consent_version !== meeting.privacy_notice_version) {
    throw fieldError('consent', 'consentNoticeChanged');
  }
  return { consent_version: meeting.privacy_notice_version, consent_at: now };
}
