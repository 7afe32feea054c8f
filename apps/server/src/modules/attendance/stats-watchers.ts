import type { AttendanceStats } from '@meetflow/shared/schemas/attendance';
import { keyOf, WHOLE_MEETING, type StatsScope } from './stats-keys.ts';

type Listener = (stats: AttendanceStats) => void;
interface Watched {
  scope: StatsScope;
  listeners: Set<Listener>;
  timer: NodeJS.Timeout | null;
  running: boolean;
  /** A change arrived while the figures were being computed: compute once more after. */
  again: boolean;
}

/**
 * The scopes watched on this instance, each with one recomputation at a time: a burst of changes
 * within `coalesceMs` costs one statistics query, whatever the number of open streams.
 */
export function createStatsWatchers(deps: {
  compute: (scope: StatsScope) => Promise<AttendanceStats>;
  log: { warn(object: object, message: string): void };
  coalesceMs: number;
}) {
  const watched = new Map<string, Watched>();
  /** Watchers open on this instance: a stream that is not cleaned up shows here. */
  let watchers = 0;
  let closed = false;

  function schedule(entry: Watched) {
    if (entry.running) {
      entry.again = true;
      return;
    }
    if (entry.timer) return;
    entry.timer = setTimeout(() => void refresh(entry), deps.coalesceMs);
  }

  async function refresh(entry: Watched) {
    entry.timer = null;
    if (entry.listeners.size === 0 || closed) return;
    entry.running = true;
    entry.again = false;
    try {
      const stats = await deps.compute(entry.scope);
      for (const listener of entry.listeners) listener(stats);
    } catch (error) {
      deps.log.warn({ err: error }, 'live statistics could not be computed');
    } finally {
      entry.running = false;
      if (entry.again && watched.get(keyOf(entry.scope)) === entry) schedule(entry);
    }
  }

  return {
    /** A published key changed: its scope, or every watched scope of its meeting, recomputes. */
    changed(match: RegExpExecArray): void {
      if (match[2] === WHOLE_MEETING) {
        const meetingId = Number(match[1]);
        for (const entry of watched.values()) if (entry.scope.meetingId === meetingId) schedule(entry);
        return;
      }
      const entry = watched.get(match[0]);
      if (entry) schedule(entry);
    },

    changedEverywhere(): void {
      for (const entry of watched.values()) schedule(entry);
    },

    /** Adds a listener of the scope; returns the function that removes it. */
    add(scope: StatsScope, listener: Listener): () => void {
      const key = keyOf(scope);
      let entry = watched.get(key);
      if (!entry) {
        entry = { scope, listeners: new Set(), timer: null, running: false, again: false };
        watched.set(key, entry);
      }
      entry.listeners.add(listener);
      watchers += 1;
      const current = entry;
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        watchers -= 1;
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && watched.get(key) === current) {
          if (current.timer) clearTimeout(current.timer);
          watched.delete(key);
        }
      };
    },

    counts: () => ({ watchers, scopes: watched.size }),

    close(): void {
      closed = true;
      for (const entry of watched.values()) if (entry.timer) clearTimeout(entry.timer);
      watched.clear();
    },
  };
}
