import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.ts';

describe('onFirstUse', () => {
  it('loads once, on the first call, and hands every caller the same result', async () => {
    let loads = 0;
    const load = onFirstUse(async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load: the next call tries again', async () => {
    let calls = 0;
    const load = onFirstUse(async () => {
      calls += 1;
      if (calls === 1) throw new Error('not there yet');
      return 'module';
    });
    await expect(load()).rejects.toThrow('not there yet');
    expect(await load()).toBe('module');
    expect(await load()).toBe('module');
    expect(calls).toBe(2);
  });
});
