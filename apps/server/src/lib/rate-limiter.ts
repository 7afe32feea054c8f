import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type * as Flexible from 'rate-limiter-flexible';
import { AppError } from './app-error.ts';

// The classes used, each from its own file: the package's index loads every store it supports
// (MongoDB, MySQL, DynamoDB, etcd, cluster…), ~40 ms and ~1 MB of start-up for nothing.
const load = createRequire(import.meta.url);
const RateLimiterMemory = load(
  'rate-limiter-flexible/lib/RateLimiterMemory',
) as typeof Flexible.RateLimiterMemory;
const RateLimiterRes = load('rate-limiter-flexible/lib/RateLimiterRes') as typeof Flexible.RateLimiterRes;

export interface Limiter {
  /** Counts one attempt for the key; throws RATE_LIMITED when the budget is spent. */
  consume(key: string): Promise<void>;
  /** Gives back one attempt (a success should not use up the budget meant for failures). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export type LimiterFactory = (name: string, points: number, durationSeconds: number) => Limiter;

/**
 * A counter's key as stored: a keyed hash (SHA-256 of the secret and the key, cut to 128 bits) of
 * what it counts — a phone number, an address, an account — so that no phone number or address
 * sits in Redis (or memory) for anyone who can list the keys, and none outlives an erasure there.
 * Keyed, so that the 10^8 numbers of an area cannot be hashed by someone without the secret to find
 * one; cut, so that no one can extend a hash without it. One-shot `hash` rather than an HMAC object:
 * every public request counts a key, and createHmac cost 3–4 times as much (11 against 3 µs).
 */
function hashedKey(secret: string, key: string): string {
  return hash('sha256', `${secret}\n${key}`, 'base64url').slice(0, 22);
}

/**
 * Counters live in Redis when it is configured, so that every instance shares them; a single
 * instance keeps them in memory. While Redis is away each instance counts in memory (the insurance
 * limiter) rather than failing or waiting, and goes back to Redis once it is ready again. `secret`
 * keys the hash of every counter's key: the same on every instance (the database's stored secret).
 */
export function createLimiterFactory(redis: Redis | undefined, secret: string): LimiterFactory {
  const RateLimiterRedis = redis
    ? (load('rate-limiter-flexible/lib/RateLimiterRedis') as typeof Flexible.RateLimiterRedis)
    : undefined;
  return (name, points, duration) => {
    const options = { keyPrefix: `mf_rl_${name}`, points, duration };
    const limiter: Flexible.RateLimiterAbstract = RateLimiterRedis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          useRedisPackage: false,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
    return {
      async consume(key) {
        try {
          await limiter.consume(hashedKey(secret, key));
        } catch (error) {
          if (error instanceof RateLimiterRes) {
            throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) });
          }
          throw error;
        }
      },
      async refund(key) {
        await limiter.reward(hashedKey(secret, key), 1);
      },
      async reset(key) {
        await limiter.delete(hashedKey(secret, key));
      },
    };
  };
}
