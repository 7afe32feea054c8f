import { describe, expect, it } from 'vitest';
import { ACTIVE_WINDOW_MS, REFRESH_BEFORE_EXPIRY_MS } from '@meetflow/shared/constants';
import { type TokenInfo } from '@meetflow/shared/schemas/auth';
import { decideIdle } from './idle.ts';

const now = 10_000_000_000;
const tokenExpiringIn = (ms: number): TokenInfo => ({
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'Bearer',
  expires_in: 3600,
  login_time: now + ms - 3_600_000,
});

describe('decideIdle', () => {
  it('does nothing for an active user with plenty of time left', () => {
    expect(
      decideIdle({ now, lastActivity: now - 1000, token: tokenExpiringIn(REFRESH_BEFORE_EXPIRY_MS + 1) }),
    ).toBe('none');
  });

  it('refreshes for an active user whose token expires within 10 minutes', () => {
    expect(
      decideIdle({ now, lastActivity: now - 1000, token: tokenExpiringIn(REFRESH_BEFORE_EXPIRY_MS) }),
    ).toBe('refresh');
    expect(decideIdle({ now, lastActivity: now, token: tokenExpiringIn(-5000) })).toBe('refresh');
  });

  it('counts a click exactly at the edge of the active window as active', () => {
    expect(decideIdle({ now, lastActivity: now - ACTIVE_WINDOW_MS, token: tokenExpiringIn(3_600_000) })).toBe(
      'none',
    );
  });

  it('logs out a user inactive for longer than the active window', () => {
    expect(
      decideIdle({ now, lastActivity: now - ACTIVE_WINDOW_MS - 1, token: tokenExpiringIn(3_600_000) }),
    ).toBe('logout');
  });

  it('does nothing without a session', () => {
    expect(decideIdle({ now, lastActivity: 0, token: null })).toBe('none');
  });
});
