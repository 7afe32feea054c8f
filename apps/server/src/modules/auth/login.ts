import type { LoginBody, LoginResponse } from '@meetflow/shared/schemas/auth';
import { verifyAgainstDummy, verifyPassword } from '../../core/password.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/secure-random.ts';
import * as users from '../users/users.service.ts';
import type { AuthDeps } from './auth.service.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { issueTokens } from './session-tokens.ts';
import * as sessions from './sessions.repository.ts';

/** Signing in to the back office: captcha, throttles, one answer for every refusal, a new session. */
export function createLogin(deps: AuthDeps) {
  const { db, captcha, systemLog, clock } = deps;
  // Per IP, failures only: a whole office behind one address still logs in. Per account: growing
  // waits rather than a lock, so a stranger's failures cannot keep the owner out.
  const loginPerIp = deps.limiters('login_ip', 30, 10 * 60);
  const throttle = createLoginThrottle(db, clock);

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
        return issueTokens(deps, trx, user.id, sessionId, now);
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
  };
}
