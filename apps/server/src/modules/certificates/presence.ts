import type { CertificateRule } from '@meetflow/shared/schemas/certificates';
import { localDate, localDayBounds, localDayTime } from '../../lib/local-time.ts';

/*
 * Time present, from the scan log. Entries and exits pair up per scope (0 = the meeting's door,
 * otherwise a session's); an entry whose exit never came closes at the end of its local day (the
 * door's per-day rule: the day-end close-out, written lazily, may not be there yet) or now, if that
 * day is today. The meeting's time is the union of every scope's intervals, so a guest in two
 * overlapping sessions, or in a session and the hall, is counted once.
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
  const endOfDay = (at: number) => Math.min(localDayTime(at, 1, '00:00', zone), Math.max(now, at));
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

/** From the first moment of a meeting's first local day to the end of its last. */
export function meetingWindow(days: readonly string[], zone: string): { from: number; to: number } {
  if (days.length === 0) return { from: 0, to: 0 };
  return { from: localDayBounds(days[0]!, zone).from, to: localDayBounds(days.at(-1)!, zone).to };
}

/** The local days a meeting spans, first to last (at most 62). */
export function meetingDays(startAt: number, endAt: number, zone: string): string[] {
  const days: string[] = [];
  for (let at = startAt, n = 0; n < 62; n++) {
    const day = localDate(at, zone);
    if (day > localDate(endAt, zone)) break;
    days.push(day);
    at = localDayTime(at, 1, '00:00', zone);
  }
  return days;
}

export interface Attainment {
  earned: boolean;
  minutes: number;
  credits: number;
  /** Sessions attended (present there at least the rule's session minutes), by id. */
  sessions: number[];
  daysPresent: number;
}

/**
 * What a guest's presence earns under the rule. Every condition set must hold; a rule with none
 * set asks only that the guest came. Credits are the meeting's plus those of each session attended.
 */
export function attainment(rule: CertificateRule, presence: Presence, days: readonly string[]): Attainment {
  const sessions = [...presence.scopeMinutes]
    .filter(([scope, minutes]) => scope !== 0 && minutes >= rule.session_min_minutes)
    .map(([scope]) => scope)
    .sort((a, b) => a - b);
  const attended = new Set(sessions);
  const anyCondition = rule.min_minutes > 0 || rule.required_session_ids.length > 0 || rule.every_day;
  const earned =
    presence.days.size > 0 &&
    (!anyCondition ||
      (presence.minutes >= rule.min_minutes &&
        rule.required_session_ids.every((id) => attended.has(id)) &&
        (!rule.every_day || days.every((day) => presence.days.has(day)))));
  const sessionCredits = rule.session_credits
    .filter((entry) => attended.has(entry.schedule_id))
    .reduce((sum, entry) => sum + entry.credits, 0);
  const credits = earned ? Math.round((rule.meeting_credits + sessionCredits) * 100) / 100 : 0;
  return { earned, minutes: presence.minutes, credits, sessions, daysPresent: presence.days.size };
}
