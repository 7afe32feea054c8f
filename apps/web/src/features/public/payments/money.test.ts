import { describe, expect, it } from 'vitest';
import { formatAmount as sharedFormatAmount } from '@meetflow/shared/schemas/payments';
import { earlyBirdLastDay, formatAmount, formatLongDay, formatMoney } from './money.ts';

describe('money on the visitor pages', () => {
  it('writes minor units as the shared formatter does', () => {
    for (const minor of [0, 5, 99, 100, 12345, 100000, 123456789, -2550]) {
      expect(formatAmount(minor)).toBe(sharedFormatAmount(minor));
    }
    expect(formatAmount(123456789)).toBe('1,234,567.89');
  });

  it('puts the currency code before the amount', () => {
    expect(formatMoney('HKD', 130000)).toBe('HKD 1,300.00');
    expect(formatMoney('MOP', 5)).toBe('MOP 0.05');
  });

  it('writes a day with its year in each language', () => {
    expect(formatLongDay('2027-01-05', 'zh-tw')).toBe('2027年1月5日');
    expect(formatLongDay('2027-12-31', 'zh-cn')).toBe('2027年12月31日');
    expect(formatLongDay('2027-01-05', 'en')).toBe('5 Jan 2027');
  });

  it("names an early-bird price's last day in the meeting's zone, whichever way its end is kept", () => {
    // The end of 31 Dec 2026 in Macao (UTC+8), kept as 23:59:59.999 or as the next midnight.
    const nextMidnight = Date.UTC(2026, 11, 31, 16, 0, 0);
    expect(earlyBirdLastDay(nextMidnight, 'Asia/Macau')).toBe('2026-12-31');
    expect(earlyBirdLastDay(nextMidnight - 1, 'Asia/Macau')).toBe('2026-12-31');
    // The same instant is still 31 December in a browser's UTC, but the meeting's zone decides.
    expect(earlyBirdLastDay(Date.UTC(2026, 11, 31, 20, 0, 0), 'Asia/Macau')).toBe('2027-01-01');
  });
});
