import { normalizeCertificateCode } from '@meetflow/shared/certificate-code';
import type { Language } from '@meetflow/shared/languages';
import { dayIn } from '../../lib/date-time.ts';

/*
 * Certificate codes and the verification page's dates. A code is 24 characters of [0-9A-Z], printed
 * in groups of four (XXXX-XXXX-XXXX-XXXX-XXXX-XXXX); people type it with or without the dashes, in
 * any case, sometimes with spaces or full-width characters copied from a PDF.
 */

export const CERTIFICATE_CODE_LENGTH = 24;
const GROUP = 4;

export { normalizeCertificateCode };

/** Whether `raw` holds a whole code (24 characters once normalised). */
export function isCertificateCode(raw: string): boolean {
  return normalizeCertificateCode(raw).length === CERTIFICATE_CODE_LENGTH;
}

/** The code as printed: groups of four joined by dashes (a partial code keeps its last short group). */
export function groupCertificateCode(raw: string): string {
  const code = normalizeCertificateCode(raw);
  return (code.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? []).join('-');
}

/** English dates: day month year, as in Macao and Hong Kong. */
const formats = new Map<string, Intl.DateTimeFormat>();

function englishFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      // An unknown zone name: the browser's own zone rather than no date at all.
      format = new Intl.DateTimeFormat('en-GB', options);
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** Year, month and day of an instant in `timeZone` (the browser's zone when the name is unknown). */
function dayParts(ms: number, timeZone: string): [number, number, number] {
  let day: string;
  try {
    day = dayIn(ms, timeZone);
  } catch {
    day = dayIn(ms);
  }
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  return [y, m, d];
}

/** A day with its year in the page language, in `timeZone`: '2025年11月22日', '22 November 2025'. */
export function formatLongDate(ms: number, timeZone: string, lang: Language): string {
  if (lang === 'en') return englishFormat(timeZone).format(ms);
  const [y, m, d] = dayParts(ms, timeZone);
  return `${y}年${m}月${d}日`;
}

/**
 * The days from `start` to `end` in `timeZone`, one date when both fall on the same day, else what
 * the two ends share said once: '22–24 November 2025', '2025年11月22日至24日'.
 */
export function formatDateSpan(start: number, end: number, timeZone: string, lang: Language): string {
  const last = Math.max(start, end);
  if (lang === 'en') {
    const format = englishFormat(timeZone);
    if (format.format(start) === format.format(last)) return format.format(start);
    return typeof format.formatRange === 'function'
      ? format.formatRange(start, last)
      : `${format.format(start)} – ${format.format(last)}`;
  }
  const [y1, m1, d1] = dayParts(start, timeZone);
  const [y2, m2, d2] = dayParts(last, timeZone);
  const first = `${y1}年${m1}月${d1}日`;
  if (y1 !== y2) return `${first}至${y2}年${m2}月${d2}日`;
  if (m1 !== m2) return `${first}至${m2}月${d2}日`;
  return d1 === d2 ? first : `${first}至${d2}日`;
}

/** Minutes as whole hours and minutes, e.g. { hours: 5, minutes: 30 }. */
export function hoursAndMinutes(totalMinutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/** Credits without float noise: 1.5 stays 1.5, 0.1 + 0.2 shows 0.3, 2 shows 2. */
export function formatCredits(credits: number): string {
  return String(Math.round(credits * 100) / 100);
}

/** The guest page shows its certificate section when the meeting offers one or the guest has one. */
export function showsGuestCertificate(status: {
  offered: boolean;
  available: boolean;
  revoked: boolean;
}): boolean {
  return status.offered || status.available || status.revoked;
}
