import { describe, expect, it } from 'vitest';
import {
  applyVerdict,
  judgeOffline,
  localMidnight,
  type OfflineGuest,
  type OfflineVerdict,
  type ScanDirection,
} from './offline-judge.ts';

const ZONE = 'Asia/Macau'; // UTC+8 all year
const MINUTE = 60_000;
const WINDOW = 5 * MINUTE;
/** 2026-03-11 00:00 in Macau. */
const DAY2 = Date.UTC(2026, 2, 10, 16);
const DAY1 = DAY2 - 24 * 60 * MINUTE;

const guest = (state: Partial<OfflineGuest> = {}): OfflineGuest => ({
  id: 7,
  key: 'k',
  name: 'Chan Tai Man',
  user_type_id: null,
  cancelled: false,
  enrolled: true,
  inside: false,
  last_in_at: null,
  last_out_at: null,
  ...state,
});

function judge(g: OfflineGuest | undefined, direction: ScanDirection, now: number, timeZone?: string) {
  return judgeOffline(g, {
    direction,
    now,
    today: localMidnight(now, ZONE),
    repeatWindowMs: WINDOW,
    ...(timeZone ? { timeZone } : {}),
  });
}

/** Scans one after another, each judged on the state the one before left. */
function run(scans: [ScanDirection, number][], start = guest()) {
  let state = start;
  return scans.map(([direction, now]) => {
    const verdict = judge(state, direction, now);
    state = applyVerdict(state, verdict);
    return { verdict, state };
  });
}

const summary = (v: OfflineVerdict) =>
  v.result === 'refused'
    ? [v.result, v.reason]
    : v.result === 'duplicate'
      ? [v.result, v.type, v.previousAt]
      : [v.result, v.type];

describe('localMidnight', () => {
  it('starts the day at the zone’s midnight, not the machine’s', () => {
    expect(localMidnight(DAY2, ZONE)).toBe(DAY2);
    expect(localMidnight(DAY2 - 1, ZONE)).toBe(DAY1);
    expect(localMidnight(DAY2 + 23 * 60 * MINUTE + 59 * MINUTE, ZONE)).toBe(DAY2);
    expect(localMidnight(Date.UTC(2026, 2, 10, 15, 30), ZONE)).toBe(DAY1); // 23:30 in Macau
  });

  it('follows daylight saving across the spring change (London, 2026-03-29 01:00 GMT → 02:00 BST)', () => {
    const zone = 'Europe/London';
    expect(localMidnight(Date.UTC(2026, 2, 29, 0, 30), zone)).toBe(Date.UTC(2026, 2, 29)); // 00:30 GMT
    expect(localMidnight(Date.UTC(2026, 2, 29, 12), zone)).toBe(Date.UTC(2026, 2, 29)); // 13:00 BST
    expect(localMidnight(Date.UTC(2026, 2, 29, 22, 59), zone)).toBe(Date.UTC(2026, 2, 29)); // 23:59 BST
    expect(localMidnight(Date.UTC(2026, 2, 29, 23), zone)).toBe(Date.UTC(2026, 2, 29, 23)); // 00:00 BST
    expect(localMidnight(Date.UTC(2026, 2, 30, 10), zone)).toBe(Date.UTC(2026, 2, 29, 23));
    // And back in autumn (2026-10-25): that day is 25 hours long.
    expect(localMidnight(Date.UTC(2026, 9, 25, 23, 59), zone)).toBe(Date.UTC(2026, 9, 24, 23));
  });

  it('starts a day whose midnight daylight saving skips at the first moment after it', () => {
    // Chile, 2026-09-06: 00:00 -04 becomes 01:00 -03, so the day starts at 04:00 UTC.
    expect(localMidnight(Date.UTC(2026, 8, 6, 15), 'America/Santiago')).toBe(Date.UTC(2026, 8, 6, 4));
  });
});

describe('judgeOffline refusals', () => {
  it('refuses an unknown code', () => {
    expect(judge(undefined, 'auto', DAY2)).toEqual({
      result: 'refused',
      reason: 'unknown',
      guest: null,
      at: DAY2,
    });
  });

  it('refuses a cancelled guest before anything else', () => {
    const cancelled = guest({ cancelled: true, enrolled: false, inside: true, last_in_at: DAY2 });
    expect(judge(cancelled, 'out', DAY2 + MINUTE)).toEqual({
      result: 'refused',
      reason: 'cancelled',
      guest: cancelled,
      at: DAY2 + MINUTE,
    });
  });

  it('refuses a guest not enrolled in the session', () => {
    expect(summary(judge(guest({ enrolled: false }), 'in', DAY2))).toEqual(['refused', 'not_enrolled']);
  });

  it('refuses a guest whose order is not paid, in either direction, and lets them in once paid', () => {
    const unpaid = guest({ unpaid: true });
    expect(summary(judge(unpaid, 'in', DAY2))).toEqual(['refused', 'unpaid']);
    expect(summary(judge(unpaid, 'auto', DAY2))).toEqual(['refused', 'unpaid']);
    expect(applyVerdict(unpaid, judge(unpaid, 'in', DAY2))).toBe(unpaid);
    expect(summary(judge(guest({}), 'in', DAY2))[0]).toBe('success');
  });

  it('refuses a guest whose sign-up awaits approval, in either direction', () => {
    const pending = guest({ pending: true });
    expect(summary(judge(pending, 'in', DAY2))).toEqual(['refused', 'pending']);
    expect(summary(judge(pending, 'auto', DAY2))).toEqual(['refused', 'pending']);
    expect(applyVerdict(pending, judge(pending, 'in', DAY2))).toBe(pending);
  });

  it('changes nothing on a refusal', () => {
    const g = guest({ cancelled: true });
    expect(applyVerdict(g, judge(g, 'in', DAY2))).toBe(g);
  });
});

describe('judgeOffline in auto mode', () => {
  it('toggles entry and exit once the repeat window has passed', () => {
    const steps = run([
      ['auto', DAY2 + 60 * MINUTE],
      ['auto', DAY2 + 70 * MINUTE],
      ['auto', DAY2 + 80 * MINUTE],
    ]);
    expect(steps.map((s) => summary(s.verdict))).toEqual([
      ['success', 'in'],
      ['success', 'out'],
      ['success', 'in'],
    ]);
    expect(steps[2]!.state).toMatchObject({
      inside: true,
      last_in_at: DAY2 + 80 * MINUTE,
      last_out_at: DAY2 + 70 * MINUTE,
    });
  });

  it('answers a scan within the window with the last scan, and records nothing', () => {
    const [entry, again] = run([
      ['auto', DAY2 + 60 * MINUTE],
      ['auto', DAY2 + 60 * MINUTE + WINDOW - 1],
    ]);
    expect(summary(again!.verdict)).toEqual(['duplicate', 'in', DAY2 + 60 * MINUTE]);
    expect(again!.state).toBe(entry!.state);
    // Exactly one window later it is a new scan (the server moves when last <= now - window).
    expect(summary(judge(entry!.state, 'auto', DAY2 + 60 * MINUTE + WINDOW))).toEqual(['success', 'out']);
  });

  it('makes the first scan of a day an entry, even for a guest still inside from yesterday', () => {
    // In at 23:59, scanned again at 00:01: two minutes apart, but a new day.
    const [, next] = run([
      ['auto', DAY2 - MINUTE],
      ['auto', DAY2 + MINUTE],
    ]);
    expect(summary(next!.verdict)).toEqual(['success', 'in']);
    expect(next!.state).toMatchObject({ inside: true, last_in_at: DAY2 + MINUTE });
  });

  it('does not carry the repeat window over midnight', () => {
    const left = guest({ inside: false, last_in_at: DAY1 + 60 * MINUTE, last_out_at: DAY2 - MINUTE });
    expect(summary(judge(left, 'auto', DAY2 + MINUTE))).toEqual(['success', 'in']);
    expect(summary(judge(left, 'auto', DAY2 - 1))).toEqual(['duplicate', 'out', DAY2 - MINUTE]);
  });
});

describe('judgeOffline with a fixed direction', () => {
  const inside = guest({ inside: true, last_in_at: DAY2 + 60 * MINUTE, last_out_at: DAY2 + 30 * MINUTE });
  const outside = guest({ inside: false, last_in_at: DAY2 + 30 * MINUTE, last_out_at: DAY2 + 60 * MINUTE });
  const later = DAY2 + 120 * MINUTE;
  const soon = DAY2 + 61 * MINUTE;

  it('records an entry of a guest outside and an exit of a guest inside', () => {
    expect(summary(judge(outside, 'in', later))).toEqual(['success', 'in']);
    expect(summary(judge(inside, 'out', later))).toEqual(['success', 'out']);
    expect(applyVerdict(inside, judge(inside, 'out', later))).toEqual({
      ...inside,
      inside: false,
      last_out_at: later,
    });
  });

  it('answers an entry of a guest inside with their entry', () => {
    expect(summary(judge(inside, 'in', later))).toEqual(['duplicate', 'in', DAY2 + 60 * MINUTE]);
  });

  it('answers an exit of a guest not inside with their exit (none: null)', () => {
    expect(summary(judge(outside, 'out', later))).toEqual(['duplicate', 'out', DAY2 + 60 * MINUTE]);
    expect(summary(judge(guest(), 'out', later))).toEqual(['duplicate', 'out', null]);
  });

  it('answers any scan within the window with the last scan’s type and time', () => {
    expect(summary(judge(inside, 'out', soon))).toEqual(['duplicate', 'in', DAY2 + 60 * MINUTE]);
    expect(summary(judge(outside, 'in', soon))).toEqual(['duplicate', 'out', DAY2 + 60 * MINUTE]);
  });

  it('closes out an earlier day’s entry: an exit is a duplicate, an entry a success', () => {
    const yesterday = guest({ inside: true, last_in_at: DAY2 - MINUTE, last_out_at: DAY1 + 60 * MINUTE });
    // The server closed the entry out at the last moment of its day, and answers with that.
    expect(summary(judge(yesterday, 'out', DAY2 + MINUTE))).toEqual(['duplicate', 'out', DAY2 - 1]);
    expect(summary(judge(yesterday, 'in', DAY2 + MINUTE))).toEqual(['success', 'in']);
  });

  it('dates the close-out of an entry two days back at the end of its own day (given the zone)', () => {
    const older = guest({ inside: true, last_in_at: DAY1 - 60 * MINUTE });
    expect(summary(judge(older, 'out', DAY2 + MINUTE, ZONE))).toEqual(['duplicate', 'out', DAY1 - 1]);
  });
});
