import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { lockKiosk, unlockKiosk } from '../../lib/station-lock.ts';
import { hashPin, newPinSalt, PIN_PATTERN, pinMatches, pinWaitMs } from './kiosk-pin.ts';

describe('kiosk PIN', () => {
  afterEach(() => unlockKiosk());

  it('stores a salted SHA-256 and releases only with the same PIN', async () => {
    const salt = newPinSalt();
    const pinHash = await hashPin('2468', salt);
    expect(pinHash).toBe(createHash('sha256').update(`${salt}:2468`).digest('hex'));
    lockKiosk({ pinHash, salt });
    expect(await pinMatches('2468')).toBe(true);
    expect(await pinMatches('2469')).toBe(false);
    expect(await pinMatches('')).toBe(false);
  });

  it('is not released without a lock', async () => {
    expect(await pinMatches('2468')).toBe(false);
  });

  it('accepts 4 to 8 digits only', () => {
    expect(['1234', '12345678'].every((p) => PIN_PATTERN.test(p))).toBe(true);
    expect(['123', '123456789', '12a4', ' 1234'].some((p) => PIN_PATTERN.test(p))).toBe(false);
  });

  it('makes wrong tries wait longer and longer after the third', () => {
    expect([0, 1, 2].map(pinWaitMs)).toEqual([0, 0, 0]);
    expect(pinWaitMs(3)).toBe(30_000);
    expect(pinWaitMs(4)).toBe(60_000);
    expect(pinWaitMs(5)).toBe(120_000);
  });
});
