import type { AttendanceStats } from '@meetflow/shared/schemas/attendance';
import { keyOf, WHOLE_MEETING, type StatsScope } from './stats-keys.ts';

/**
 * The last figures computed per scope, served until a change of the scope is announced (here or
 * by another instance) or they are `maxAgeMs` old: a count over 100,000 summary rows is then paid
 * once per change, not once per reader. `version` rises with each change, so figures computed
 * across a change are not kept.
 */
export function createStatsMemory(deps: {
  compute: (scope: StatsScope) => Promise<AttendanceStats>;
  clock: () => number;
  maxAgeMs: number;
}) {
  const remembered = new Map<string, { stats: AttendanceStats; at: number }>();
  const versions = new Map<string, number>();

  return {
    /** Forgets the scope a published key names (`12:7`), or every scope of its meeting (`12:*`). */
    forget(match: RegExpExecArray): void {
      const prefix = `${match[1]}:`;
      for (const key of [...remembered.keys(), ...versions.keys()]) {
        if (match[2] === WHOLE_MEETING ? key.startsWith(prefix) : key === match[0]) {
          remembered.delete(key);
          versions.set(key, (versions.get(key) ?? 0) + 1);
        }
      }
    },

    /** Every scope may have changed unseen: nothing remembered is served again. */
    forgetAll(): void {
      for (const key of [...remembered.keys(), ...versions.keys()]) {
        versions.set(key, (versions.get(key) ?? 0) + 1);
      }
      remembered.clear();
    },

    /** The remembered figures while fresh, else computed (and remembered unless a change came meanwhile). */
    async read(scope: StatsScope): Promise<AttendanceStats> {
      const key = keyOf(scope);
      const known = remembered.get(key);
      if (known && deps.clock() - known.at < deps.maxAgeMs) return known.stats;
      const version = versions.get(key) ?? 0;
      const stats = await deps.compute(scope);
      if ((versions.get(key) ?? 0) === version) {
        if (remembered.size >= 10_000) remembered.clear();
        remembered.set(key, { stats, at: deps.clock() });
      }
      return stats;
    },

    clear(): void {
      remembered.clear();
    },
  };
}
