import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as failures from './login-failures.repository.ts';

interface BackOff {
  /** Failures answered at once; each one after them doubles the wait. */
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
}

/**
 * Growing waits instead of a lock (README "Login and look-up limits"). From one address an account
 * gets 5 free failures, then 1 s, 2 s, 4 s … up to 15 minutes: about a hundred guesses a day. From
 * everywhere together it gets 10, then up to one minute: a stranger's failures delay the owner by
 * seconds, never lock them out, and a botnet still needs a solved captcha for each guess.
 */
export const LOGIN_BACK_OFF = {
  perAccountAndIp: { free: 5, firstWaitMs: 1000, maxWaitMs: 15 * 60_000 },
  perAccount: { free: 10, firstWaitMs: 1000, maxWaitMs: 60_000 },
  /** Failures are forgotten after a day without another one. */
  forgetAfterMs: 24 * 3600_000,
} as const;

export function waitAfter(failureCount: number, rule: BackOff): number {
  if (failureCount < rule.free) return 0;
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** (failureCount - rule.free));
}

/**
 * Login failures per (account, address) and per account, kept in the database with the server's
 * clock so that every instance sees them and the waits follow the one injectable clock.
 */
export function createLoginThrottle(db: Db, clock: () => number) {
  const keysOf = (account: string, ip: string) => {
    const name = account.trim().toLowerCase();
    return { pair: `pair:${ip} ${name}`, account: `account:${name}` };
  };

  return {
    /** Throws RATE_LIMITED with the remaining wait while either count asks the caller to wait. */
    async check(account: string, ip: string): Promise<void> {
      const keys = keysOf(account, ip);
      const now = clock();
      const rows = await failures.findFailures(db, [keys.pair, keys.account]);
      let waitMs = 0;
      for (const row of rows) {
        if (row.last_failure_at < now - LOGIN_BACK_OFF.forgetAfterMs) continue;
        const rule = row.key === keys.pair ? LOGIN_BACK_OFF.perAccountAndIp : LOGIN_BACK_OFF.perAccount;
        waitMs = Math.max(waitMs, row.last_failure_at + waitAfter(row.failures, rule) - now);
      }
      if (waitMs > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(waitMs / 1000) });
    },

    async failed(account: string, ip: string): Promise<void> {
      const keys = keysOf(account, ip);
      const now = clock();
      const forgetBefore = now - LOGIN_BACK_OFF.forgetAfterMs;
      await failures.deleteStaleFailures(db, forgetBefore);
      await failures.recordFailure(db, keys.pair, now, forgetBefore);
      await failures.recordFailure(db, keys.account, now, forgetBefore);
    },

    /** Clears this address's count only: clearing the account's would give a stranger fresh free guesses. */
    async succeeded(account: string, ip: string): Promise<void> {
      await failures.clearFailures(db, keysOf(account, ip).pair);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
