import { describe, expect, it } from 'vitest';
import { certificateRule } from '@meetflow/shared/schemas/certificates';
import { attainment, meetingDays, meetingWindow, presenceOf, type ScanEvent } from './presence.ts';

const ZONE = 'Asia/Macau'; // UTC+8, no daylight saving
/** An instant on Macao's clock: '2026-12-01 09:00'. */
const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);
const scan = (scope_id: number, type: 'in' | 'out', time: string): ScanEvent => ({
  scope_id,
  type,
  created_at: at(time),
});
const LATER = at('2026-12-10 00:00');

describe('presence from the scan log', () => {
  it('pairs entries and exits per scope and counts overlapping sessions once', () => {
    const presence = presenceOf(
      [
        scan(0, 'in', '2026-12-01 09:00'),
        scan(0, 'out', '2026-12-01 12:00'),
        scan(11, 'in', '2026-12-01 09:30'),
        scan(11, 'out', '2026-12-01 10:30'),
        scan(12, 'in', '2026-12-01 10:00'), // overlaps session 11 and the hall
        scan(12, 'out', '2026-12-01 12:30'),
      ],
      LATER,
      ZONE,
    );
    expect(presence.scopeMinutes.get(0)).toBe(180);
    expect(presence.scopeMinutes.get(11)).toBe(60);
    expect(presence.scopeMinutes.get(12)).toBe(150);
    // 09:00–12:30 once, not 180 + 60 + 150.
    expect(presence.minutes).toBe(210);
    expect([...presence.days]).toEqual(['2026-12-01']);
  });

  it('closes a missing exit at the end of its local day, never past it', () => {
    const presence = presenceOf(
      [
        scan(0, 'in', '2026-12-01 22:00'), // no exit: closes at Macao midnight (2 h)
        scan(0, 'in', '2026-12-02 08:00'), // the next day's entry is an entry
        scan(0, 'out', '2026-12-02 09:15'),
      ],
      LATER,
      ZONE,
    );
    expect(presence.minutes).toBe(120 + 75);
    expect([...presence.days].sort()).toEqual(['2026-12-01', '2026-12-02']);
  });

  it('an exit on a later day does not stretch an entry across midnight', () => {
    const presence = presenceOf(
      [scan(0, 'in', '2026-12-01 23:30'), scan(0, 'out', '2026-12-02 01:00')],
      LATER,
      ZONE,
    );
    expect(presence.minutes).toBe(30);
  });

  it('counts a guest still inside today up to now, and ignores scans after now', () => {
    const now = at('2026-12-01 10:45');
    const presence = presenceOf(
      [scan(0, 'in', '2026-12-01 10:00'), scan(0, 'out', '2026-12-01 11:00')],
      now,
      ZONE,
    );
    expect(presence.minutes).toBe(45);
  });

  it('counts the day in the deployment zone, not UTC', () => {
    // 07:30 in Macao is the previous day in UTC.
    const presence = presenceOf(
      [scan(0, 'in', '2026-12-02 07:30'), scan(0, 'out', '2026-12-02 08:30')],
      LATER,
      ZONE,
    );
    expect([...presence.days]).toEqual(['2026-12-02']);
    expect(meetingDays(at('2026-12-01 09:00'), at('2026-12-02 17:00'), ZONE)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
  });
});

describe('the meeting window', () => {
  it('leaves out scans on days outside the meeting', () => {
    const days = meetingDays(at('2026-12-01 09:00'), at('2026-12-02 17:00'), ZONE);
    const presence = presenceOf(
      [
        scan(0, 'in', '2026-11-30 15:00'), // the rehearsal the day before
        scan(0, 'out', '2026-11-30 17:00'),
        scan(0, 'in', '2026-12-01 08:30'), // early on the first day still counts
        scan(0, 'out', '2026-12-01 09:30'),
      ],
      LATER,
      ZONE,
      meetingWindow(days, ZONE),
    );
    expect(presence.minutes).toBe(60);
    expect([...presence.days]).toEqual(['2026-12-01']);
  });
});

describe('attainment under a rule', () => {
  const days = ['2026-12-01', '2026-12-02'];
  const presence = presenceOf(
    [
      scan(0, 'in', '2026-12-01 09:00'),
      scan(0, 'out', '2026-12-01 11:00'),
      scan(11, 'in', '2026-12-01 09:00'),
      scan(11, 'out', '2026-12-01 09:40'),
      scan(12, 'in', '2026-12-01 10:00'),
      scan(12, 'out', '2026-12-01 10:05'),
    ],
    LATER,
    ZONE,
  );

  it('earns with no condition set once the guest came', () => {
    const result = attainment(certificateRule.parse({ meeting_credits: 2 }), presence, days);
    expect(result).toMatchObject({ earned: true, minutes: 120, credits: 2, daysPresent: 1 });
  });

  it('checks minutes, required sessions and every day, and credits the sessions attended', () => {
    const rule = certificateRule.parse({
      min_minutes: 120,
      session_min_minutes: 30,
      required_session_ids: [11],
      meeting_credits: 1,
      session_credits: [
        { schedule_id: 11, credits: 1.5 },
        { schedule_id: 12, credits: 3 },
      ],
    });
    // Session 12 lasted 5 minutes, under the 30 asked: not attended, no credits for it.
    expect(attainment(rule, presence, days)).toMatchObject({ earned: true, credits: 2.5, sessions: [11] });
    expect(attainment({ ...rule, min_minutes: 121 }, presence, days).earned).toBe(false);
    expect(attainment({ ...rule, required_session_ids: [11, 12] }, presence, days).earned).toBe(false);
    expect(attainment({ ...rule, every_day: true }, presence, days).earned).toBe(false);
    expect(attainment({ ...rule, every_day: true }, presence, ['2026-12-01']).earned).toBe(true);
  });

  it('a guest who never came earns nothing', () => {
    const result = attainment(certificateRule.parse({}), presenceOf([], LATER, ZONE), days);
    expect(result).toMatchObject({ earned: false, minutes: 0, credits: 0 });
  });
});
