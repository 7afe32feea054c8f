import fp from 'fastify-plugin';
import { languageFromHeader, type Language } from '@meetflow/shared/languages';
import { type Permission } from '@meetflow/shared/permissions';
import type { AuthUser } from '../core/auth-user.ts';

/**
 * Who may call a route: anyone, any logged-in user, holders of a permission (any one of a list), or
 * holders of every permission of `allOf` (a file that needs two pages' rights, say).
 */
export type RouteAuth =
  'public' | 'user' | Permission | readonly Permission[] | { readonly allOf: readonly Permission[] };

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /**
     * Only a person at a signed-in session may call it, never an API token: managing tokens,
     * the password, logging out. A leaked token cannot mint another or lock its owner out.
     */
    sessionOnly?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with who may call it: the permission matrix tests walk this. */
    routeAuthTable: readonly RouteAuthEntry[];
  }
}

export interface RouteAuthEntry {
  method: string;
  url: string;
  auth: RouteAuth;
  sessionOnly: boolean;
}

/** Resolves the request's language once, from Accept-Language. */
export const requestContext = fp(async (app) => {
  app.decorateRequest('lang', 'zh-tw');
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
  });
});
