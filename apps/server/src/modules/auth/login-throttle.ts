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
 * Growing waits instead of a lock (docs/decisions/0063-login-failures-in-database.md). From one
 * address an account gets 5 free failures, then 1 s, 2 s, 4 s … up to 15 minutes: about a hundred guesses a day. From
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

const rateLimited = (waitMs: number) =>
  new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });

/**
 * Login failures per (account, address) and per account, kept in the database with the server's
 * clock so that every instance sees them and the waits follow the one injectable clock. An attempt
 * is counted as a failure before the password is checked and forgiven when it was right, so that
 * parallel attempts cannot all pass one opening of the wait.
 */
export function createLoginThrottle(db: Db, clock: () => number) {
  const keysOf = (account: string, ip: string) => {
    const name = account.trim().toLowerCase();
    return [
      { key: `pair:${ip} ${name}`, rule: LOGIN_BACK_OFF.perAccountAndIp },
      { key: `account:${name}`, rule: LOGIN_BACK_OFF.perAccount },
    ];
  };

  /** The live count of a key (a forgotten one reads as none) and how long it still asks to wait. */
  function state(row: failures.FailureCount | undefined, rule: BackOff, now: number) {
    if (!row || row.last_failure_at < now - LOGIN_BACK_OFF.forgetAfterMs) return { count: 0, waitMs: 0 };
    return { count: row.failures, waitMs: row.last_failure_at + waitAfter(row.failures, rule) - now };
  }

  async function read(keys: string[]) {
    const rows = await failures.findFailures(db, keys);
    return new Map(rows.map((row) => [row.key, row]));
  }

  return {
    /** Read-only: answers RATE_LIMITED while either count asks to wait, before a captcha is spent. */
    async check(account: string, ip: string): Promise<void> {
      const keys = keysOf(account, ip);
      const now = clock();
      const rows = await read(keys.map((k) => k.key));
      const waitMs = Math.max(...keys.map(({ key, rule }) => state(rows.get(key), rule, now).waitMs));
      if (waitMs > 0) throw rateLimited(waitMs);
    },

    /** Counts this attempt as a failure on both keys, or answers RATE_LIMITED. */
    async claim(account: string, ip: string): Promise<void> {
      await failures.deleteStaleFailures(db, clock() - LOGIN_BACK_OFF.forgetAfterMs);
      for (const { key, rule } of keysOf(account, ip)) {
        for (let tries = 0; ; tries++) {
          const now = clock();
          const row = (await read([key])).get(key);
          const { count, waitMs } = state(row, rule, now);
          if (waitMs > 0) throw rateLimited(waitMs);
          if (await failures.claimAttempt(db, key, row, { failures: count + 1, now })) break;
          // Each lost race means another attempt was counted, so the wait starts within `free`
          // rounds; the bound only guards against counts going back down meanwhile.
          if (tries > rule.free) throw rateLimited(rule.firstWaitMs);
        }
      }
    },

    /**
     * The right password: this address starts afresh, and the account's advance count is taken
     * back (clearing it would give a stranger fresh free guesses).
     */
    async succeeded(account: string, ip: string): Promise<void> {
      const [pair, whole] = keysOf(account, ip);
      await failures.clearFailures(db, pair!.key);
      await failures.forgiveAttempt(db, whole!.key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
