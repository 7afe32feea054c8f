import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectStartupGarbage, collectStartupGarbageWhenIdle } from '../../lib/startup-garbage.ts';
import { collectImportGarbage, holdYoungGeneration, importMemoryKeeper } from './import-memory.ts';

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

/** Young generation's size in MB: its two semi-spaces. */
const youngMb = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size / 1024 / 1024;
/** ~30 MB of rows alive across many scavenges, as a page being judged or a batch being written is. */
function survivingRows(): number {
  const rows: { n: number; cell: string }[] = [];
  for (let n = 0; n < 300_000; n += 1) rows.push({ n, cell: `guest ${n}` });
  return rows.length;
}

describe('an import step and the young generation', () => {
  it('does not grow it while a step runs, and lets it grow again after the last', () => {
    collectStartupGarbage(); // the young generation shrunk, as after a step (1–2 MB)
    const upload = holdYoungGeneration();
    const job = holdYoungGeneration();
    expect(survivingRows()).toBe(300_000);
    // Unheld, the same rows grow it to 32 or 64 MB. Held, it mostly stays at 2 MB, but V8 may still
    // resize it by its own measure: 3–13 MB in a fifth of runs, never the doubling of each scavenge.
    const HELD_MB = 16;
    expect(youngMb()).toBeLessThanOrEqual(HELD_MB);
    upload();
    upload(); // a release called twice counts once
    expect(survivingRows()).toBe(300_000);
    expect(youngMb()).toBeLessThanOrEqual(HELD_MB); // the job still runs
    job();
    expect(survivingRows()).toBe(300_000);
    expect(youngMb()).toBeGreaterThan(HELD_MB);
  });
});

describe('an import step and the collection still waiting for a quiet moment', () => {
  it('makes it before the step grows its own heap, once', () => {
    let collections = 0;
    // The last step's return (or start-up's), its quiet moment not come yet.
    collectStartupGarbageWhenIdle(() => (collections += 1), { everyMs: 60_000, maxWaitMs: 60_000 });
    const preview = holdYoungGeneration();
    expect(collections).toBe(1);
    const job = holdYoungGeneration(); // a step already runs: nothing waits any more anyway
    expect(collections).toBe(1);
    job();
    preview();
  });
});
