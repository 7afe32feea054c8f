import type { ChangePasswordBody } from '@meetflow/shared/schemas/auth';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
// Auth depends on users (user rows, permissions), never the reverse: see users.service.ts.
import * as users from '../users/users.service.ts';
import type { AccessTokens } from './access-token.ts';
import type { CaptchaService } from './captcha.service.ts';
import { createLogin } from './login.ts';
import { createRefresh } from './refresh-session.ts';
import { hashPassword, verifyPassword } from '../../core/password.ts';
import { passwordWeakness } from '../../core/password-strength.ts';
import * as sessions from './sessions.repository.ts';

export interface AuthDeps {
  db: Db;
  captcha: CaptchaService;
  accessTokens: AccessTokens;
  refreshTtlSeconds: number;
  limiters: LimiterFactory;
  systemLog: SystemLog;
  clock: () => number;
}

export function createAuthService(deps: AuthDeps) {
  const { db, accessTokens, systemLog, clock } = deps;
  return {
    ...createLogin(deps),

    ...createRefresh(deps),

    /** Resolves an access token to the user, or throws 401 (expired, revoked, disabled). */
    async authenticate(accessToken: string): Promise<AuthUser> {
      const now = clock();
      const claims = await accessTokens.verify(accessToken, now);
      // The session and its user in one read: logout, password changes and disabled users take
      // effect on the very next request.
      const user = await users.findUserOfSession(db, claims.sessionId);
      if (!user || user.session_revoked_at !== null || user.id !== claims.userId || !user.enabled)
        throw new AppError('SESSION_REVOKED');
      return {
        id: user.id,
        account: user.account,
        name: user.name,
        permissions: users.permissionsOf(user),
        organizationId: user.organization_id,
        sessionId: user.session_id,
        tokenExpiresAt: claims.expiresAt,
        apiTokenId: null,
        auditName: user.account,
      };
    },

    /**
     * Whether the user's session still stands (not logged out, not ended by a password change or a
     * reused refresh token, not expired): one primary-key read, for answers that outlive a request.
     */
    async sessionStillValid(user: AuthUser): Promise<boolean> {
      const session = await sessions.findSession(db, user.sessionId);
      return session !== undefined && session.revoked_at === null && session.expires_at > clock();
    },

    async logout(user: AuthUser, ip: string): Promise<void> {
      await sessions.revokeSession(db, user.sessionId, clock());
      await systemLog.record({
        action: 'logout',
        source: 'admin',
        message: { key: 'auth.logged_out' },
        username: user.account,
        ip,
      });
    },

    async me(user: AuthUser) {
      const row = await users.findUserById(db, user.id);
      if (!row) throw new AppError('SESSION_REVOKED');
      // What this request may do: with an API token, the part of the user's permissions it was given.
      return { ...users.toUserInfo(row), permissions: user.permissions };
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(user: AuthUser, body: ChangePasswordBody, ip: string): Promise<void> {
      const row = await users.findUserById(db, user.id);
      if (!row) throw new AppError('SESSION_REVOKED');
      if (!(await verifyPassword(row.password_hash, body.old_password)))
        throw new AppError('PASSWORD_INCORRECT');
      const problem = passwordWeakness(body.new_password, row);
      if (problem) throw new AppError('VALIDATION_FAILED', { data: { fields: { new_password: problem } } });
      const now = clock();
      const hash = await hashPassword(body.new_password);
      await db.transaction().execute(async (trx) => {
        await users.updatePasswordHash(trx, row.id, hash, now);
        await sessions.revokeUserSessions(trx, row.id, now, user.sessionId);
      });
      await systemLog.record({
        action: 'password_change',
        source: 'admin',
        message: { key: 'auth.password_changed' },
        username: row.account,
        ip,
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
