import { describe, expect, it } from 'vitest';
import { ACTIVE_WINDOW_MS } from '@meetflow/shared/constants';
import { type TokenInfo } from '@meetflow/shared/schemas/auth';
import { lastActivityAt, markActivity } from './activity.ts';
import { decideIdle } from './idle.ts';

const MINUTE = 60_000;
const start = 10_000_000_000;
const longToken = (now: number): TokenInfo => ({
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'Bearer',
  expires_in: 24 * 3600,
  login_time: now,
});

describe('activity for the idle rule', () => {
  it('keeps a door station that scans without clicking logged in for hours', () => {
    markActivity(start);
    const token = longToken(start);
    // A scan every 20 minutes for four hours, never a click.
    for (let now = start; now <= start + 240 * MINUTE; now += 20 * MINUTE) {
      markActivity(now);
      expect(decideIdle({ now: now + 19 * MINUTE, lastActivity: lastActivityAt(), token })).toBe('none');
    }
  });

  it('still logs out a station left alone for longer than the active window', () => {
    markActivity(start);
    expect(
      decideIdle({
        now: start + ACTIVE_WINDOW_MS + 1,
        lastActivity: lastActivityAt(),
        token: longToken(start),
      }),
    ).toBe('logout');
  });

  it('records the latest activity', () => {
    markActivity(start);
    markActivity(start + 5 * MINUTE);
    expect(lastActivityAt()).toBe(start + 5 * MINUTE);
  });
});
