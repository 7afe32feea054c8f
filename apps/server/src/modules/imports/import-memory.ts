import v8 from 'node:v8';
import {
  collectGarbage,
  collectStartupGarbage,
  collectStartupGarbageWhenIdle,
  collectWaitingGarbage,
} from '../../lib/startup-garbage.ts';

/*
 * What a guest import's steps leave in the heap (docs/decisions/0121-import-memory-returned.md)
 * and how far they grow it (0125).
 * While a file is read, judged and written, V8 grows its young generation and old space fills with
 * the rows' garbage; it keeps that room long after, and the next step grows on top of it.
 */

/** Rows of a step between two full collections: its heap then no longer grows with the file. */
export const IMPORT_MEMORY_ROWS = 5_000;

/**
 * After a step (upload, preview, job) of a file of `rows` rows: the memory-reducing collection the
 * server makes after start-up, at the next quiet moment (at the latest a second later), which also
 * shrinks the young generation back, so that the next step starts from the heap at rest. A file of
 * fewer than `IMPORT_MEMORY_ROWS` rows leaves too little to return for the collection's ~0.1 s.
 * A step that begins sooner makes it at once (`holdYoungGeneration`).
 */
export function returnImportMemory(rows: number): void {
  if (rows < IMPORT_MEMORY_ROWS) return;
  collectStartupGarbageWhenIdle(collectStartupGarbage);
}

/** One full collection: what the job's batches promoted to old space goes (lib/startup-garbage.ts). */
export const collectImportGarbage = (): void => collectGarbage();

/**
 * For the upload, the preview and the job: counts the rows read, judged or written and, every
 * `every` rows, collects at once — called between pages or batches, when the least is live. With
 * the young generation held (below), more garbage reaches old space, where V8 let it fill to 170 MB
 * of a 100,000-row preview before marking (decision 0125). The memory-reducing collection of `returnImportMemory` costs two
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

/** The young generation's growth factor when no step holds it: the process's own, else V8's default. */
function startingGrowthFactor(): number {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  return Number(/--semi-space-growth-factor[= ](\d+)/.exec(flags)?.[1] ?? 2);
}
const YOUNG_GROWTH_FACTOR = startingGrowthFactor();
let holding = 0;

/**
 * While an import step runs (upload, preview, job): V8's young generation keeps the size it has and
 * does not grow. Reading, judging and writing rows makes garbage that survives a scavenge or two (a
 * page of rows, a batch's guests and terms, alive across awaits), and V8 grows its young generation
 * after every such run of survivors, up to 64 MB here, the largest part of the step's peak
 * (docs/decisions/0125-import-young-generation-held.md). V8 reads the growth factor each time it
 * would grow, so it is set to 1 for the step and back to V8's default when no step runs; a young
 * generation already grown stays as it is until the step's memory-reducing collection shrinks it.
 * Returns the release, which may be called more than once.
 */
export function holdYoungGeneration(): () => void {
  if (holding++ === 0) {
    // The last step's (or start-up's) memory-reducing collection, if it still waits, goes first.
    collectWaitingGarbage();
    v8.setFlagsFromString('--semi-space-growth-factor=1');
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holding -= 1;
    if (holding === 0) v8.setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GROWTH_FACTOR}`);
  };
}
