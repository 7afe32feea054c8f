import type { TokenInfo } from '@meetflow/shared/schemas/auth';
import type { Db } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/secure-random.ts';
import type { AuthDeps } from './auth.service.ts';
import * as sessions from './sessions.repository.ts';

/** A new refresh token of the session, and an access token for it. */
export async function issueTokens(
  deps: Pick<AuthDeps, 'accessTokens'>,
  trx: Db,
  userId: number,
  sessionId: string,
  now: number,
): Promise<TokenInfo> {
  const refreshToken = randomToken();
  await sessions.insertRefreshToken(trx, sha256(refreshToken), sessionId, now);
  return {
    access_token: await deps.accessTokens.sign({ userId, sessionId }, now),
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: deps.accessTokens.ttlSeconds,
    login_time: now,
  };
}
