import type { RefreshResponse, TokenInfo } from '@meetflow/shared/schemas/auth';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secure-random.ts';
import * as users from '../users/users.service.ts';
import type { AuthDeps } from './auth.service.ts';
import { issueTokens } from './session-tokens.ts';
import * as sessions from './sessions.repository.ts';

type RefreshOutcome = { token: TokenInfo } | { token: null; reused: boolean };

/** Refreshing a session's tokens, rate-limited per client address. */
export function createRefresh(deps: AuthDeps) {
  const { db, systemLog, clock } = deps;
  const refreshPerIp = deps.limiters('refresh_ip', 60, 60);

  return {
    /** Rotates the refresh token. Presenting a used one means it leaked: the whole session ends. */
    async refresh(refreshToken: string, ip: string): Promise<RefreshResponse> {
      await refreshPerIp.consume(ip);
      const tokenHash = sha256(refreshToken);
      const now = clock();
      const outcome = await db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
        const sessionId = await sessions.consumeRefreshToken(trx, tokenHash, now);
        if (!sessionId) {
          const reused = await sessions.findRefreshTokenSession(trx, tokenHash);
          if (reused) await sessions.revokeSession(trx, reused, now);
          return { token: null, reused: Boolean(reused) };
        }
        const session = await sessions.findSession(trx, sessionId);
        if (!session || session.revoked_at !== null || session.expires_at <= now)
          return { token: null, reused: false };
        const user = await users.findUserById(trx, session.user_id);
        if (!user?.enabled) return { token: null, reused: false };
        return { token: await issueTokens(deps, trx, user.id, sessionId, now) };
      });
      if (outcome.token) return { token: outcome.token };
      if ('reused' in outcome && outcome.reused) {
        await systemLog.record({
          action: 'logout',
          source: 'system',
          message: { key: 'auth.session_revoked' },
          username: null,
          ip,
        });
      }
      throw new AppError('SESSION_REVOKED');
    },
  };
}
