import type { Language } from '@meetflow/shared/languages';
import type { Meeting } from '@meetflow/shared/schemas/meetings';

/** The meeting's text in the interface language, falling back to Traditional Chinese when empty. */
export function localizedName(
  meeting: Pick<Meeting, 'name' | 'name_cn' | 'name_en'>,
  lang: Language,
): string {
  const value = lang === 'zh-cn' ? meeting.name_cn : lang === 'en' ? meeting.name_en : meeting.name;
  return value || meeting.name;
}

export function localizedLocation(
  meeting: Pick<Meeting, 'location' | 'location_cn' | 'location_en'>,
  lang: Language,
): string {
  const value =
    lang === 'zh-cn' ? meeting.location_cn : lang === 'en' ? meeting.location_en : meeting.location;
  return value || meeting.location;
}

/** Links of the public pages (hash routes), built from the unguessable public id. */
export function publicLink(
  page: 'sign-up' | 'check-in',
  publicId: string,
  at: Location = window.location,
): string {
  return `${at.origin}${at.pathname}#/${page}/${encodeURIComponent(publicId)}`;
}

/** Clipboard API where allowed (secure contexts), the old selection trick elsewhere. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}
