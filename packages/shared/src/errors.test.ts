import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';

describe('the error catalogue', () => {
  it('gives every error its own code: a client tells errors apart by the number alone', () => {
    const byCode = new Map<number, string[]>();
    for (const [name, entry] of Object.entries(ERRORS))
      byCode.set(entry.code, [...(byCode.get(entry.code) ?? []), name]);
    const shared = [...byCode.values()].filter((names) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('keeps the HTTP status in the code: 40975 travels as 409', () => {
    for (const [name, entry] of Object.entries(ERRORS)) {
      if (entry.code === 0) continue;
      expect(Math.floor(entry.code / 100), name).toBe(entry.status);
    }
  });
});
