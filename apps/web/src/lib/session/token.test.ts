import { describe, expect, it } from 'vitest';
import type { TokenInfo } from '@meetflow/shared/schemas/auth';
import { isTokenValid, tokenExpiresAt } from './token.ts';

const token: TokenInfo = {
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'Bearer',
  expires_in: 1800,
  login_time: 1_000_000,
};

describe('token expiry', () => {
  it('expires at login_time + expires_in seconds', () => {
    expect(tokenExpiresAt(token)).toBe(1_000_000 + 1_800_000);
  });

  it('is valid strictly before the expiry', () => {
    expect(isTokenValid(token, 2_799_999)).toBe(true);
    expect(isTokenValid(token, 2_800_000)).toBe(false);
  });

  it('is invalid without an access token', () => {
    expect(isTokenValid(null, 0)).toBe(false);
    expect(isTokenValid({ ...token, access_token: '' }, 0)).toBe(false);
  });
});
