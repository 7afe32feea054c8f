import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMAT } from '@meetflow/shared';
import { formatDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('writes DATE_TIME_FORMAT as dayjs does', () => {
    for (const ms of [
      0,
      Date.UTC(2026, 10, 22, 1, 2, 3),
      Date.UTC(2027, 0, 9, 23, 59, 59),
      1_780_000_000_123,
    ]) {
      expect(formatDateTime(ms)).toBe(dayjs(ms).format(DATE_TIME_FORMAT));
    }
  });
});
