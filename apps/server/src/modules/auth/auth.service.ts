import type {
  ChangePasswordBody,
  LoginBody,
  LoginResponse,
  RefreshResponse,
  TokenInfo,
} from '@meetflow/shared/schemas/auth';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { randomToken, sha256 } from '../../lib/secure-random.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
// Auth depends on users (user rows, permissions), never the reverse: see users.service.ts.
import * as users from '../users/users.service.ts';
import type { AccessTokens } from './access-token.ts';
import type { CaptchaService } from './captcha.service.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../core/password.ts';
import { passwordWeakness } from '../../core/password-strength.ts';
import * as sessions from './sessions.repository.ts';

type RefreshOutcome = { token: TokenInfo } | { token: null; reused: boolean };

interface AuthDeps {
  db: Db;
  captcha: CaptchaService;
  accessTokens: AccessTokens;
  refreshTtlSeconds: number;
  limiters: LimiterFactory;
  systemLog: SystemLog;
  clock: () => number;
}

export function createAuthService(deps: AuthDeps) {
  const { db, captcha, accessTokens, systemLog, clock } = deps;
  // Per IP, failures only: a whole office behind one address still logs in. Per account: growing
  // waits rather than a lock, so a stranger's failures cannot keep the owner out.
  const loginPerIp = deps.limiters('login_ip', 30, 10 * 60);
  const throttle = createLoginThrottle(db, clock);
  const refreshPerIp = deps.limiters('refresh_ip', 60, 60);

  async function issueTokens(trx: Db, userId: number, sessionId: string, now: number): Promise<TokenInfo> {
    const refreshToken = randomToken();
    await sessions.insertRefreshToken(trx, sha256(refreshToken), sessionId, now);
    return {
      access_token: await accessTokens.sign({ userId, sessionId }, now),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: accessTokens.ttlSeconds,
      login_time: now,
    };
  }

  return {
    async login(body: LoginBody, ip: string): Promise<LoginResponse> {
      // Before the captcha is spent: an attempt that must wait keeps it.
      await throttle.check(body.account, ip);
      await loginPerIp.consume(ip);
      const fail = async (key: 'auth.login_failed_captcha' | 'auth.login_failed_credentials') =>
        systemLog.record({
          action: 'login_failed',
          source: 'admin',
          message: { key },
          username: body.account,
          ip,
        });

      if (!(await captcha.check(body.captcha_id, body.verify_code))) {
        await fail('auth.login_failed_captcha');
        throw new AppError('CAPTCHA_INVALID');
      }
      // Counted only past the captcha, so each counted failure cost the guesser a solved captcha.
      await throttle.claim(body.account, ip);
      const user = await users.findUserByAccount(db, body.account);
      const passwordOk = user
        ? await verifyPassword(user.password_hash, body.password)
        : await verifyAgainstDummy(body.password);
      // One answer for an unknown account, a wrong password and a disabled account: no enumeration.
      if (!user || !passwordOk || !user.enabled) {
        await fail('auth.login_failed_credentials');
        throw new AppError('INVALID_CREDENTIALS');
      }
      // Only failures count: colleagues behind one venue NAT may all log in within minutes.
      await throttle.succeeded(body.account, ip);
      await loginPerIp.refund(ip);

      const now = clock();
      const sessionId = randomToken(16);
      const token = await db.transaction().execute(async (trx) => {
        await sessions.insertSession(trx, {
          id: sessionId,
          user_id: user.id,
          created_at: now,
          expires_at: now + deps.refreshTtlSeconds * 1000,
          ip,
        });
        return issueTokens(trx, user.id, sessionId, now);
      });
      await systemLog.record({
        action: 'login',
        source: 'admin',
        message: { key: 'auth.logged_in' },
        username: user.account,
        ip,
      });
      return { token, user: users.toUserInfo(user) };
    },

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
        return { token: await issueTokens(trx, user.id, sessionId, now) };
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
