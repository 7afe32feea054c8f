import { describe, expect, it } from 'vitest';
import {
  guestOfUnsubscribeToken,
  LOGIN_CODE_WINDOW_MS,
  loginCodeFor,
  loginCodeMatches,
  loginCodeWindow,
  messageIdOf,
  unsubscribeToken,
} from './mail-signing.ts';

const SECRET = 'a-test-secret-of-some-length-0123456789';

describe('mail signing', () => {
  it('reads back the guest of its own unsubscribe token and nothing else', () => {
    const token = unsubscribeToken(SECRET, 42);
    expect(guestOfUnsubscribeToken(SECRET, token)).toBe(42);
    expect(guestOfUnsubscribeToken('another-secret', token)).toBeUndefined();
    expect(guestOfUnsubscribeToken(SECRET, token.replace(/^42/, '43'))).toBeUndefined();
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(guestOfUnsubscribeToken(SECRET, flipped)).toBeUndefined();
    expect(guestOfUnsubscribeToken(SECRET, '42')).toBeUndefined();
    expect(guestOfUnsubscribeToken(SECRET, `${'9'.repeat(11)}.${token.split('.')[1]}`)).toBeUndefined();
  });

  it('accepts a login code in its window and the next, not after', () => {
    const start = 1_800_000_000_000;
    const code = loginCodeFor(SECRET, 7, loginCodeWindow(start));
    expect(code).toMatch(/^\d{6}$/);
    expect(loginCodeMatches(SECRET, 7, code, start)).toBe(true);
    expect(loginCodeMatches(SECRET, 7, code, start + LOGIN_CODE_WINDOW_MS)).toBe(true);
    expect(loginCodeMatches(SECRET, 7, code, start + 2 * LOGIN_CODE_WINDOW_MS)).toBe(false);
    expect(loginCodeMatches(SECRET, 8, code, start)).toBe(
      loginCodeFor(SECRET, 8, loginCodeWindow(start)) === code,
    );
    expect(loginCodeMatches(SECRET, 7, `${code}0`, start)).toBe(false);
  });

  it('gives one job one Message-ID, and two jobs two', () => {
    expect(messageIdOf('confirmation:1')).toBe(messageIdOf('confirmation:1'));
    expect(messageIdOf('confirmation:1')).not.toBe(messageIdOf('confirmation:2'));
    expect(messageIdOf('confirmation:1')).toMatch(/^<[0-9a-f]{32}@meetflow>$/);
  });
});
