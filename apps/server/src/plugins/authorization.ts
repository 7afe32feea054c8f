import fp from 'fastify-plugin';
import { hasAllPermissions, hasAnyPermission, type Permission } from '@meetflow/shared/permissions';
import { GUEST_TOKEN_HEADER } from '@meetflow/shared/schemas/public';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Actor, Authenticate, AuthUser } from '../core/auth-user.ts';
import type { RouteAuth, RouteAuthEntry } from './request-context.ts';

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** The permissions a route names, whether any one of them or all of them are needed. */
export function routePermissions(auth: RouteAuth): readonly Permission[] {
  if (auth === 'public' || auth === 'user') return [];
  if (typeof auth === 'object' && 'allOf' in auth) return auth.allOf;
  return [auth].flat();
}

/** Whether permissions held pass a route's permission check (`public` and `user` need none). */
export function routeAllows(held: readonly string[], auth: RouteAuth): boolean {
  if (auth === 'public' || auth === 'user') return true;
  if (typeof auth === 'object' && 'allOf' in auth) return hasAllPermissions(held, auth.allOf);
  return hasAnyPermission(held, auth);
}

/**
 * Every API route is protected unless it says `config: { auth: 'public' }`: forgetting to
 * declare a permission fails closed. Runs before the body is parsed.
 */
export const authorization = fp<{ authenticate: Authenticate }>(async (app, { authenticate }) => {
  const table: RouteAuthEntry[] = [];
  app.decorate('routeAuthTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The API documentation pages are registered by a library and are public by nature.
    const fallback = route.url.startsWith('/api/docs') ? 'public' : 'user';
    const auth = route.config?.auth ?? fallback;
    route.config = { ...route.config, auth };
    const sessionOnly = route.config?.sessionOnly === true;
    for (const method of [route.method].flat()) table.push({ method, url: route.url, auth, sessionOnly });
  });
  app.addHook('onRequest', async (request) => {
    const required = request.routeOptions.config?.auth;
    if (!required || required === 'public') return;
    const token = bearer(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHORIZED');
    request.user = await authenticate(token, request.ip);
    if (request.routeOptions.config?.sessionOnly && request.user.apiTokenId !== null)
      throw new AppError('SESSION_REQUIRED');
    if (!routeAllows(request.user.permissions, required)) throw new AppError('FORBIDDEN');
  });
});

export { bearer };

/** The visitor's guest token (X-Guest-Token): the guest routes under /api/public authenticate with it. */
export function guestToken(request: FastifyRequest): string | undefined {
  const value = request.headers[GUEST_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** The authenticated user of a protected route (the onRequest hook has already checked). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** The request's user and address, as a mutation names them in the system log. */
export function currentActor(request: FastifyRequest): Actor {
  return { user: currentUser(request), ip: request.ip };
}
