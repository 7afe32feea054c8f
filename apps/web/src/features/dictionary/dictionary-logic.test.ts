import { describe, expect, it } from 'vitest';
import {
  changedSets,
  emptySets,
  isOutsideDays,
  localDay,
  mayChangeEntry,
  meetingDays,
  setsOf,
  toggleCell,
  toggleColumn,
} from './dictionary-logic.ts';

describe('meeting days for the session date picker', () => {
  const meeting = {
    start_at: new Date(2026, 11, 1, 23, 30).getTime(),
    end_at: new Date(2026, 11, 3, 0, 15).getTime(),
  };

  it('uses the local calendar days of the start and end, whatever the hour', () => {
    expect(localDay(new Date(2026, 0, 5).getTime())).toBe('2026-01-05');
    expect(meetingDays(meeting)).toEqual({ first: '2026-12-01', last: '2026-12-03' });
  });

  it('disables only the days outside the range, both edges allowed', () => {
    const range = meetingDays(meeting);
    expect(isOutsideDays('2026-11-30', range)).toBe(true);
    expect(isOutsideDays('2026-12-01', range)).toBe(false);
    expect(isOutsideDays('2026-12-03', range)).toBe(false);
    expect(isOutsideDays('2026-12-04', range)).toBe(true);
    expect(isOutsideDays('2025-12-02', range)).toBe(true);
    expect(isOutsideDays('2026-12-04', undefined)).toBe(false);
  });
});

describe('guest–schedule matrix state', () => {
  const original = setsOf([
    { id: 1, schedule_ids: [20, 10] },
    { id: 2, schedule_ids: [10] },
  ]);

  it('ticks and unticks cells without duplicates, keeping ids sorted', () => {
    expect(original).toEqual({ 1: [10, 20], 2: [10] });
    const ticked = toggleCell(original, 2, 30, true);
    expect(ticked[2]).toEqual([10, 30]);
    expect(toggleCell(ticked, 2, 30, true)[2]).toEqual([10, 30]);
    expect(toggleCell(ticked, 2, 10, false)[2]).toEqual([30]);
    expect(original[2]).toEqual([10]);
  });

  it('ticks a whole column', () => {
    expect(toggleColumn(original, 30, true)).toEqual({ 1: [10, 20, 30], 2: [10, 30] });
    expect(toggleColumn(original, 10, false)).toEqual({ 1: [20], 2: [] });
  });

  it('sends only the user types whose set changed', () => {
    expect(changedSets(original, original)).toEqual([]);
    const edited = toggleCell(toggleCell(original, 1, 10, false), 1, 10, true);
    expect(changedSets(original, edited)).toEqual([]);
    const moved = toggleCell(toggleCell(original, 2, 10, false), 2, 20, true);
    expect(changedSets(original, moved)).toEqual([{ id: 2, schedule_ids: [20] }]);
  });

  it('names the user types left without any session', () => {
    expect(emptySets(original)).toEqual([]);
    expect(emptySets(toggleColumn(original, 10, false))).toEqual([2]);
  });
});

describe('mayChangeEntry', () => {
  it('lets administrators change every entry and others only entries of an organisation', () => {
    expect(mayChangeEntry(null, null)).toBe(true);
    expect(mayChangeEntry(null, 4)).toBe(true);
    expect(mayChangeEntry(4, null)).toBe(false);
    expect(mayChangeEntry(4, 7)).toBe(true);
  });
});
