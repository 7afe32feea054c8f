import { describe, expect, it } from 'vitest';
import { normalizeHeader } from './guest-import-fields.ts';

/* How headers and cells are compared: remembered per text (they repeat row after row), never mixed up. */

describe('normalizeHeader', () => {
  it('folds width, case, spaces, colons and stars, the same the second time', () => {
    for (let round = 0; round < 2; round++) {
      expect(normalizeHeader('  Ｅｍａｉｌ：* ')).toBe('email');
      expect(normalizeHeader('Registration   Type')).toBe('registration type');
      expect(normalizeHeader('registration type')).toBe('registration type');
    }
  });

  it('answers each text its own form past the texts it remembers', () => {
    const texts = Array.from({ length: 10_000 }, (_, n) => `Ｇuest  ${n}：`);
    for (let round = 0; round < 2; round++)
      for (const [n, text] of texts.entries()) expect(normalizeHeader(text)).toBe(`guest ${n}`);
    expect(normalizeHeader('Ｍ'.repeat(300))).toBe('m'.repeat(300));
  });
});
