import { describe, expect, it } from 'vitest';
import { newGuestCode, randomToken } from './secure-random.ts';

describe('guest codes', () => {
  it('are 192-bit URL-safe codes that never start like a formula or an option', () => {
    const codes = Array.from({ length: 2000 }, newGuestCode);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{31}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('random tokens', () => {
  it('never hand out the same pooled bytes twice, across pool refills', () => {
    // 1,000 tokens of 32 bytes draw the 8 KB pool about four times over.
    const tokens = Array.from({ length: 1000 }, () => randomToken(32));
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(new Set(tokens).size).toBe(tokens.length);
    // No 8-byte run repeats across all of them (a reused pool slice would).
    const runs = new Set(tokens.map((t) => Buffer.from(t, 'base64url').subarray(0, 8).toString('hex')));
    expect(runs.size).toBe(tokens.length);
    expect(randomToken(20_000)).toHaveLength(Math.ceil((20_000 * 4) / 3));
  });
});
