import { EventEmitter } from 'node:events';
import type {} from 'fastify';
import type { Redis } from 'ioredis';
import type { AttendanceStats } from '@meetflow/shared/schemas/attendance';
import { logRedisAvailability } from '../../lib/redis.ts';
import { within } from '../../lib/within.ts';

const CHANNEL = 'mf:attendance:changed';
/** How long a new watcher waits for the subscription (a dead Redis must not hold a request). */
const SUBSCRIBE_WAIT_MS = 1_000;
const LOCAL_EVENT = 'changed';

/** A meeting (scopeId 0) or one of its sessions, as published and watched. */
export interface StatsScope {
  meetingId: number;
  scopeId: number;
}

const keyOf = (scope: StatsScope) => `${scope.meetingId}:${scope.scopeId}`;
/** "Every scope of this meeting": what a sign-up changes (the meeting's and its sessions' counts). */
const WHOLE_MEETING = '*';

/** A published key: one scope (`12:0`, `12:7`) or every scope of a meeting (`12:*`). */
const KEY_PATTERN = /^(\d+):(\d+|\*)$/;

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
  const maxAgeMs = deps.maxAgeMs ?? 5_000;
  const clock = deps.clock ?? Date.now;
  const coalesceMs = deps.coalesceMs ?? 250;
  const heartbeatMs = deps.heartbeatMs ?? 15_000;
  const local = new EventEmitter();
  local.setMaxListeners(0);

  type Listener = (stats: AttendanceStats) => void;
  interface Watched {
    scope: StatsScope;
    listeners: Set<Listener>;
    timer: NodeJS.Timeout | null;
    running: boolean;
    /** A change arrived while the figures were being computed: compute once more after. */
    again: boolean;
  }
  const watched = new Map<string, Watched>();
  /** Watchers and keep-alive timers open on this instance: a stream that is not cleaned up shows here. */
  let watchers = 0;
  let heartbeats = 0;

  let subscriber: Redis | null = null;
  let subscribed: Promise<unknown> = Promise.resolve();
  let closed = false;

  /**
   * The last figures computed per scope, served until a change of the scope is announced (here or
   * by another instance) or they are `maxAgeMs` old: a count over 100,000 summary rows is then paid
   * once per change, not once per reader. `version` rises with each change, so figures computed
   * across a change are not kept.
   */
  const remembered = new Map<string, { stats: AttendanceStats; at: number }>();
  const versions = new Map<string, number>();

  function forget(match: RegExpExecArray) {
    const prefix = `${match[1]}:`;
    for (const key of [...remembered.keys(), ...versions.keys()]) {
      if (match[2] === WHOLE_MEETING ? key.startsWith(prefix) : key === match[0]) {
        remembered.delete(key);
        versions.set(key, (versions.get(key) ?? 0) + 1);
      }
    }
  }

  function changed(key: string) {
    const match = KEY_PATTERN.exec(key);
    if (!match || closed) return;
    forget(match);
    if (match[2] === WHOLE_MEETING) {
      const meetingId = Number(match[1]);
      for (const entry of watched.values()) if (entry.scope.meetingId === meetingId) schedule(entry);
      return;
    }
    const entry = watched.get(key);
    if (entry) schedule(entry);
  }

  function schedule(entry: Watched) {
    if (entry.running) {
      entry.again = true;
      return;
    }
    if (entry.timer) return;
    entry.timer = setTimeout(() => void refresh(entry), coalesceMs);
  }

  async function refresh(entry: Watched) {
    entry.timer = null;
    if (entry.listeners.size === 0 || closed) return;
    entry.running = true;
    entry.again = false;
    try {
      const stats = await compute(entry.scope);
      for (const listener of entry.listeners) listener(stats);
    } catch (error) {
      log.warn({ err: error }, 'live statistics could not be computed');
    } finally {
      entry.running = false;
      if (entry.again && watched.get(keyOf(entry.scope)) === entry) schedule(entry);
    }
  }

  local.on(LOCAL_EVENT, changed);

  /** Every scope may have changed unseen (changes announced while Redis was away): recompute them. */
  function changedEverywhere() {
    for (const key of [...remembered.keys(), ...versions.keys()]) {
      versions.set(key, (versions.get(key) ?? 0) + 1);
    }
    remembered.clear();
    for (const entry of watched.values()) schedule(entry);
  }

  /**
   * Resolves once other instances' changes are being received, or at once while Redis is away
   * (this instance's own changes still reach its streams, and `maxAgeMs` bounds what is served).
   * The subscriber reconnects and resubscribes by itself; each time it is back, every watched scope
   * is recomputed, since changes published meanwhile were lost.
   */
  async function ensureSubscribed(): Promise<void> {
    if (!redis || closed) return;
    if (!subscriber) {
      const connection = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
      subscriber = connection;
      logRedisAvailability(connection, log, 'live statistics');
      connection.on('message', (channel: string, message: string) => {
        if (channel === CHANNEL) changed(message);
      });
      let readyBefore = false;
      connection.on('ready', () => {
        if (readyBefore) changedEverywhere();
        readyBefore = true;
      });
      subscribed = connection.subscribe(CHANNEL);
      subscribed.catch(() => undefined); // only when closed before Redis ever answered
    }
    if (['reconnecting', 'close', 'end'].includes(subscriber.status)) return;
    await within(subscribed, SUBSCRIBE_WAIT_MS);
  }

  function announce(key: string): void {
    // This instance forgets at once: the answer to the request that made the change must not be
    // followed by stale figures while the message goes round through Redis.
    const match = KEY_PATTERN.exec(key);
    if (match) forget(match);
    if (!redis) {
      local.emit(LOCAL_EVENT, key);
      return;
    }
    // Redis away (logged once by its connection): this instance's streams still hear of it, and the
    // others recompute everything when their subscriber is back.
    redis.publish(CHANNEL, key).catch(() => local.emit(LOCAL_EVENT, key));
  }

  return {
    /**
     * Today's figures of a scope, computed at most once per announced change (or `maxAgeMs`).
     * With Redis, the first call starts listening for other instances' changes.
     */
    async current(scope: StatsScope): Promise<AttendanceStats> {
      const key = keyOf(scope);
      await ensureSubscribed();
      const known = remembered.get(key);
      if (known && clock() - known.at < maxAgeMs) return known.stats;
      const version = versions.get(key) ?? 0;
      const stats = await compute(scope);
      if ((versions.get(key) ?? 0) === version) {
        if (remembered.size >= 10_000) remembered.clear();
        remembered.set(key, { stats, at: clock() });
      }
      return stats;
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
    async watch(scope: StatsScope, listener: Listener): Promise<() => void> {
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
      const stop = () => {
        if (stopped) return;
        stopped = true;
        watchers -= 1;
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && watched.get(key) === current) {
          if (current.timer) clearTimeout(current.timer);
          watched.delete(key);
        }
      };
      await ensureSubscribed();
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
      return { watchers, scopes: watched.size, heartbeats };
    },

    async close(): Promise<void> {
      closed = true;
      for (const entry of watched.values()) if (entry.timer) clearTimeout(entry.timer);
      watched.clear();
      remembered.clear();
      local.removeAllListeners();
      subscriber?.disconnect();
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
