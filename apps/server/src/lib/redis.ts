import type { Redis, RedisOptions } from 'ioredis';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Fail fast, reconnect forever: while Redis is away a command fails at once instead of queueing
 * (callers fall back: in-process rate limits, this instance's own live updates), and the client
 * keeps reconnecting so that everything returns to Redis when it is back.
 */
const FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  connectTimeout: 1_000,
  commandTimeout: 500,
  maxRetriesPerRequest: 0,
  retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
};

/** ioredis is loaded only when REDIS_URL is set: a single instance never needs it. */
export async function createRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, FAIL_FAST);
}

/**
 * One structured line when a Redis connection is lost and one when it is back, instead of
 * ioredis's stack trace on every reconnection attempt.
 */
export function logRedisAvailability(redis: Redis, log: Logger, connection: string): void {
  let down = false;
  redis.on('error', (error: Error & { code?: string }) => {
    if (down) return;
    down = true;
    log.warn({ dependency: 'redis', connection, reason: error.code ?? error.message }, 'Redis unavailable');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ dependency: 'redis', connection }, 'Redis available again');
  });
}
