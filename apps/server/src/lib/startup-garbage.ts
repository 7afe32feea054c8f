import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Start-up leaves V8's heap sized for loading, not for serving: every module and route it built
 * survived the young generation's collections, which made V8 grow that generation to its maximum
 * (64 MB here), and old-space pages still hold the loading's garbage. An idle server would keep all
 * of it. One full collection that reduces memory, as V8 does when told memory is low, returns it
 * once the server listens: ~50 MB of RSS for ~0.1 s of CPU, once (docs/ARCHITECTURE.md, "A lighter
 * process"). V8 grows the heap again as the load needs it.
 *
 * Node offers that collection only as the `gc` of a context made while --expose-gc is on: the flag
 * is switched on for that one context and off again, so nothing else sees a global `gc`.
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
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
