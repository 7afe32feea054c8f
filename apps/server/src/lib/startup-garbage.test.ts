import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import {
  collectStartupGarbage,
  collectStartupGarbageWhenIdle,
  collectWaitingGarbage,
} from './startup-garbage.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the event loop busy for `ms`, in 10 ms slices with a turn of the loop between them. */
async function busyFor(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const slice = Date.now() + 10;
    while (Date.now() < slice) {
      // spin: the loop is busy, as under a burst of requests
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('collectStartupGarbageWhenIdle', () => {
  it('waits while the event loop is busy, then collects once when it is quiet', async () => {
    let collections = 0;
    // A busy loop here is ~100% busy; a quiet one, on a machine whose other test workers keep both
    // cores busy, still counts the waits for a core as busy time (seen: never below 5% for a second).
    collectStartupGarbageWhenIdle(() => (collections += 1), {
      everyMs: 50,
      idleBelow: 0.5,
      maxWaitMs: 10_000,
    });
    await busyFor(400);
    expect(collections).toBe(0);
    await vi.waitFor(() => expect(collections).toBe(1), { timeout: 5000, interval: 10 });
    // Four more sampling intervals: a second collection would show here (nothing to wait for).
    await sleep(200);
    expect(collections).toBe(1);
  });

  it('collects at the first quiet interval of an idle process', async () => {
    let collections = 0;
    // The longest wait far off, so only a quiet interval can trigger it within the test's wait.
    collectStartupGarbageWhenIdle(() => (collections += 1), {
      everyMs: 50,
      idleBelow: 0.5,
      maxWaitMs: 60_000,
    });
    await vi.waitFor(() => expect(collections).toBe(1), { timeout: 5000, interval: 10 });
  });

  it('collects at once when work asks for it, and then not again', async () => {
    let collections = 0;
    collectStartupGarbageWhenIdle(() => (collections += 1), { everyMs: 50, maxWaitMs: 300 });
    collectWaitingGarbage();
    expect(collections).toBe(1);
    collectWaitingGarbage(); // nothing waits any more
    await busyFor(400); // past the longest wait: the interval ends without a second collection
    expect(collections).toBe(1);
  });

  it('makes only the latest of two waiting collections', async () => {
    const made: string[] = [];
    collectStartupGarbageWhenIdle(() => made.push('start-up'), { everyMs: 50, maxWaitMs: 300 });
    collectStartupGarbageWhenIdle(() => made.push('after an import'), { everyMs: 50, maxWaitMs: 300 });
    await busyFor(400); // past both longest waits
    await vi.waitFor(() => expect(made).toEqual(['after an import']), { timeout: 5000, interval: 10 });
  });

  it('collects after the longest wait even when the loop stays busy', async () => {
    let collections = 0;
    collectStartupGarbageWhenIdle(() => (collections += 1), { everyMs: 50, maxWaitMs: 300 });
    await busyFor(150);
    expect(collections).toBe(0);
    await busyFor(400);
    expect(collections).toBe(1);
  });
});

/**
 * A function with a few hundred KB of bytecode, run once and kept, as a module's body at start-up
 * (its module keeps it).
 */
const kept: unknown[] = [];
function runOnce(): void {
  const body = Array.from({ length: 20_000 }, (_, i) => `total += input[${i % 7}] * ${i};`).join('\n');
  const fn = new Function('input', `let total = 0;\n${body}\nreturn total;`) as (input: number[]) => number;
  fn([1, 2, 3, 4, 5, 6, 7]);
  kept.push(fn);
}

const bytecode = () => v8.getHeapCodeStatistics().bytecode_and_metadata_size;

/** One ordinary full collection, as V8 makes them under load. */
function fullCollection(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync' }) => void;
  v8.setFlagsFromString('--no-expose-gc');
  gc({ type: 'major', execution: 'sync' });
}

describe('collectStartupGarbage', () => {
  it('drops the bytecode of functions that ran once', () => {
    runOnce();
    const compiled = bytecode();
    collectStartupGarbage();
    expect(compiled - bytecode()).toBeGreaterThan(200_000);
  });

  it('flushes in that collection only: the next one keeps bytecode that ran since', () => {
    collectStartupGarbage();
    runOnce();
    const compiled = bytecode();
    fullCollection();
    expect(compiled - bytecode()).toBeLessThan(100_000);
  });
});
