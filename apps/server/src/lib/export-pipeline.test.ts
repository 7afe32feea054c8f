import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH_ROWS, keysetRows } from './export-pipeline.ts';

describe('keysetRows', () => {
  it('reads batches of EXPORT_BATCH_ROWS after the last row until a short batch', async () => {
    const all = Array.from({ length: EXPORT_BATCH_ROWS * 2 + 7 }, (_, i) => i + 1);
    const calls: { last: number | undefined; size: number }[] = [];
    const rows: number[] = [];
    for await (const row of keysetRows(async (last: number | undefined, size) => {
      calls.push({ last, size });
      return all.filter((n) => n > (last ?? 0)).slice(0, size);
    })) {
      rows.push(row);
    }
    expect(rows).toEqual(all);
    expect(calls).toEqual([
      { last: undefined, size: EXPORT_BATCH_ROWS },
      { last: EXPORT_BATCH_ROWS, size: EXPORT_BATCH_ROWS },
      { last: EXPORT_BATCH_ROWS * 2, size: EXPORT_BATCH_ROWS },
    ]);
  });

  it('asks for the next batch only when the consumer wants more rows', async () => {
    let reads = 0;
    const rows = keysetRows(async () => {
      reads += 1;
      return Array.from({ length: EXPORT_BATCH_ROWS }, (_, i) => i);
    });
    await rows.next();
    expect(reads).toBe(1);
    await rows.return(undefined);
    expect(reads).toBe(1);
  });
});
