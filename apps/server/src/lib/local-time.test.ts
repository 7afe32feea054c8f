import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  localClockTime,
  localDate,
  localDayBounds,
  localDayTime,
  nextLocalMidnight,
  setTimeZone,
  spreadsheetDateTime,
  startOfLocalDay,
  timeZone,
  zoneOffset,
  zonedTime,
} from './local-time.ts';

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

describe('local time in Asia/Macau (UTC+8, no daylight saving)', () => {
  const zone = 'Asia/Macau';

  it('has a fixed offset of eight hours', () => {
    expect(zoneOffset(utc('2026-01-15T12:00:00Z'), zone)).toBe(8 * HOUR);
    expect(zoneOffset(utc('2026-07-15T12:00:00Z'), zone)).toBe(8 * HOUR);
  });

  it('starts the day at local midnight, which is 16:00 UTC the day before', () => {
    // 07:59 UTC on 23 Nov is 15:59 in Macao; 16:00 UTC is already the 24th there.
    expect(startOfLocalDay(utc('2026-11-23T07:59:00Z'), zone)).toBe(utc('2026-11-22T16:00:00Z'));
    expect(startOfLocalDay(utc('2026-11-23T15:59:59.999Z'), zone)).toBe(utc('2026-11-22T16:00:00Z'));
    expect(startOfLocalDay(utc('2026-11-23T16:00:00Z'), zone)).toBe(utc('2026-11-23T16:00:00Z'));
  });

  it('remembers the day last asked for only within it, and only for its zone', () => {
    const macao = utc('2026-11-22T16:00:00Z');
    expect(startOfLocalDay(utc('2026-11-23T12:00:00Z'), zone)).toBe(macao);
    expect(startOfLocalDay(utc('2026-11-23T12:00:00Z'), 'UTC')).toBe(utc('2026-11-23T00:00:00Z'));
    expect(startOfLocalDay(utc('2026-11-23T12:00:00Z'), zone)).toBe(macao);
    expect(startOfLocalDay(macao - 1, zone)).toBe(macao - 24 * HOUR);
    expect(startOfLocalDay(macao + 24 * HOUR, zone)).toBe(macao + 24 * HOUR);
  });

  it('names the local calendar day of an instant', () => {
    expect(localDate(utc('2026-12-31T15:59:59Z'), zone)).toBe('2026-12-31');
    expect(localDate(utc('2026-12-31T16:00:00Z'), zone)).toBe('2027-01-01');
  });

  it('bounds a named day and moves by local days', () => {
    expect(localDayBounds('2026-11-23', zone)).toEqual({
      from: utc('2026-11-22T16:00:00Z'),
      to: utc('2026-11-23T16:00:00Z'),
    });
    expect(localDayTime(utc('2026-11-30T20:00:00Z'), 1, '09:30', zone)).toBe(utc('2026-12-02T01:30:00Z'));
    expect(zonedTime({ year: 2026, month: 2, day: 29, hour: 8 }, zone)).toBe(utc('2026-03-01T00:00:00Z'));
  });

  it('writes spreadsheet cells and clock times as the local wall clock', () => {
    expect(spreadsheetDateTime(utc('2026-11-23T01:30:00Z'), zone).toISOString()).toBe(
      '2026-11-23T09:30:00.000Z',
    );
    expect(localClockTime(utc('2026-11-23T23:05:00Z'), zone)).toBe('07:05');
  });
});

describe('local time in Europe/London (daylight saving)', () => {
  const zone = 'Europe/London';

  it('follows the offset across the spring and autumn changes', () => {
    expect(zoneOffset(utc('2026-03-29T00:59:59Z'), zone)).toBe(0);
    expect(zoneOffset(utc('2026-03-29T01:00:00Z'), zone)).toBe(HOUR);
    expect(zoneOffset(utc('2026-10-25T00:59:59Z'), zone)).toBe(HOUR);
    expect(zoneOffset(utc('2026-10-25T01:00:00Z'), zone)).toBe(0);
  });

  it('starts each day at its own midnight, with 23- and 25-hour days at the changes', () => {
    expect(startOfLocalDay(utc('2026-03-29T12:00:00Z'), zone)).toBe(utc('2026-03-29T00:00:00Z'));
    expect(startOfLocalDay(utc('2026-03-30T12:00:00Z'), zone)).toBe(utc('2026-03-29T23:00:00Z'));
    expect(startOfLocalDay(utc('2026-10-25T23:30:00Z'), zone)).toBe(utc('2026-10-24T23:00:00Z'));
    expect(startOfLocalDay(utc('2026-07-01T22:59:00Z'), zone)).toBe(utc('2026-06-30T23:00:00Z'));
    expect(startOfLocalDay(utc('2026-07-01T23:00:00Z'), zone)).toBe(utc('2026-07-01T23:00:00Z'));

    const spring = localDayBounds('2026-03-29', zone);
    expect(spring.to - spring.from).toBe(23 * HOUR);
    const autumn = localDayBounds('2026-10-25', zone);
    expect(autumn.to - autumn.from).toBe(25 * HOUR);
  });

  it('resolves skipped and repeated wall-clock times', () => {
    // 01:30 on 29 March does not exist (clocks jump from 01:00 to 02:00): moved forward to 02:30 BST.
    expect(zonedTime({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, zone)).toBe(
      utc('2026-03-29T01:30:00Z'),
    );
    // 01:30 on 25 October happens twice: the first (BST) is taken.
    expect(zonedTime({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, zone)).toBe(
      utc('2026-10-25T00:30:00Z'),
    );
  });

  it('names days and writes cells in summer time', () => {
    expect(localDate(utc('2026-07-01T23:30:00Z'), zone)).toBe('2026-07-02');
    expect(spreadsheetDateTime(utc('2026-07-01T08:00:00Z'), zone).toISOString()).toBe(
      '2026-07-01T09:00:00.000Z',
    );
  });
});

describe('the configured zone', () => {
  afterEach(() => setTimeZone(DEFAULT_TIME_ZONE));

  it('defaults to Asia/Macau and is what calls without a zone use', () => {
    expect(timeZone()).toBe('Asia/Macau');
    expect(localDate(utc('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    setTimeZone('Europe/London');
    expect(localDate(utc('2026-11-23T16:30:00Z'))).toBe('2026-11-23');
  });

  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('Asia/Macau')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => setTimeZone('Nowhere/City')).toThrow(RangeError);
  });
  it("answers each instant's day from the days kept as the zone's clock does, across DST changes and back and forth", () => {
    // Every 7 minutes over days with a DST change (New York, Lord Howe's half hour) and Macau, in a
    // shuffled order so the days kept are hit, missed and replaced.
    const reference = (ms: number, zone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(ms);
    for (const [zone, start] of [
      ['America/New_York', '2026-03-07T00:00:00Z'],
      ['America/New_York', '2026-10-31T00:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T00:00:00Z'],
      ['Asia/Macau', '2026-12-30T00:00:00Z'],
    ] as const) {
      const instants = Array.from({ length: 4 * 24 * 9 }, (_, i) => utc(start) + i * 7 * 60_000);
      for (let i = instants.length - 1; i > 0; i--) {
        const j = (i * 7919) % (i + 1);
        [instants[i], instants[j]] = [instants[j]!, instants[i]!];
      }
      for (const ms of [...instants, ...instants.reverse()]) {
        expect(localDate(ms, zone), `${zone} ${ms}`).toBe(reference(ms, zone));
        expect(nextLocalMidnight(ms, zone), `${zone} ${ms}`).toBe(localDayTime(ms, 1, '00:00', zone));
      }
    }
  });
});
