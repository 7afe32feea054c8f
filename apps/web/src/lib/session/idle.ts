import { ACTIVE_WINDOW_MS, REFRESH_BEFORE_EXPIRY_MS } from '@meetflow/shared/constants';
import { type TokenInfo } from '@meetflow/shared/schemas/auth';
import { tokenExpiresAt } from './token.ts';

export type IdleDecision = 'none' | 'refresh' | 'logout';

/**
 * The periodic session check (spec §4): an inactive user (no activity within the active window:
 * a click, or a scan at a door station, see activity.ts) is logged out; an active one whose token
 * expires soon gets a refreshed token.
 */
export function decideIdle(input: {
  now: number;
  lastActivity: number;
  token: TokenInfo | null;
}): IdleDecision {
  const { now, lastActivity, token } = input;
  if (!token) return 'none';
  if (now - lastActivity > ACTIVE_WINDOW_MS) return 'logout';
  if (tokenExpiresAt(token) - now <= REFRESH_BEFORE_EXPIRY_MS) return 'refresh';
  return 'none';
}
