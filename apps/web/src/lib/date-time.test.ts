import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMAT } from '@meetflow/shared/constants';
import {
  dayIn,
  differsFromBrowserZone,
  formatDateTime,
  formatDayMonth,
  formatTime,
  zoneOffset,
} from './date-time.ts';

// A browser set to UTC, before any formatter exists.
process.env.TZ = 'UTC';
const MEETING_START = Date.parse('2026-11-23T00:30:00Z'); // 08:30 in Macao

describe('formatDateTime', () => {
  it('writes DATE_TIME_FORMAT as dayjs does in the browser zone', () => {
    for (const ms of [
      0,
      Date.UTC(2026, 10, 22, 1, 2, 3),
      Date.UTC(2027, 0, 9, 23, 59, 59),
      1_780_000_000_123,
    ]) {
      expect(formatDateTime(ms)).toBe(dayjs(ms).format(DATE_TIME_FORMAT));
    }
  });

  it("writes the meeting's wall clock in its zone, whatever the browser's", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('UTC');
    expect(formatDateTime(MEETING_START, 'Asia/Macau')).toBe('2026-11-23 08:30:00');
    expect(formatTime(Date.parse('2026-11-23T09:30:00Z'), 'Asia/Macau')).toBe('17:30');
    expect(formatTime(MEETING_START)).toBe('00:30');
    expect(formatTime(Date.parse('2026-11-23T16:00:00Z'), 'Asia/Macau')).toBe('00:00');
  });
});

describe('dayIn', () => {
  it("names the day of an instant in the server's zone, not the browser's", () => {
    const instant = Date.parse('2026-11-23T16:30:00Z');
    expect(dayIn(instant, 'Asia/Macau')).toBe('2026-11-24');
    expect(dayIn(instant, 'Europe/London')).toBe('2026-11-23');
    expect(dayIn(Date.parse('2026-07-01T23:30:00Z'), 'Europe/London')).toBe('2026-07-02');
  });
});

describe('formatDayMonth', () => {
  it('writes the spec short dates: DD/MM in English, M月DD日 in Chinese', () => {
    expect(formatDayMonth('2026-11-05', 'en')).toBe('05/11');
    expect(formatDayMonth('2026-03-05', 'zh-tw')).toBe('3月05日');
    expect(formatDayMonth('2026-12-24', 'zh-cn')).toBe('12月24日');
  });
});

describe('zone labels', () => {
  it('names the offset and tells when the browser reads another clock', () => {
    expect(zoneOffset(MEETING_START, 'Asia/Macau')).toBe('GMT+8');
    expect(differsFromBrowserZone(MEETING_START, 'Asia/Macau')).toBe(true);
    expect(differsFromBrowserZone(MEETING_START, 'UTC')).toBe(false);
    expect(differsFromBrowserZone(MEETING_START, 'Europe/London')).toBe(false);
  });
});
