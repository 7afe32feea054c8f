import { matchPath } from 'react-router';
import { checkPermission } from '../../components/permission.tsx';
import { appConfig } from '../../lib/app-config.ts';
import { adminRoutes, notFoundRoute } from './route-config.ts';
import { filterRoutes, flattenRoutes } from './route-filter.ts';
import { useRouteStore } from './route-store.ts';
import type { RouteHandle } from './route-types.ts';

/**
 * The back office's half of the route table, a small chunk of its own: the entry loads it for the
 * first path that is no visitor page (route-handle.ts), so a public page never downloads it.
 */
const TABLE: readonly { path: string; handle: RouteHandle }[] = [
  ...flattenRoutes(adminRoutes),
  notFoundRoute,
].map((r) => ({ path: r.path, handle: { name: r.name, meta: r.meta } }));

/** The back-office route a path belongs to, or undefined when it has none (the catch-all). */
export function adminHandleFor(pathname: string): RouteHandle | undefined {
  return TABLE.find((entry) => matchPath(entry.path, pathname))?.handle;
}

/** First navigation after login: keep the routes this user may open (spec §4). */
export function generateRoutes(permissions: readonly string[]): void {
  const routes = filterRoutes(adminRoutes, (auth) =>
    checkPermission('any', appConfig.enablePermission, permissions, auth ?? []),
  );
  useRouteStore.getState().generate(routes, new Set(flattenRoutes(routes).map((r) => r.name)));
}
