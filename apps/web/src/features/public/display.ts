import type { Language } from '@meetflow/shared';
import { formatDateTime as formatTimestamp } from '../../lib/date-time.ts';

export interface LocalizedNames {
  name: string;
  name_cn: string;
  name_en: string;
}

/** The name in `lang` by the suffix scheme, falling back to the base (zh-tw) field. */
export function localized(item: LocalizedNames, lang: Language, base: 'name' = 'name'): string {
  const own = lang === 'zh-cn' ? item[`${base}_cn`] : lang === 'en' ? item[`${base}_en`] : item[base];
  return own?.trim() ? own : item[base];
}

export function localizedLocation(
  meeting: { location: string; location_cn: string; location_en: string },
  lang: Language,
): string {
  const own = lang === 'zh-cn' ? meeting.location_cn : lang === 'en' ? meeting.location_en : meeting.location;
  return own?.trim() ? own : meeting.location;
}

/** 2026-11-22 09:30 in the visitor's time zone: the shell's timestamp without its seconds. */
export function formatDateTime(ms: number): string {
  return formatTimestamp(ms).slice(0, 16);
}

/** "2026-11-22 09:30 – 17:00" when both ends are on the same day. */
export function formatRange(start: number, end: number): string {
  const a = formatDateTime(start);
  const b = formatDateTime(end);
  return a.slice(0, 10) === b.slice(0, 10) ? `${a} – ${b.slice(11)}` : `${a} – ${b}`;
}

/** A session's date and time slot, e.g. "2026-11-22 09:00–10:30". */
export function sessionWhen(s: { date: string; start_time: string | null; end_time: string | null }): string {
  if (s.start_time && s.end_time) return `${s.date} ${s.start_time}–${s.end_time}`;
  if (s.start_time) return `${s.date} ${s.start_time}`;
  return s.date;
}

/**
 * Text colour on a `hex` background: white when it meets WCAG AA (4.5:1), else whichever of black
 * and white contrasts more. The meeting's own colour stays; only the text adapts.
 */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return '#ffffff';
  const v = parseInt(m[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((v >> 16) & 255) + 0.7152 * channel((v >> 8) & 255) + 0.0722 * channel(v & 255);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onWhite >= 4.5 || onWhite >= onBlack ? '#ffffff' : '#000000';
}

/**
 * Contact data the guest page shows: the server's masked values only, never raw ones; blank parts
 * are dropped.
 */
export function maskedContactLines(guest: { masked_phone: string; masked_email: string }): string[] {
  return [guest.masked_phone, guest.masked_email].map((v) => v.trim()).filter((v) => v.length > 0);
}

/** Keeps the sessions whose name (any language), date or time contains the keyword. */
export function matchesKeyword(
  s: LocalizedNames & { date: string; start_time: string | null; end_time: string | null },
  keyword: string,
): boolean {
  const k = keyword.trim().toLowerCase();
  if (!k) return true;
  return [s.name, s.name_cn, s.name_en, sessionWhen(s)].some((v) => v.toLowerCase().includes(k));
}
