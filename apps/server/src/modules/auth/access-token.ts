import { AppError } from '../../lib/app-error.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';

// Loaded with the first token signed or checked: an idle server, its health checks and the public
// pages never need it.
const loadJose = onFirstUse(() => import('jose'));

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface VerifiedAccess extends AccessClaims {
  /** When the token stops being honoured (its `exp`), in ms. */
  expiresAt: number;
}

/** Tokens whose signature has been checked; a door station sends the same one with every scan. */
const VERIFIED_CACHE_SIZE = 5000;

/** Short-lived JWT access tokens (HS256); the session row decides whether one is still honoured. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  // A token's signature and claims never change, so checking them once is enough (the HMAC check
  // was ~9 % of a scan's CPU); its expiry is still compared with the clock on every request.
  const verified = new Map<string, VerifiedAccess>();
  return {
    ttlSeconds,
    async sign(claims: AccessClaims, nowMs: number): Promise<string> {
      const { SignJWT } = await loadJose();
      const iat = Math.floor(nowMs / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token: string, nowMs: number): Promise<VerifiedAccess> {
      const known = verified.get(token);
      if (known) {
        if (nowMs >= known.expiresAt) throw new AppError('TOKEN_EXPIRED');
        return known;
      }
      const { errors, jwtVerify } = await loadJose();
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || payload.exp === undefined)
          throw new AppError('UNAUTHORIZED');
        const access = { userId, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, access);
        return access;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        if (error instanceof AppError) throw error;
        throw new AppError('UNAUTHORIZED');
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
