import { describe, expect, it } from 'vitest';
import { isScheduleDate } from '@meetflow/shared';
import { dateWithinMeeting, localDate } from '../src/modules/dictionary/dictionary-context.ts';

describe('session dates against meeting days (server time zone)', () => {
  const meeting = {
    start_at: new Date(2026, 11, 1, 23, 30).getTime(),
    end_at: new Date(2026, 11, 3, 0, 15).getTime(),
  };

  it('takes the local calendar day of an instant', () => {
    expect(localDate(new Date(2026, 0, 5, 0, 0).getTime())).toBe('2026-01-05');
    expect(localDate(new Date(2026, 11, 31, 23, 59, 59).getTime())).toBe('2026-12-31');
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
