import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  captchaResponse,
  changePasswordBody,
  loginBody,
  loginResponse,
  refreshResponse,
  userInfo,
} from '@meetflow/shared/schemas/auth';
import { envelope } from '@meetflow/shared/schemas/envelope';
import { AppError } from '../../lib/app-error.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/reply.ts';
import { bearer, currentUser } from '../../plugins/authorization.ts';
import type { AuthService } from './auth.service.ts';
import type { CaptchaService } from './captcha.service.ts';

interface Options {
  auth: AuthService;
  captcha: CaptchaService;
  limiters: LimiterFactory;
}

const tags = ['auth'];
const nothing = envelope(z.null());

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, captcha, limiters }) => {
  const captchaPerIp = limiters('captcha_ip', 60, 60);

  app.get(
    '/api/captcha',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A new single-use captcha image (or enabled=false)',
        response: { 200: envelope(captchaResponse) },
      },
    },
    async (request, reply) => {
      await captchaPerIp.consume(request.ip);
      reply.header('cache-control', 'no-store');
      return ok(request, await captcha.issue());
    },
  );

  app.post(
    '/api/login',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Log in with account, password and captcha',
        body: loginBody,
        response: { 200: envelope(loginResponse) },
      },
    },
    async (request) => ok(request, await auth.login(request.body, request.ip)),
  );

  app.post(
    '/api/tokens/create',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Rotate tokens: send the refresh token as `Authorization: Bearer <refresh_token>`',
        security: [{ bearer: [] }],
        response: { 200: envelope(refreshResponse) },
      },
    },
    async (request) => {
      const token = bearer(request.headers.authorization);
      if (!token) throw new AppError('UNAUTHORIZED');
      return ok(request, await auth.refresh(token, request.ip));
    },
  );

  app.post(
    '/api/logout',
    {
      config: { sessionOnly: true },
      schema: { tags, summary: 'End this session', security: [{ bearer: [] }], response: { 200: nothing } },
    },
    async (request) => {
      await auth.logout(currentUser(request), request.ip);
      return ok(request, null);
    },
  );

  app.get(
    '/api/me',
    {
      schema: {
        tags,
        summary: 'The logged-in user',
        security: [{ bearer: [] }],
        response: { 200: envelope(userInfo) },
      },
    },
    async (request) => ok(request, await auth.me(currentUser(request))),
  );

  app.put(
    '/api/me/password',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        summary: 'Change the password; every other session ends',
        security: [{ bearer: [] }],
        body: changePasswordBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await auth.changePassword(currentUser(request), request.body, request.ip);
      return ok(request, null);
    },
  );
};
