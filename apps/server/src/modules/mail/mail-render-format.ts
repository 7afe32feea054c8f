import { DISPLAY_CONFIG_DEFAULTS, HEX_COLOR } from '@meetflow/shared/display-text';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { localClockTime, localDate, zonedTime } from '../../lib/local-time.ts';
import type { MailSession } from './mail-render-types.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A 'YYYY-MM-DD' day as the spec writes it: DD/MM/YYYY in English, YYYY年M月DD日 in Chinese. */
export function dayText(day: string, lang: Language): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return lang === 'en' ? `${date}/${month}/${year}` : `${year}年${Number(month)}月${date}日`;
}

/** An instant as its local day and clock time in `zone`. */
export function dateTimeText(ms: number, lang: Language, zone: string): string {
  return `${dayText(localDate(ms, zone), lang)} ${localClockTime(ms, zone)}`;
}

/** From start to end, without repeating the day when both fall on the same local day. */
export function rangeText(start: number, end: number, lang: Language, zone: string, to: string): string {
  const sameDay = localDate(start, zone) === localDate(end, zone);
  const tail = sameDay ? localClockTime(end, zone) : dateTimeText(end, lang, zone);
  return `${dateTimeText(start, lang, zone)}${to}${tail}`;
}

/** The local days an instant range covers, as one day or 'first – last'. */
export function dayRangeText(start: number, end: number, lang: Language, zone: string, to: string): string {
  const first = localDate(start, zone);
  const last = localDate(end, zone);
  return first === last ? dayText(first, lang) : `${dayText(first, lang)}${to}${dayText(last, lang)}`;
}

export interface SessionTimes {
  /** Epoch ms of the start, or of the local midnight for an all-day session. */
  start: number;
  /** Epoch ms of the end; null when only a start time is known. */
  end: number | null;
  allDay: boolean;
}

function wall(day: string, clock?: string) {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = (clock ?? '00:00').split(':').map(Number);
  return { year, month, day: date, hour, minute };
}

/**
 * A session's instants: its local date and HH:mm times read in `zone`. A session without a start
 * time lasts the whole day; an end at or before the start is taken to be on the next day.
 */
export function sessionTimes(session: MailSession, zone: string): SessionTimes {
  if (!session.start_time) {
    const start = zonedTime(wall(session.date), zone);
    const next = wall(session.date);
    return { start, end: zonedTime({ ...next, day: next.day + 1 }, zone), allDay: true };
  }
  const start = zonedTime(wall(session.date, session.start_time), zone);
  if (!session.end_time) return { start, end: null, allDay: false };
  let end = zonedTime(wall(session.date, session.end_time), zone);
  if (end <= start) {
    const next = wall(session.date, session.end_time);
    end = zonedTime({ ...next, day: next.day + 1 }, zone);
  }
  return { start, end, allDay: false };
}

/** Sessions in the order they happen. */
export function sortSessions(sessions: readonly MailSession[]): MailSession[] {
  return [...sessions].sort(
    (a, b) =>
      a.date.localeCompare(b.date) || (a.start_time ?? '').localeCompare(b.start_time ?? '') || a.id - b.id,
  );
}

export interface SessionLine {
  when: string;
  name: string;
}

/** A session as 'day HH:mm–HH:mm' (or 'day all day') and its name in the language. */
export function sessionLine(session: MailSession, lang: Language, allDay: string): SessionLine {
  const day = dayText(session.date, lang);
  const clock = session.start_time
    ? session.end_time
      ? `${session.start_time}–${session.end_time}`
      : session.start_time
    : allDay;
  return { when: `${day} ${clock}`, name: nameIn(lang, session.name, session.name_cn, session.name_en) };
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const TEXT_DARK = '#1f1f1f';
const WHITE = '#ffffff';

export interface ThemeColors {
  /** The meeting's colour: header bar and button. */
  theme: string;
  /** Text on the theme colour: white or near-black, whichever reads better. */
  onTheme: string;
  /** Links on white: the theme colour when it is readable there (WCAG 4.5:1), else near-black. */
  link: string;
}

/** The meeting's theme colour (validated, as it ends up in an attribute) and readable partners. */
export function themeColors(color: string): ThemeColors {
  const theme = HEX_COLOR.test(color.trim())
    ? color.trim().toLowerCase()
    : DISPLAY_CONFIG_DEFAULTS.theme_color;
  return {
    theme,
    onTheme: contrast(theme, WHITE) >= contrast(theme, TEXT_DARK) ? WHITE : TEXT_DARK,
    link: contrast(theme, WHITE) >= 4.5 ? theme : TEXT_DARK,
  };
}

/** System fonts, then the language's CJK faces, so Chinese glyphs never fall back to a Japanese face. */
export function fontStack(lang: Language): string {
  const cjk =
    lang === 'zh-cn'
      ? "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC',"
      : "'PingFang TC','PingFang HK','Microsoft JhengHei','Noto Sans CJK TC','Noto Sans TC',";
  const latin = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,";
  return `${latin}${cjk}sans-serif`;
}

/** 'Label: value' with the language's colon. */
export function labelled(label: string, value: string, lang: Language): string {
  return `${label}${lang === 'en' ? ': ' : '：'}${value}`;
}

/** The BCP 47 tag of the mail's HTML. */
export function htmlLang(lang: Language): string {
  return lang === 'zh-tw' ? 'zh-Hant' : lang === 'zh-cn' ? 'zh-Hans' : 'en';
}
