import {
  collectGarbage,
  collectStartupGarbage,
  collectStartupGarbageWhenIdle,
} from '../../lib/startup-garbage.ts';

/*
 * What a guest import's steps leave in the heap (docs/decisions/0121-import-memory-returned.md).
 * While a file is read, judged and written, V8 grows its young generation and old space fills with
 * the rows' garbage; it keeps that room long after, and the next step grows on top of it.
 */

/** Rows of the job between two full collections: the job's heap then no longer grows with the file. */
export const IMPORT_MEMORY_ROWS = 5_000;

/**
 * After a step (upload, preview, job) of a file of `rows` rows: the memory-reducing collection the
 * server makes after start-up, at the next quiet moment (at the latest a second later), which also
 * shrinks the young generation back, so that the next step starts from the heap at rest. A file of
 * fewer than `IMPORT_MEMORY_ROWS` rows leaves too little to return for the collection's ~0.1 s.
 */
export function returnImportMemory(rows: number): void {
  if (rows < IMPORT_MEMORY_ROWS) return;
  collectStartupGarbageWhenIdle(collectStartupGarbage);
}

/** One full collection: what the job's batches promoted to old space goes (lib/startup-garbage.ts). */
export const collectImportGarbage = (): void => collectGarbage();

/**
 * For the job: counts the rows written and, every `every` rows, collects at once — called between
 * batches, when the least is live. The memory-reducing collection of `returnImportMemory` costs two
 * or three of these; every 5,000 rows it added a third to the job's CPU (bench/README.md).
 */
export function importMemoryKeeper(every = IMPORT_MEMORY_ROWS, collect = collectImportGarbage) {
  let since = 0;
  return (rows: number) => {
    since += rows;
    if (since < every) return;
    since = 0;
    collect();
  };
}
