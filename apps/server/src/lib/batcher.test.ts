import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A batch runner whose batches finish when the test says so. */
function heldRunner() {
  const batches: Array<{ key: string; items: number[] }> = [];
  const releases: Array<() => void> = [];
  const run = async (key: string, items: number[]) => {
    batches.push({ key, items });
    await new Promise<void>((resolve) => releases.push(resolve));
    return items.map((n) => n * 10);
  };
  return { batches, run, releaseNext: () => releases.shift()!() };
}

describe('createBatcher', () => {
  it('runs a lone arrival at once and gathers those that arrive while it runs into the next batch', async () => {
    const { batches, run, releaseNext } = heldRunner();
    const batcher = createBatcher(run, 100);
    const first = batcher.submit('m1', 1);
    expect(batches).toEqual([{ key: 'm1', items: [1] }]);
    const later = [2, 3, 4].map((n) => batcher.submit('m1', n));
    expect(batches).toHaveLength(1);
    releaseNext();
    expect(await first).toBe(10);
    await Promise.resolve();
    expect(batches[1]).toEqual({ key: 'm1', items: [2, 3, 4] });
    releaseNext();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('keeps keys apart and bounds a batch to maxSize', async () => {
    const { batches, run, releaseNext } = heldRunner();
    const batcher = createBatcher(run, 2);
    const all = [batcher.submit('a', 1), batcher.submit('b', 5), batcher.submit('a', 2)];
    all.push(batcher.submit('a', 3), batcher.submit('a', 4));
    expect(batches.map((b) => b.key)).toEqual(['a', 'b']);
    for (let i = 0; i < 4; i++) {
      releaseNext();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(batches).toEqual([
      { key: 'a', items: [1] },
      { key: 'b', items: [5] },
      { key: 'a', items: [2, 3] },
      { key: 'a', items: [4] },
    ]);
    expect(await Promise.all(all)).toEqual([10, 50, 20, 30, 40]);
  });

  it('rejects every item of a failed batch and goes on with the next', async () => {
    let calls = 0;
    const batcher = createBatcher(async (_key: string, items: number[]) => {
      calls += 1;
      if (calls === 1) {
        await Promise.resolve();
        throw new Error('lost connection');
      }
      return items;
    }, 10);
    const first = batcher.submit('k', 1);
    const second = batcher.submit('k', 2);
    await expect(first).rejects.toThrow('lost connection');
    expect(await second).toBe(2);
  });
});
