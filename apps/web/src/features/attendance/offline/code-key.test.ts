import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { guestCodeKey, phoneKey } from './code-key.ts';

/** The same key computed independently, as the server does. */
const expected = (text: string) =>
  createHash('sha256').update(text, 'utf8').digest().subarray(0, 16).toString('base64url');

describe('offline station keys', () => {
  it('hashes a guest code to 16 bytes of SHA-256, base64url without padding', async () => {
    // Codes chosen so that the keys use '-' and '_' (base64url, not base64).
    for (const code of [
      'Qm3x_9-AbQm3x_9-AbQm3x_9-AbQm3x_',
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '碼-ünïcode',
    ]) {
      const key = await guestCodeKey(code);
      expect(key).toBe(expected(code));
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });

  it('has different keys for different codes', async () => {
    expect(await guestCodeKey('a')).not.toBe(await guestCodeKey('b'));
  });

  it('hashes a phone number with the salt as `${salt}:${e164}`', async () => {
    expect(await phoneKey('s4lt', '+85361234567')).toBe(expected('s4lt:+85361234567'));
    expect(await phoneKey('other', '+85361234567')).not.toBe(await phoneKey('s4lt', '+85361234567'));
  });
});
