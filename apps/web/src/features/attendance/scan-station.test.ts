import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATION,
  nextDirection,
  parseStation,
  readStation,
  setupDefaults,
  writeStation,
} from './scan-station.ts';

describe('scan station settings', () => {
  it('keeps valid settings as they are', () => {
    const settings = { name: 'North door', meetingId: 3, scheduleId: 9, direction: 'out' as const };
    expect(parseStation(settings)).toEqual(settings);
  });

  it('repairs whatever else storage holds', () => {
    expect(parseStation(null)).toEqual(DEFAULT_STATION);
    expect(parseStation('x')).toEqual(DEFAULT_STATION);
    expect(parseStation({ name: 5, meetingId: -1, scheduleId: 2, direction: 'sideways' })).toEqual(
      DEFAULT_STATION,
    );
    expect(parseStation({ name: `  ${'x'.repeat(80)} `, meetingId: 1.5 }).name).toHaveLength(50);
  });

  it('forgets the session when no meeting is chosen', () => {
    expect(parseStation({ meetingId: null, scheduleId: 4 }).scheduleId).toBeNull();
  });

  it('is stored under the mf_ prefix', () => {
    writeStation({ name: 'Hall A', meetingId: 1, scheduleId: null, direction: 'auto' });
    expect(JSON.parse(localStorage.getItem('mf_scanStation')!)).toMatchObject({ name: 'Hall A' });
    expect(readStation()).toEqual({ name: 'Hall A', meetingId: 1, scheduleId: null, direction: 'auto' });
  });

  it('sets up scanning for the meeting and session shown on the records page', () => {
    const station = { name: 'North door', meetingId: 3, scheduleId: 9, direction: 'auto' as const };
    expect(setupDefaults(station, { meetingId: 5, scheduleId: null })).toEqual({
      ...station,
      meetingId: 5,
      scheduleId: null,
    });
    expect(setupDefaults(station, { meetingId: 5, scheduleId: 12 })).toMatchObject({
      meetingId: 5,
      scheduleId: 12,
    });
    // The station's own meeting keeps its remembered session; no meeting shown keeps everything.
    expect(setupDefaults(station, { meetingId: 3, scheduleId: null })).toEqual(station);
    expect(setupDefaults(station, { meetingId: null, scheduleId: null })).toEqual(station);
  });

  it('toggles entry → exit → automatic → entry', () => {
    expect(nextDirection('in')).toBe('out');
    expect(nextDirection('out')).toBe('auto');
    expect(nextDirection('auto')).toBe('in');
  });
});
