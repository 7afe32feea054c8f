import { describe, expect, it } from 'vitest';
import { newGuestCode } from './secure-random.ts';

describe('guest codes', () => {
  it('are 192-bit URL-safe codes that never start like a formula or an option', () => {
    const codes = Array.from({ length: 2000 }, newGuestCode);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{31}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
