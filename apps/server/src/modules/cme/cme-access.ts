import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CME_CODE_LENGTH } from '@meetflow/shared/schemas/cme';
import type { Language } from '@meetflow/shared/languages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import * as access from './cme-access.repository.ts';

/*
 * The doctor's way in to their own transcript: a one-time code e-mailed to the address their
 * sign-ups gave, then a short-lived opaque token for the downloads. The code is derived from the
 * row and an app secret when mailed (so it is stored nowhere in clear, the outbox included) and
 * kept as a keyed hash; the token is random and kept as a hash.
 */

export const CME_CODE_TTL_MS = 15 * 60_000;
export const CME_TOKEN_TTL_MS = 30 * 60_000;
/** Tries a code survives: 5 guesses at 6 digits leave a 1 in 200,000 chance. */
export const CME_CODE_ATTEMPTS = 5;

export const CME_PUBLIC_LIMITS = {
  codePerIp: { points: 10, seconds: 600 },
  codePerAddress: { points: 3, seconds: 600 },
  verifyPerIp: { points: 30, seconds: 600 },
  /** Wrong codes per address across its codes (3 codes in 10 minutes would otherwise give 15 tries). */
  wrongCodesPerAddress: { points: 10, seconds: 3600 },
  pdfPerIp: { points: 30, seconds: 600 },
} as const;

export interface AccessDeps {
  db: Db;
  clock: () => number;
  jobs: Jobs;
  systemLog: SystemLog;
  limiters: LimiterFactory;
  secret: string;
  /** Links the organisations holding a not yet linked guest of this address (cme.service.ts). */
  linkFor(email: string): Promise<void>;
  /** Whether a person has this address (after `linkFor`). */
  known(email: string): Promise<boolean>;
}

/** The code of a row: a keyed digest of its id and creation time, as 6 digits. */
export function codeOf(secret: string, row: { id: number; created_at: number }): string {
  const digest = createHmac('sha256', secret).update(`cme-code:${row.id}:${row.created_at}`).digest();
  return String(digest.readUInt32BE(0) % 10 ** CME_CODE_LENGTH).padStart(CME_CODE_LENGTH, '0');
}

function codeHash(secret: string, id: number, code: string): string {
  return createHmac('sha256', secret).update(`cme-hash:${id}:${code}`).digest('hex');
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function createCmeAccess(deps: AccessDeps) {
  const { db, clock, secret } = deps;
  const limit = (name: keyof typeof CME_PUBLIC_LIMITS) =>
    deps.limiters(`cme_${name}`, CME_PUBLIC_LIMITS[name].points, CME_PUBLIC_LIMITS[name].seconds);
  const [perIp, perAddress, verifyPerIp, wrongPerAddress] = [
    limit('codePerIp'),
    limit('codePerAddress'),
    limit('verifyPerIp'),
    limit('wrongCodesPerAddress'),
  ];

  return {
    pdfLimit: limit('pdfPerIp'),

    /** Mails a code when a person has the address; answers alike either way (no enumeration). */
    async requestCode(email: string, language: Language, ip: string): Promise<void> {
      await perIp.consume(ip);
      await perAddress.consume(email);
      await deps.linkFor(email);
      const known = await deps.known(email);
      if (known) {
        const now = clock();
        await db.transaction().execute(async (trx) => {
          const id = await access.insertCode(trx, {
            email,
            code_hash: '',
            created_at: now,
            expires_at: now + CME_CODE_TTL_MS,
          });
          await access.setCodeHash(trx, id, codeHash(secret, id, codeOf(secret, { id, created_at: now })));
          await deps.jobs.enqueue(trx, {
            kind: 'cme.code',
            key: `cme-code:${id}`,
            payload: { id, language },
          });
        });
        deps.jobs.kick();
      }
      await deps.systemLog.record({
        action: 'code_lookup',
        source: 'public',
        message: { key: 'cme.code_requested', params: { count: known ? 1 : 0 } },
        username: null,
        ip,
      });
    },

    /** A right code, once: answers the e-mail and a fresh token. Wrong, spent or expired: LOGIN_CODE_WRONG. */
    async verify(email: string, code: string, ip: string): Promise<{ token: string; expiresAt: number }> {
      await verifyPerIp.consume(ip);
      const now = clock();
      const open = await access.openCodeOf(db, email, now, CME_CODE_ATTEMPTS);
      // A try is taken before the comparison, atomically: parallel guesses cannot pass the cap.
      if (!open || !(await access.claimAttempt(db, Number(open.id), now, CME_CODE_ATTEMPTS)))
        throw new AppError('LOGIN_CODE_WRONG');
      // Every compared try spends a point and a right code gives it back: wrong codes alone use up
      // the address's budget, and once it is spent even the right code waits.
      await wrongPerAddress.consume(email);
      const given = Buffer.from(codeHash(secret, Number(open.id), code));
      if (!timingSafeEqual(given, Buffer.from(open.code_hash.padEnd(given.length).slice(0, given.length))))
        throw new AppError('LOGIN_CODE_WRONG');
      await wrongPerAddress.refund(email);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now + CME_TOKEN_TTL_MS;
      const used = await access.useCode(
        db,
        Number(open.id),
        { token_hash: tokenHash(token), token_expires_at: expiresAt },
        now,
      );
      if (!used) throw new AppError('LOGIN_CODE_WRONG');
      return { token, expiresAt };
    },

    /** The address a token was given for; UNAUTHORIZED when it is unknown or expired. */
    async emailOf(token: string | undefined): Promise<string> {
      const email = token ? await access.emailOfToken(db, tokenHash(token), clock()) : undefined;
      if (!email) throw new AppError('UNAUTHORIZED');
      return email;
    },
  };
}
export type CmeAccess = ReturnType<typeof createCmeAccess>;
