/*
 * Calendar days and wall-clock times in the deployment's time zone (the TIME_ZONE setting), never in
 * the process's own zone: a server in a UTC container must still start Macao's day at Macao's
 * midnight, not at 08:00. Intl.DateTimeFormat carries the IANA rules, including daylight saving.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Macau';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Whether Intl knows `name` as a time zone ('Asia/Macau', 'Europe/London', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!name.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

let configuredZone = DEFAULT_TIME_ZONE;

/**
 * Sets the zone that every function here uses when none is passed. Called once at start-up with
 * the validated TIME_ZONE setting; the zone is one per deployment, like the database.
 */
export function setTimeZone(name: string): void {
  if (!isTimeZone(name)) throw new RangeError(`Unknown time zone: ${name}`);
  configuredZone = name;
}

/** The deployment's time zone. */
export function timeZone(): string {
  return configuredZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number, zone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(zone).formatToParts(ms)) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function utcOf(w: WallClock): number {
  const date = new Date(Date.UTC(2000, w.month - 1, w.day, w.hour, w.minute, w.second));
  // Date.UTC maps years 0–99 to 1900–1999; setting the year afterwards keeps it as given.
  date.setUTCFullYear(w.year);
  return date.getTime();
}

/**
 * Offsets by quarter hour of UTC. Zones change offset only at whole quarter hours, so one lookup
 * serves a whole quarter: an export of 100,000 times asks Intl a few hundred times, not 100,000.
 */
const QUARTER_MS = 15 * 60_000;
const offsetCache = new Map<string, number>();

/** How far the zone's wall clock is ahead of UTC at this instant, in ms (Asia/Macau: +8 h). */
export function zoneOffset(ms: number, zone: string = configuredZone): number {
  const quarter = Math.floor(ms / QUARTER_MS) * QUARTER_MS;
  const key = `${zone} ${quarter}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = utcOf(wallClock(quarter, zone)) - quarter;
    if (offsetCache.size >= 10_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/**
 * The instant at which the zone's wall clock shows this date and time. A time that occurs twice
 * (clocks turned back) gives the earlier instant; one that never occurs (clocks turned forward)
 * is moved forward by the gap, as Temporal's 'compatible' disambiguation does. Out-of-range
 * fields roll over (day 32 is the next month's first).
 */
export function zonedTime(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number },
  zone: string = configuredZone,
): number {
  const asUtc = utcOf({
    year: wall.year,
    month: wall.month,
    day: wall.day,
    hour: wall.hour ?? 0,
    minute: wall.minute ?? 0,
    second: 0,
  });
  const before = zoneOffset(asUtc - DAY_MS, zone);
  const after = zoneOffset(asUtc + DAY_MS, zone);
  const earlier = asUtc - before;
  const later = asUtc - after;
  const shows = (t: number) => t + zoneOffset(t, zone) === asUtc;
  if (shows(earlier) && shows(later)) return Math.min(earlier, later);
  if (shows(later)) return later;
  // Valid with the offset before, or inside a gap: the offset before pushes it past the gap.
  return earlier;
}

/** The day last asked for: every scan asks for today, and Intl's answer costs ~10 µs. */
let lastDay: { zone: string; from: number; to: number } | null = null;

/** Start of the local day that contains the instant (its midnight, or the first moment after it). */
export function startOfLocalDay(ms: number, zone: string = configuredZone): number {
  if (lastDay && lastDay.zone === zone && ms >= lastDay.from && ms < lastDay.to) return lastDay.from;
  const w = wallClock(ms, zone);
  const from = zonedTime({ year: w.year, month: w.month, day: w.day }, zone);
  lastDay = { zone, from, to: zonedTime({ year: w.year, month: w.month, day: w.day + 1 }, zone) };
  return from;
}

/**
 * The instant `days` local days after the one containing `ms`, at the wall-clock time 'HH:mm'.
 */
export function localDayTime(
  ms: number,
  days: number,
  clock = '00:00',
  zone: string = configuredZone,
): number {
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  const w = wallClock(ms, zone);
  return zonedTime({ year: w.year, month: w.month, day: w.day + days, hour, minute }, zone);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Per zone, the local days last asked for, with the instants they run between. */
const recentDays = new Map<string, { from: number; to: number; day: string }[]>();
const RECENT_DAYS = 8;

/**
 * The local calendar day of an instant, 'YYYY-MM-DD'. Callers ask for thousands of instants on a
 * few days (a meeting's scans: presence, certificates) and the zone's clock costs microseconds per
 * instant, so the last days asked for are kept with their bounds and answered without it.
 */
export function localDate(ms: number, zone: string = configuredZone): string {
  return localDayOf(ms, zone).day;
}

/**
 * The first instant of the local day after the one containing `ms` (its next midnight): the same
 * as localDayTime(ms, 1), answered from the days last asked for (a meeting's presence asks it for
 * every entry without an exit).
 */
export function nextLocalMidnight(ms: number, zone: string = configuredZone): number {
  const known = localDayOf(ms, zone);
  return known.to > ms ? known.to : localDayTime(ms, 1, '00:00', zone);
}

/** The local day of an instant with its bounds; `to` is 0 when a zone's odd day was not kept. */
function localDayOf(ms: number, zone: string): { from: number; to: number; day: string } {
  let days = recentDays.get(zone);
  if (!days) recentDays.set(zone, (days = []));
  const known = days.find((d) => ms >= d.from && ms < d.to);
  if (known) return known;
  const w = wallClock(ms, zone);
  const day = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  const bounds = localDayBounds(day, zone);
  // Kept only when the bounds hold the instant (a zone's odd day would not be taken for another).
  if (ms < bounds.from || ms >= bounds.to) return { from: 0, to: 0, day };
  const entry = { ...bounds, day };
  days.unshift(entry);
  if (days.length > RECENT_DAYS) days.pop();
  return entry;
}

/** The first instant of a 'YYYY-MM-DD' local day and the first of the day after (23–25 h apart). */
export function localDayBounds(day: string, zone: string = configuredZone): { from: number; to: number } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return {
    from: zonedTime({ year, month, day: date }, zone),
    to: zonedTime({ year, month, day: date + 1 }, zone),
  };
}

/**
 * The local wall-clock time as a Date whose UTC fields show it: spreadsheet cells and file names
 * carry no time zone, so exports write these fields as the local time.
 */
export function spreadsheetDateTime(ms: number, zone: string = configuredZone): Date {
  return new Date(ms + zoneOffset(ms, zone));
}

/** 'YYYY-MM-DD HH:mm:ss' on the local clock: how exports write times. */
export function localDateTimeText(ms: number, zone: string = configuredZone): string {
  return spreadsheetDateTime(ms, zone).toISOString().slice(0, 19).replace('T', ' ');
}

/** 'HH:mm' of an instant on the local clock. */
export function localClockTime(ms: number, zone: string = configuredZone): string {
  const w = wallClock(ms, zone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}
