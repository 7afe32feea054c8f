import fp from 'fastify-plugin';
import type { Authenticate, AuthUser } from '../../core/auth-user.ts';
import { createAccessTokens } from './access-token.ts';
import { apiTokenRoutes } from './api-tokens.routes.ts';
import { createApiTokens } from './api-tokens.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createCaptchaService } from './captcha.service.ts';
import { revokeUserSessions } from './sessions.repository.ts';

export interface AuthModule {
  /** A bearer secret is a session's access token or, by its prefix, an API token. */
  authenticate: Authenticate;
  /** Whether a live stream's user still holds their session or API token. */
  sessionStillValid: (user: AuthUser) => Promise<boolean>;
  /** Ends a user's sessions but one, when named (the users module, which may not import auth). */
  revokeUserSessions: typeof revokeUserSessions;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthModule;
  }
}

/** Sessions, captcha and API tokens; answers the authorisation hook's `authenticate` port. */
export const authModule = fp(
  async (app) => {
    const { config, db, clock, limiters, systemLog } = app.platform;
    const captcha = createCaptchaService(
      db,
      { enabled: config.captchaEnabled, fixedAnswer: config.captchaFixedAnswer },
      clock,
    );
    const accessTokens = createAccessTokens(
      config.jwtSecret ?? (await app.platform.secret('jwt')),
      config.accessTokenTtl,
    );
    const auth = createAuthService({
      db,
      captcha,
      accessTokens,
      refreshTtlSeconds: config.refreshTokenTtl,
      limiters,
      systemLog,
      clock,
    });
    const apiTokens = createApiTokens({
      db,
      systemLog,
      limiters,
      perMinute: config.apiTokenPerMinute,
      clock,
    });
    const authenticate: Authenticate = (token, ip) =>
      apiTokens.isApiToken(token) ? apiTokens.authenticate(token, ip) : auth.authenticate(token);
    app.platform.authentication.fill({ authenticate });
    app.decorate('auth', {
      authenticate,
      sessionStillValid: (user: AuthUser) =>
        user.apiTokenId === null ? auth.sessionStillValid(user) : apiTokens.stillValid(user.apiTokenId),
      revokeUserSessions,
    });
    await app.register(authRoutes, { auth, captcha, limiters });
    await app.register(apiTokenRoutes, { apiTokens });
  },
  { name: 'auth', dependencies: ['platform'], decorators: { fastify: ['platform'] } },
);
