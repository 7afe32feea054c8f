import { describe, expect, it } from 'vitest';
import { createRepeatFilter } from './camera-repeat.ts';

describe('camera repeat filter', () => {
  it('takes a code once while it stays in view', () => {
    const accept = createRepeatFilter(1000);
    expect(accept('A', 0)).toBe(true);
    expect(accept('A', 200)).toBe(false);
    expect(accept('A', 1100)).toBe(false);
    expect(accept('A', 2000)).toBe(false);
  });

  it('takes the same code again after it was out of view for the quiet time', () => {
    const accept = createRepeatFilter(1000);
    expect(accept('A', 0)).toBe(true);
    expect(accept('A', 1500)).toBe(true);
  });

  it('takes another code at once', () => {
    const accept = createRepeatFilter(1000);
    expect(accept('A', 0)).toBe(true);
    expect(accept('B', 10)).toBe(true);
    expect(accept('A', 20)).toBe(true);
  });
});
