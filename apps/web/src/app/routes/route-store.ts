import { create } from 'zustand';
import { appConfig } from '../../lib/app-config.ts';
import { checkPermission } from '../../components/permission.tsx';
import { onSessionCleared } from '../../lib/session/session-store.ts';
import { adminRoutes } from './route-config.ts';
import { filterRoutes, flattenRoutes } from './route-filter.ts';
import type { AppRoute } from './route-types.ts';

export const DEFAULT_OPEN_MENUS = ['meetingManagement'];

interface RouteState {
  /** Set by the first navigation after login (spec §4). */
  generated: boolean;
  /** The routes this user may open, already filtered by permission. */
  routes: AppRoute[];
  allowedNames: ReadonlySet<string>;
  /** Open sidebar groups; reset on logout. */
  openMenus: string[];
  generate(permissions: readonly string[]): void;
  setOpenMenus(keys: string[]): void;
  reset(): void;
}

export const useRouteStore = create<RouteState>()((set) => ({
  generated: false,
  routes: [],
  allowedNames: new Set(),
  openMenus: DEFAULT_OPEN_MENUS,
  generate(permissions) {
    const routes = filterRoutes(adminRoutes, (auth) =>
      checkPermission('any', appConfig.enablePermission, permissions, auth ?? []),
    );
    set({ generated: true, routes, allowedNames: new Set(flattenRoutes(routes).map((r) => r.name)) });
  },
  setOpenMenus(openMenus) {
    set({ openMenus });
  },
  reset() {
    set({ generated: false, routes: [], allowedNames: new Set(), openMenus: DEFAULT_OPEN_MENUS });
  },
}));

onSessionCleared(() => useRouteStore.getState().reset());
