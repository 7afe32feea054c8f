import { describe, expect, it } from 'vitest';
import { presenceOf, type ScanEvent } from './presence.ts';

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
  });
});
