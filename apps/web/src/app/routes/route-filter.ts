import type { AppRoute, RouteMeta } from './route-types.ts';

/**
 * Keeps the routes the user may open: a route with `auth` stays if `allowed(auth)` passes, and a
 * group whose children were all removed disappears with them (spec §6).
 */
export function filterRoutes(
  routes: readonly AppRoute[],
  allowed: (auth: RouteMeta['auth']) => boolean,
): AppRoute[] {
  const result: AppRoute[] = [];
  for (const route of routes) {
    if (route.meta.auth && !allowed(route.meta.auth)) continue;
    if (route.children) {
      const children = filterRoutes(route.children, allowed);
      if (children.length === 0) continue;
      result.push({ ...route, children });
    } else {
      result.push(route);
    }
  }
  return result;
}

/** Every route, depth first, parents before their children. */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

export function findRoute(routes: readonly AppRoute[], name: string): AppRoute | undefined {
  return flattenRoutes(routes).find((route) => route.name === name);
}

/** The chain of groups leading to `name`, outermost first (for breadcrumbs and open menus). */
export function ancestorsOf(routes: readonly AppRoute[], name: string): AppRoute[] {
  for (const route of routes) {
    if (route.name === name) return [];
    if (route.children) {
      const inner = ancestorsOf(route.children, name);
      if (inner.length > 0 || route.children.some((child) => child.name === name)) return [route, ...inner];
    }
  }
  return [];
}

/** The first visible deepest child: where a click on a menu group leads (spec §2 Layout). */
export function firstVisibleLeaf(route: AppRoute): AppRoute | undefined {
  if (!route.children) return route.meta.hidden ? undefined : route;
  for (const child of route.children) {
    if (child.meta.hidden) continue;
    const leaf = firstVisibleLeaf(child);
    if (leaf) return leaf;
  }
  return undefined;
}

/** The menu tree: hidden routes removed, empty groups dropped. */
export function menuRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes
    .filter((route) => !route.meta.hidden)
    .flatMap((route) => {
      if (!route.children) return [route];
      const children = menuRoutes(route.children);
      return children.length > 0 ? [{ ...route, children }] : [];
    });
}
