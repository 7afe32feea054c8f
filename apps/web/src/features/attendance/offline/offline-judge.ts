import { dayIn, formatDateTime } from '../../../lib/date-time.ts';

/*
 * The door's judgement of a scan while the network is down, from the station's copy of the scope's
 * guests. It mirrors the server's scan() (apps/server/src/modules/attendance/attendance.service.ts),
 * so that a scan judged offline gets the answer the server would have given, and the upload
 * records it without a conflict: refusals, then the repeat window, then the state machine of
 * entries and exits per local day in the server's zone.
 */

/** One guest of the station's copy (the shape of the server's offline data). */
export interface OfflineGuest {
  id: number;
  /** guestCodeKey() of the guest's code. */
  key: string;
  name: string;
  user_type_id: number | null;
  cancelled: boolean;
  /** Enrolled in the station's session (always true for a whole meeting or a general one). */
  enrolled: boolean;
  inside: boolean;
  last_in_at: number | null;
  last_out_at: number | null;
  phone_key?: string | null;
  /** Ask-at-door questions still open for the guest: keys of the copy's door fields. */
  door_keys?: string[];
  /** Their order is not paid (issue 44): refused, as the server refuses them. */
  unpaid?: true;
  /** Their sign-up awaits approval (issue 45): refused, as the server refuses them. */
  pending?: true;
}

export type ScanDirection = 'in' | 'out' | 'auto';
export type ScanType = 'in' | 'out';

export type OfflineVerdict =
  | { result: 'success'; type: ScanType; guest: OfflineGuest; at: number }
  | { result: 'duplicate'; type: ScanType; guest: OfflineGuest; previousAt: number | null; at: number }
  | {
      result: 'refused';
      reason: 'unknown' | 'cancelled' | 'not_enrolled' | 'unpaid' | 'pending';
      guest: OfflineGuest | null;
      at: number;
    };

export interface OfflineScanInput {
  direction: ScanDirection;
  now: number;
  /** localMidnight(now) in the server's zone. */
  today: number;
  repeatWindowMs: number;
  /**
   * The server's zone, to date the close-out of an entry left open two or more days ago; without
   * it that close-out is taken as the end of yesterday (today - 1), right for yesterday's entries.
   */
  timeZone?: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How far the zone's wall clock is ahead of UTC at `ms`, in ms. */
function zoneOffset(ms: number, timeZone: string): number {
  const second = Math.floor(ms / 1000) * 1000;
  const [date = '', time = ''] = formatDateTime(second, timeZone).split(' ');
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0, sec = 0] = time.split(':').map(Number);
  return Date.UTC(year, month - 1, day, hour % 24, minute, sec) - second;
}

/**
 * Start of the local day of `now` in an IANA zone: its midnight or, where daylight saving skips
 * midnight, the first moment after it. The same rule as the server's startOfLocalDay().
 */
export function localMidnight(now: number, timeZone: string): number {
  const [year = 0, month = 1, day = 1] = dayIn(now, timeZone).split('-').map(Number);
  const wallMidnight = Date.UTC(year, month - 1, day);
  // The offset a day before or a day after: one of them holds at midnight, unless a change skips it.
  const beforeChange = wallMidnight - zoneOffset(wallMidnight - DAY_MS, timeZone);
  const afterChange = wallMidnight - zoneOffset(wallMidnight + DAY_MS, timeZone);
  const showsMidnight = (t: number) => t + zoneOffset(t, timeZone) === wallMidnight;
  if (showsMidnight(beforeChange) && showsMidnight(afterChange)) return Math.min(beforeChange, afterChange);
  if (showsMidnight(afterChange)) return afterChange;
  // Valid with the earlier offset, or midnight falls in a gap: then this is the gap's end.
  return beforeChange;
}

/** When the server closes out an entry left open: the last moment of the entry's local day. */
function closeOutTime(lastInAt: number, today: number, timeZone: string | undefined): number {
  if (!timeZone) return today - 1;
  // Local days are 23 to 25 hours long: 36 hours after a midnight is always in the next day.
  return localMidnight(localMidnight(lastInAt, timeZone) + 36 * HOUR_MS, timeZone) - 1;
}

/** Inside only with an entry today: an earlier day's entry counts as closed out at that day's end. */
function isInsideToday(guest: OfflineGuest, today: number): boolean {
  return guest.inside && guest.last_in_at !== null && guest.last_in_at >= today;
}

/**
 * The guest's last scan today as the server reads it from the summary: the entry while inside,
 * else the exit. A day's close-out is not one (it is before today).
 */
function lastScanToday(guest: OfflineGuest, today: number): { type: ScanType; at: number } | null {
  const last = guest.inside
    ? { type: 'in' as const, at: guest.last_in_at }
    : { type: 'out' as const, at: guest.last_out_at };
  return last.at !== null && last.at >= today ? { type: last.type, at: last.at } : null;
}

/** The server's answer to this scan, judged from the station's copy of the guest. */
export function judgeOffline(guest: OfflineGuest | undefined, input: OfflineScanInput): OfflineVerdict {
  const { direction, now: at, today, repeatWindowMs } = input;
  if (!guest) return { result: 'refused', reason: 'unknown', guest: null, at };
  if (guest.cancelled) return { result: 'refused', reason: 'cancelled', guest, at };
  if (!guest.enrolled) return { result: 'refused', reason: 'not_enrolled', guest, at };
  if (guest.pending) return { result: 'refused', reason: 'pending', guest, at };
  if (guest.unpaid) return { result: 'refused', reason: 'unpaid', guest, at };

  // A double read, or two stations reading one badge: the answer is the last scan, whatever the mode.
  const last = lastScanToday(guest, today);
  if (last !== null && at - last.at < repeatWindowMs) {
    return { result: 'duplicate', type: last.type, guest, previousAt: last.at, at };
  }

  const insideToday = isInsideToday(guest, today);
  const type = direction === 'auto' ? (insideToday ? 'out' : 'in') : direction;
  if (type === 'in' && insideToday) {
    return { result: 'duplicate', type, guest, previousAt: guest.last_in_at, at };
  }
  if (type === 'out' && !insideToday) {
    // An entry left open from an earlier day was closed out at that day's end: the exit shown.
    const previousAt =
      guest.inside && guest.last_in_at !== null
        ? closeOutTime(guest.last_in_at, today, input.timeZone)
        : guest.last_out_at;
    return { result: 'duplicate', type, guest, previousAt, at };
  }
  return { result: 'success', type, guest, at };
}

/**
 * The guest's state after the verdict: a success moves them in or out; anything else records
 * nothing. (After an entry that follows an open earlier day, the server also writes that day's
 * close-out to last_out_at; no judgement reads last_out_at while the guest is inside today, and
 * the next refresh of the copy brings it.)
 */
export function applyVerdict(guest: OfflineGuest, verdict: OfflineVerdict): OfflineGuest {
  if (verdict.result !== 'success') return guest;
  return verdict.type === 'in'
    ? { ...guest, inside: true, last_in_at: verdict.at }
    : { ...guest, inside: false, last_out_at: verdict.at };
}
