import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' | 'regular' }) => void;

/**
 * Start-up leaves V8's heap sized for loading, not for serving: every module and route it built
 * survived the young generation's collections, which made V8 grow that generation to its maximum
 * (64 MB here), and old-space pages still hold the loading's garbage. An idle server would keep all
 * of it. One full collection that reduces memory, as V8 does when told memory is low, returns it:
 * ~50 MB of RSS for ~0.1 s of CPU, once (docs/decisions/0074-start-up-garbage-collection.md). V8
 * grows the heap again as the load needs it.
 *
 * The same collection drops the bytecode of every function not running at that moment: most of
 * what start-up compiled (module bodies, route and schema building) never runs again, and what does
 * is compiled again on its first call. V8 drops such bytecode by itself
 * once a function has sat unused through six full collections, which an idle process never makes:
 * ~2.5 MB of its RSS (docs/decisions/0119-idle-memory-of-the-server.md).
 *
 * Node offers that collection only as the `gc` of a context made while --expose-gc is on: the flag
 * is switched on for that one context and off again, so nothing else sees a global `gc`; the flag
 * that flushes every function's bytecode is on for that one collection only.
 */
export function collectStartupGarbage(): void {
  const exposed = (globalThis as { gc?: unknown }).gc !== undefined;
  if (!exposed) v8.setFlagsFromString('--expose-gc');
  let gc: Gc;
  try {
    gc = runInNewContext('gc') as Gc;
  } finally {
    if (!exposed) v8.setFlagsFromString('--no-expose-gc');
  }
  v8.setFlagsFromString('--stress-flush-code');
  try {
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    v8.setFlagsFromString('--no-stress-flush-code');
  }
}

/**
 * The collection stops the process for its ~0.1 s, so it waits for a quiet moment rather than
 * holding up the first requests of a fresh instance (a load balancer's health checks among them):
 * it runs once the event loop was busy less than `idleBelow` of the last `everyMs`, and at the
 * latest after `maxWaitMs`. Work that starts at once (an export asked of a fresh instance) would
 * otherwise carry the loading's ~50 MB through its own peak (measured: 258 MB against 218 MB).
 */
export function collectStartupGarbageWhenIdle(
  collect: () => void = collectStartupGarbage,
  { everyMs = 200, idleBelow = 0.05, maxWaitMs = 1000 } = {},
): void {
  const once = () => {
    if (waiting !== once) return; // made early (collectWaitingGarbage), or a later wait took its place
    waiting = null;
    collect();
  };
  waiting = once;
  const deadline = performance.now() + maxWaitMs;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (busy >= idleBelow && performance.now() < deadline) return;
    clearInterval(timer);
    once();
  }, everyMs);
  timer.unref(); // never what keeps a stopping process alive
}

/** The collection `collectStartupGarbageWhenIdle` still waits to make, if any. */
let waiting: (() => void) | null = null;

/**
 * Makes at once the collection that waits for a quiet moment, if one does. Work about to build a
 * heap of its own (an import step) would otherwise grow on top of what that collection returns:
 * a preview asked as soon as its upload answered peaked at 236–254 MB, 220–225 MB after this.
 */
export function collectWaitingGarbage(): void {
  waiting?.();
}

let fullGc: Gc | undefined;

/**
 * One full collection. 'regular': what work that runs long promoted to old space and has finished
 * with goes before it piles up (an import's batches, a ZIP's files). 'last-resort': the
 * memory-reducing one, which also gives back the room V8 grew for earlier work (its young
 * generation among it), without the start-up's flush of bytecode: work that is about to build its
 * own heap starts from the heap at rest. Taken as `collectStartupGarbage` takes its own, once.
 */
export function collectGarbage(flavor: 'regular' | 'last-resort' = 'regular'): void {
  if (!fullGc) {
    const exposed = (globalThis as { gc?: unknown }).gc !== undefined;
    if (!exposed) v8.setFlagsFromString('--expose-gc');
    try {
      fullGc = runInNewContext('gc') as Gc;
    } finally {
      if (!exposed) v8.setFlagsFromString('--no-expose-gc');
    }
  }
  fullGc({ type: 'major', execution: 'sync', flavor });
}
