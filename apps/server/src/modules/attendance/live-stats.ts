import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { AttendanceStats } from '@meetflow/shared';

const CHANNEL = 'mf:attendance:changed';
const LOCAL_EVENT = 'changed';

/** A meeting (scopeId 0) or one of its sessions, as published and watched. */
export interface StatsScope {
  meetingId: number;
  scopeId: number;
}

const keyOf = (scope: StatsScope) => `${scope.meetingId}:${scope.scopeId}`;

function parseKey(key: string): StatsScope | null {
  const match = /^(\d+):(\d+)$/.exec(key);
  return match ? { meetingId: Number(match[1]), scopeId: Number(match[2]) } : null;
}

interface Logger {
  warn(object: unknown, message?: string): void;
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
}) {
  const { redis, compute, log } = deps;
  const coalesceMs = deps.coalesceMs ?? 250;
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

  let subscriber: Redis | null = null;
  let subscribed: Promise<void> | null = null;
  let closed = false;

  function changed(key: string) {
    const entry = watched.get(key);
    if (!entry || closed) return;
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
      if (entry.again) changed(keyOf(entry.scope));
    }
  }

  local.on(LOCAL_EVENT, changed);

  function ensureSubscribed(): Promise<void> {
    if (!redis) return Promise.resolve();
    if (!subscribed) {
      const connection = redis.duplicate();
      subscriber = connection;
      connection.on('error', (error: Error) => log.warn({ err: error }, 'live statistics subscriber error'));
      connection.on('message', (channel: string, message: string) => {
        if (channel === CHANNEL && parseKey(message)) changed(message);
      });
      subscribed = connection.subscribe(CHANNEL).then(
        () => undefined,
        (error: unknown) => {
          // The next watcher tries again; until then this instance's streams get no pushes.
          subscribed = null;
          subscriber = null;
          connection.disconnect();
          throw error;
        },
      );
    }
    return subscribed;
  }

  return {
    /** After an accepted scan (the transaction has committed). */
    publish(scope: StatsScope): void {
      const key = keyOf(scope);
      if (!redis) {
        local.emit(LOCAL_EVENT, key);
        return;
      }
      redis.publish(CHANNEL, key).catch((error: unknown) => {
        log.warn({ err: error }, 'live statistics could not be published; this instance only');
        local.emit(LOCAL_EVENT, key);
      });
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
      const current = entry;
      const stop = () => {
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && watched.get(key) === current) {
          if (current.timer) clearTimeout(current.timer);
          watched.delete(key);
        }
      };
      try {
        await ensureSubscribed();
      } catch (error) {
        stop();
        throw error;
      }
      return stop;
    },

    async close(): Promise<void> {
      closed = true;
      for (const entry of watched.values()) if (entry.timer) clearTimeout(entry.timer);
      watched.clear();
      local.removeAllListeners();
      if (subscriber) subscriber.disconnect();
      subscriber = null;
      subscribed = null;
    },
  };
}
export type LiveStats = ReturnType<typeof createLiveStats>;
