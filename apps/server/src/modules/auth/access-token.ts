import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.ts';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface VerifiedAccess extends AccessClaims {
  /** When the token stops being honoured (its `exp`), in ms. */
  expiresAt: number;
}

/** Short-lived JWT access tokens (HS256); the session row decides whether one is still honoured. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims: AccessClaims, nowMs: number): Promise<string> {
      const iat = Math.floor(nowMs / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token: string, nowMs: number): Promise<VerifiedAccess> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || payload.exp === undefined)
          throw new AppError('UNAUTHORIZED');
        return { userId, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        if (error instanceof AppError) throw error;
        throw new AppError('UNAUTHORIZED');
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
