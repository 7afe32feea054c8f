import { describe, expect, it } from 'vitest';
import { dayIn } from './server-time.ts';

describe('dayIn', () => {
  it("names the day of an instant in the server's zone, not the browser's", () => {
    const instant = Date.parse('2026-11-23T16:30:00Z');
    expect(dayIn(instant, 'Asia/Macau')).toBe('2026-11-24');
    expect(dayIn(instant, 'Europe/London')).toBe('2026-11-23');
    expect(dayIn(Date.parse('2026-07-01T23:30:00Z'), 'Europe/London')).toBe('2026-07-02');
  });
});
