import { afterEach, describe, expect, it } from 'vitest';
import { isScheduleDate } from '@meetflow/shared/schemas/dictionary';
import { DEFAULT_TIME_ZONE, setTimeZone } from '../src/lib/local-time.ts';
import { dateWithinMeeting } from '../src/modules/dictionary/dictionary-context.ts';

describe('session dates against meeting days (TIME_ZONE, Asia/Macau by default)', () => {
  // 1 Dec 23:30 to 3 Dec 00:15 in Macao (UTC+8), whatever the machine's own zone.
  const meeting = {
    start_at: Date.parse('2026-12-01T15:30:00Z'),
    end_at: Date.parse('2026-12-02T16:15:00Z'),
  };
  afterEach(() => setTimeZone(DEFAULT_TIME_ZONE));

  it('reads the meeting days in the configured zone, not the process zone', () => {
    setTimeZone('Europe/London');
    // The same instants are 1 Dec 15:30 to 2 Dec 16:15 in London.
    expect(dateWithinMeeting('2026-12-03', meeting)).toBe(false);
    expect(dateWithinMeeting('2026-12-02', meeting)).toBe(true);
  });

  it('accepts both edge days whatever the hour, and refuses the days around them', () => {
    expect(dateWithinMeeting('2026-12-01', meeting)).toBe(true);
    expect(dateWithinMeeting('2026-12-02', meeting)).toBe(true);
    expect(dateWithinMeeting('2026-12-03', meeting)).toBe(true);
    expect(dateWithinMeeting('2026-11-30', meeting)).toBe(false);
    expect(dateWithinMeeting('2026-12-04', meeting)).toBe(false);
  });

  it('accepts only real calendar days written YYYY-MM-DD', () => {
    expect(isScheduleDate('2028-02-29')).toBe(true);
    expect(isScheduleDate('2026-02-29')).toBe(false);
    expect(isScheduleDate('2026-13-01')).toBe(false);
    expect(isScheduleDate('2026-1-01')).toBe(false);
  });
});
