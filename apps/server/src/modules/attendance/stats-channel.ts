import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { logRedisAvailability } from '../../lib/redis.ts';
import { within } from '../../lib/within.ts';

const CHANNEL = 'mf:attendance:changed';
/** How long a new watcher waits for the subscription (a dead Redis must not hold a request). */
const SUBSCRIBE_WAIT_MS = 1_000;
const LOCAL_EVENT = 'changed';

/**
 * How "this key changed" goes round: through Redis pub/sub when Redis is configured (a subscriber
 * needs a connection of its own), in process otherwise. `changed` hears every key, this instance's
 * and the others'; `lostTouch` is called when the subscriber is back after an outage, since changes
 * published meanwhile were lost.
 */
export function createStatsChannel(deps: {
  redis: Redis | undefined;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  changed: (key: string) => void;
  lostTouch: () => void;
}) {
  const { redis } = deps;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  local.on(LOCAL_EVENT, deps.changed);
  let subscriber: Redis | null = null;
  let subscribed: Promise<unknown> = Promise.resolve();
  let closed = false;

  return {
    /**
     * Resolves once other instances' changes are being received, or at once while Redis is away
     * (this instance's own changes still reach its streams, and the memory's age bounds what is
     * served). The subscriber reconnects and resubscribes by itself.
     */
    async ensureSubscribed(): Promise<void> {
      if (!redis || closed) return;
      if (!subscriber) {
        const connection = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
        subscriber = connection;
        logRedisAvailability(connection, deps.log, 'live statistics');
        connection.on('message', (channel: string, message: string) => {
          if (channel === CHANNEL) deps.changed(message);
        });
        let readyBefore = false;
        connection.on('ready', () => {
          if (readyBefore) deps.lostTouch();
          readyBefore = true;
        });
        subscribed = connection.subscribe(CHANNEL);
        subscribed.catch(() => undefined); // only when closed before Redis ever answered
      }
      if (['reconnecting', 'close', 'end'].includes(subscriber.status)) return;
      await within(subscribed, SUBSCRIBE_WAIT_MS);
    },

    send(key: string): void {
      if (!redis) {
        local.emit(LOCAL_EVENT, key);
        return;
      }
      // Redis away (logged once by its connection): this instance's streams still hear of it, and the
      // others recompute everything when their subscriber is back.
      redis.publish(CHANNEL, key).catch(() => local.emit(LOCAL_EVENT, key));
    },

    close(): void {
      closed = true;
      local.removeAllListeners();
      subscriber?.disconnect();
    },
  };
}
