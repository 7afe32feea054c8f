import { SHORT_DATE_FORMAT } from '@meetflow/shared/constants';
import { type Language } from '@meetflow/shared/languages';

/*
 * Dates and times without a date library (lists, tables and the public pages do without dayjs).
 * A zone is an IANA name such as the deployment's TIME_ZONE; without one, the browser's own zone.
 * Intl carries the zone rules, so a browser set to UTC still shows Macao's 08:30 as 08:30.
 */

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(ms: number, timeZone?: string): WallClock {
  const key = timeZone ?? '';
  let format = wallClockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...(timeZone ? { timeZone } : {}),
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(key, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return parts as unknown as WallClock;
}

/** A timestamp as DATE_TIME_FORMAT (YYYY-MM-DD HH:mm:ss) in `timeZone`. */
export function formatDateTime(ms: number, timeZone?: string): string {
  const c = wallClock(ms, timeZone);
  return `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute}:${c.second}`;
}

/** 'YYYY-MM-DD' of an instant in `timeZone`. */
export function dayIn(ms: number, timeZone?: string): string {
  return formatDateTime(ms, timeZone).slice(0, 10);
}

/** 'HH:mm' of an instant in `timeZone`. */
export function formatTime(ms: number, timeZone?: string): string {
  return formatDateTime(ms, timeZone).slice(11, 16);
}

/** A calendar day 'YYYY-MM-DD' in the spec's short form (§9): DD/MM in English, M月DD日 in Chinese. */
export function formatDayMonth(day: string, lang: Language): string {
  const [, month = '', date = ''] = day.split('-');
  return SHORT_DATE_FORMAT[lang].replace(/MM|DD|M/g, (token) =>
    token === 'MM' ? month : token === 'DD' ? date : String(Number(month)),
  );
}

/** The zone's offset at an instant, e.g. 'GMT+8'. */
export function zoneOffset(ms: number, timeZone?: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    timeZoneName: 'shortOffset',
  });
  return format.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** Whether the browser's clock reads differently from `timeZone` at that instant (zone names aside). */
export function differsFromBrowserZone(ms: number, timeZone: string): boolean {
  return zoneOffset(ms, timeZone) !== zoneOffset(ms);
}
