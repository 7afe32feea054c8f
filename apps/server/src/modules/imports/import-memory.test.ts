import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectImportGarbage, importMemoryKeeper } from './import-memory.ts';

/** ~40 MB of rows, kept long enough to reach old space, then dropped as a written batch is. */
function batchGarbage(): number {
  const rows = Array.from({ length: 200_000 }, (_, n) => ({
    n,
    cells: [`guest ${n}`, `+8536${String(n).padStart(7, '0')}`],
  }));
  collectImportGarbage();
  return rows.length;
}
const usedMb = () => v8.getHeapStatistics().used_heap_size / 1024 / 1024;

describe('the import job between batches', () => {
  it('collects once every so many rows', () => {
    let collections = 0;
    const keep = importMemoryKeeper(1000, () => (collections += 1));
    keep(500);
    keep(499);
    expect(collections).toBe(0);
    keep(1);
    expect(collections).toBe(1);
    keep(500);
    expect(collections).toBe(1);
    keep(500);
    expect(collections).toBe(2);
  });

  it('frees the garbage a batch left, there and then', () => {
    expect(batchGarbage()).toBe(200_000);
    const before = usedMb();
    importMemoryKeeper(500)(500);
    expect(before - usedMb()).toBeGreaterThan(20);
  });
});
