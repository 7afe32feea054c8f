import type { Language } from '@meetflow/shared/languages';
import { dayIn, formatDayMonth, formatTime } from '../../lib/date-time.ts';
import { colorWithContrast, contrast, luminance } from '../../lib/color-contrast.ts';

/*
 * Every time on the visitor pages is the meeting's own wall clock (the deployment's zone, named by
 * the meeting answer), in the spec's short dates: a browser set to UTC sees 08:30 as 08:30.
 */

/** '22/11 09:30' (English) or '11月22日 09:30' (Chinese) in `zone`. */
export function formatDateTime(ms: number, zone: string, lang: Language): string {
  return `${formatDayMonth(dayIn(ms, zone), lang)} ${formatTime(ms, zone)}`;
}

/** '22/11 09:30 – 17:00' when both ends are on the same day, else both in full. */
export function formatRange(start: number, end: number, zone: string, lang: Language): string {
  const sameDay = dayIn(start, zone) === dayIn(end, zone);
  return `${formatDateTime(start, zone, lang)} – ${sameDay ? formatTime(end, zone) : formatDateTime(end, zone, lang)}`;
}

/** A session's day and time slot, e.g. '22/11 09:00–10:30' (its times are already the meeting's). */
export function sessionWhen(
  s: { date: string; start_time: string | null; end_time: string | null },
  lang: Language,
): string {
  const day = formatDayMonth(s.date, lang);
  if (s.start_time && s.end_time) return `${day} ${s.start_time}–${s.end_time}`;
  if (s.start_time) return `${day} ${s.start_time}`;
  return day;
}

/**
 * Text colour on a `hex` background: white when it meets WCAG AA (4.5:1), else whichever of black
 * and white contrasts more. The meeting's own colour stays; only the text adapts.
 */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  const l = luminance(hex);
  if (l === null) return '#ffffff';
  const onWhite = contrast(1, l);
  const onBlack = contrast(0, l);
  return onWhite >= 4.5 || onWhite >= onBlack ? '#ffffff' : '#000000';
}

const FOCUS_CONTRAST = 3;
const DEFAULT_FOCUS = '#1677ff';
/** The page behind the white cards (app/global.css): the darker of the two a ring sits on. */
const PAGE_BACKGROUND = '#f5f5f5';

/**
 * The focus ring's colour (WCAG 2.4.13 / 1.4.11 ask 3:1 against what it sits on): the theme colour
 * when it has that contrast on `background`, else the theme colour mixed step by step towards black
 * (on a light page) or white (on a dark one) until it has. A yellow theme keeps its hue, darkened.
 */
export function focusColorOn(theme: string, background = PAGE_BACKGROUND): string {
  return colorWithContrast(theme, background, FOCUS_CONTRAST, DEFAULT_FOCUS);
}

/**
 * Contact data the guest page shows: the server's masked values only, never raw ones; blank parts
 * are dropped.
 */
export function maskedContactLines(guest: { masked_phone: string; masked_email: string }): string[] {
  return [guest.masked_phone, guest.masked_email].map((v) => v.trim()).filter((v) => v.length > 0);
}

/** Keeps the sessions whose name (any language), date (as shown or as YYYY-MM-DD) or time contains the keyword. */
export function matchesKeyword(
  s: {
    name: string;
    name_cn: string;
    name_en: string;
    date: string;
    start_time: string | null;
    end_time: string | null;
  },
  keyword: string,
  lang: Language,
): boolean {
  const k = keyword.trim().toLowerCase();
  if (!k) return true;
  return [s.name, s.name_cn, s.name_en, s.date, sessionWhen(s, lang)].some((v) =>
    v.toLowerCase().includes(k),
  );
}
