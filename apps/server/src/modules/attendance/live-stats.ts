import type {} from 'fastify';
import type { Redis } from 'ioredis';
import type { AttendanceStats } from '@meetflow/shared/schemas/attendance';
import { createStatsChannel } from './stats-channel.ts';
import { KEY_PATTERN, keyOf, WHOLE_MEETING, type StatsScope } from './stats-keys.ts';
import { createStatsMemory } from './stats-memory.ts';
import { createStatsWatchers } from './stats-watchers.ts';

export type { StatsScope } from './stats-keys.ts';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Announces "the figures of this scope changed" to every instance and keeps, per scope watched on
 * this instance, one recomputation at a time: a burst of scans within `coalesceMs` costs one
 * statistics query, whatever the number of open streams. Through Redis pub/sub when Redis is
 * configured (a subscriber needs a connection of its own), in process otherwise.
 */
export function createLiveStats(deps: {
  redis?: Redis | undefined;
  compute: (scope: StatsScope) => Promise<AttendanceStats>;
  log: Logger;
  coalesceMs?: number;
  /** How often an open stream gets a keep-alive tick. */
  heartbeatMs?: number;
  /** How long remembered figures may be served without a change announced (midnight, say). */
  maxAgeMs?: number;
  clock?: () => number;
}) {
  const { redis, compute, log } = deps;
  const heartbeatMs = deps.heartbeatMs ?? 15_000;
  const memory = createStatsMemory({
    compute,
    clock: deps.clock ?? Date.now,
    maxAgeMs: deps.maxAgeMs ?? 5_000,
  });
  const watchers = createStatsWatchers({ compute, log, coalesceMs: deps.coalesceMs ?? 250 });
  /** Keep-alive timers open on this instance: a stream that is not cleaned up shows here. */
  let heartbeats = 0;
  let closed = false;

  function changed(key: string) {
    const match = KEY_PATTERN.exec(key);
    if (!match || closed) return;
    memory.forget(match);
    watchers.changed(match);
  }

  /** Every scope may have changed unseen (changes announced while Redis was away): recompute them. */
  function changedEverywhere() {
    memory.forgetAll();
    watchers.changedEverywhere();
  }

  const channel = createStatsChannel({ redis, log, changed, lostTouch: changedEverywhere });

  function announce(key: string): void {
    // This instance forgets at once: the answer to the request that made the change must not be
    // followed by stale figures while the message goes round through Redis.
    const match = KEY_PATTERN.exec(key);
    if (match) memory.forget(match);
    channel.send(key);
  }

  return {
    /**
     * Today's figures of a scope, computed at most once per announced change (or `maxAgeMs`).
     * With Redis, the first call starts listening for other instances' changes.
     */
    async current(scope: StatsScope): Promise<AttendanceStats> {
      await channel.ensureSubscribed();
      return memory.read(scope);
    },

    /** After an accepted scan (the transaction has committed). */
    publish(scope: StatsScope): void {
      announce(keyOf(scope));
    },

    /**
     * After a committed change of a meeting's sign-ups (a sign-up, a guest added or removed, a
     * session enrolment): every watched scope of the meeting recomputes, once per coalescing window.
     */
    publishMeeting(meetingId: number): void {
      announce(`${meetingId}:${WHOLE_MEETING}`);
    },

    /**
     * Calls `listener` with fresh figures after changes of the scope; resolves once changes from
     * every instance are being received. Returns the function that stops watching.
     */
    async watch(scope: StatsScope, listener: (stats: AttendanceStats) => void): Promise<() => void> {
      const stop = watchers.add(scope, listener);
      await channel.ensureSubscribed();
      return stop;
    },

    /**
     * Calls `tick` every `heartbeatMs` (a stream's keep-alive and its session check) until the
     * returned function is called.
     */
    heartbeat(tick: () => void): () => void {
      const timer = setInterval(tick, heartbeatMs);
      heartbeats += 1;
      let cleared = false;
      return () => {
        if (cleared) return;
        cleared = true;
        heartbeats -= 1;
        clearInterval(timer);
      };
    },

    /** What is open on this instance: watchers, the scopes they cover, keep-alive timers. */
    counts(): { watchers: number; scopes: number; heartbeats: number } {
      return { ...watchers.counts(), heartbeats };
    },

    async close(): Promise<void> {
      closed = true;
      watchers.close();
      memory.clear();
      channel.close();
    },
  };
}
export type LiveStats = ReturnType<typeof createLiveStats>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live statistics (its open watchers and keep-alive timers can be counted). */
    liveStats: LiveStats;
  }
}
