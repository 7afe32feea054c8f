import { localDate, nextLocalMidnight } from '../lib/local-time.ts';

/*
 * Time present, from the scan log. Entries and exits pair up per scope (0 = the meeting's door,
 * otherwise a session's); an entry whose exit never came closes at the end of its local day (the
 * door's per-day rule: the day-end close-out, written lazily, may not be there yet) or now, if that
 * day is today. The meeting's time is the union of every scope's intervals, so a guest in two
 * overlapping sessions, or in a session and the hall, is counted once. Certificates earn by it and
 * the attendance records export reports it, so both count the same minutes.
 */

export interface ScanEvent {
  scope_id: number;
  type: 'in' | 'out';
  created_at: number;
}

export interface Presence {
  /** Minutes present over the whole meeting (union of all scopes). */
  minutes: number;
  /** Minutes present per scope (0 = the meeting's door). */
  scopeMinutes: Map<number, number>;
  /** Local days ('YYYY-MM-DD') with at least one entry, in any scope. */
  days: Set<string>;
}

type Interval = [from: number, to: number];

const MINUTE_MS = 60_000;

/** The intervals of one scope's events, in time order. */
function intervalsOf(events: readonly ScanEvent[], now: number, zone: string): Interval[] {
  const intervals: Interval[] = [];
  let open: number | null = null;
  const endOfDay = (at: number) => Math.min(nextLocalMidnight(at, zone), Math.max(now, at));
  for (const event of events) {
    if (open !== null && localDate(event.created_at, zone) !== localDate(open, zone)) {
      // The entry's day ended without an exit: it closed at that day's end.
      intervals.push([open, endOfDay(open)]);
      open = null;
    }
    if (event.type === 'in') {
      open ??= event.created_at; // a second entry while inside keeps the first
    } else if (open !== null) {
      intervals.push([open, event.created_at]);
      open = null;
    }
  }
  if (open !== null) intervals.push([open, endOfDay(open)]);
  return intervals;
}

function total(intervals: readonly Interval[]): number {
  return intervals.reduce((sum, [from, to]) => sum + Math.max(0, to - from), 0);
}

/** The union's length: overlapping intervals count once. */
function unionLength(intervals: Interval[]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let sum = 0;
  let current: Interval | null = null;
  for (const [from, to] of sorted) {
    if (current && from <= current[1]) {
      current[1] = Math.max(current[1], to);
    } else {
      if (current) sum += current[1] - current[0];
      current = [from, to];
    }
  }
  if (current) sum += current[1] - current[0];
  return sum;
}

/**
 * A guest's presence from their scans (any order) at `now`, days in `zone`. Scans outside `window`
 * (the meeting's days: a rehearsal the day before, a scan after it ended) do not count.
 */
export function presenceOf(
  events: readonly ScanEvent[],
  now: number,
  zone: string,
  window: { from: number; to: number } = { from: -Infinity, to: Infinity },
): Presence {
  const byScope = new Map<number, ScanEvent[]>();
  const days = new Set<string>();
  for (const event of events) {
    if (event.created_at > now || event.created_at < window.from || event.created_at >= window.to) continue;
    let list = byScope.get(event.scope_id);
    if (!list) byScope.set(event.scope_id, (list = []));
    list.push(event);
    if (event.type === 'in') days.add(localDate(event.created_at, zone));
  }
  const all: Interval[] = [];
  const scopeMinutes = new Map<number, number>();
  for (const [scope, list] of byScope) {
    list.sort((a, b) => a.created_at - b.created_at || (a.type === 'in' ? -1 : 1));
    const intervals = intervalsOf(list, now, zone);
    scopeMinutes.set(scope, Math.floor(total(intervals) / MINUTE_MS));
    all.push(...intervals);
  }
  return { minutes: Math.floor(unionLength(all) / MINUTE_MS), scopeMinutes, days };
}
