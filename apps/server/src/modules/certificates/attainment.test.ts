import { describe, expect, it } from 'vitest';
import { certificateRule } from '@meetflow/shared/schemas/certificates';
import { presenceOf, type ScanEvent } from '../../core/presence.ts';
import { attainment, meetingDays, meetingWindow } from './attainment.ts';

const ZONE = 'Asia/Macau'; // UTC+8, no daylight saving
/** An instant on Macao's clock: '2026-12-01 09:00'. */
const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);
const scan = (scope_id: number, type: 'in' | 'out', time: string): ScanEvent => ({
  scope_id,
  type,
  created_at: at(time),
});
const LATER = at('2026-12-10 00:00');

describe('the meeting window', () => {
  it('spans the local days from start to end, in the deployment zone', () => {
    expect(meetingDays(at('2026-12-01 09:00'), at('2026-12-02 17:00'), ZONE)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('leaves out scans on days outside the meeting', () => {
    const days = meetingDays(at('2026-12-01 09:00'), at('2026-12-02 17:00'), ZONE);
    const presence = presenceOf(
      [
        scan(0, 'in', '2026-11-30 15:00'), // the rehearsal the day before
        scan(0, 'out', '2026-11-30 17:00'),
        scan(0, 'in', '2026-12-01 08:30'), // early on the first day still counts
        scan(0, 'out', '2026-12-01 09:30'),
      ],
      LATER,
      ZONE,
      meetingWindow(days, ZONE),
    );
    expect(presence.minutes).toBe(60);
    expect([...presence.days]).toEqual(['2026-12-01']);
  });
});

describe('attainment under a rule', () => {
  const days = ['2026-12-01', '2026-12-02'];
  const presence = presenceOf(
    [
      scan(0, 'in', '2026-12-01 09:00'),
      scan(0, 'out', '2026-12-01 11:00'),
      scan(11, 'in', '2026-12-01 09:00'),
      scan(11, 'out', '2026-12-01 09:40'),
      scan(12, 'in', '2026-12-01 10:00'),
      scan(12, 'out', '2026-12-01 10:05'),
    ],
    LATER,
    ZONE,
  );

  it('earns with no condition set once the guest came', () => {
    const result = attainment(certificateRule.parse({ meeting_credits: 2 }), presence, days);
    expect(result).toMatchObject({ earned: true, minutes: 120, credits: 2, daysPresent: 1 });
  });

  it('checks minutes, required sessions and every day, and credits the sessions attended', () => {
    const rule = certificateRule.parse({
      min_minutes: 120,
      session_min_minutes: 30,
      required_session_ids: [11],
      meeting_credits: 1,
      session_credits: [
        { schedule_id: 11, credits: 1.5 },
        { schedule_id: 12, credits: 3 },
      ],
    });
    // Session 12 lasted 5 minutes, under the 30 asked: not attended, no credits for it.
    expect(attainment(rule, presence, days)).toMatchObject({ earned: true, credits: 2.5, sessions: [11] });
    expect(attainment({ ...rule, min_minutes: 121 }, presence, days).earned).toBe(false);
    expect(attainment({ ...rule, required_session_ids: [11, 12] }, presence, days).earned).toBe(false);
    expect(attainment({ ...rule, every_day: true }, presence, days).earned).toBe(false);
    expect(attainment({ ...rule, every_day: true }, presence, ['2026-12-01']).earned).toBe(true);
  });

  it('a guest who never came earns nothing', () => {
    const result = attainment(certificateRule.parse({}), presenceOf([], LATER, ZONE), days);
    expect(result).toMatchObject({ earned: false, minutes: 0, credits: 0 });
  });
});
