import type { TokenInfo } from '@meetflow/shared/schemas/auth';

/** Token expiry = login_time + expires_in seconds (spec §9). */
export function tokenExpiresAt(token: TokenInfo): number {
  return token.login_time + token.expires_in * 1000;
}

/** Logged in means an access token exists and now is before its expiry (spec §4). */
export function isTokenValid(token: TokenInfo | null | undefined, now: number): boolean {
  return Boolean(token?.access_token) && now < tokenExpiresAt(token as TokenInfo);
}
