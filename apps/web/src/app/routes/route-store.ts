import { create } from 'zustand';
import { onSessionCleared } from '../../lib/session/session-store.ts';
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
  /** The routes filtered by permission and their names (admin-table.ts's `generateRoutes`). */
  generate(routes: AppRoute[], allowedNames: ReadonlySet<string>): void;
  setOpenMenus(keys: string[]): void;
  reset(): void;
}

export const useRouteStore = create<RouteState>()((set) => ({
  generated: false,
  routes: [],
  allowedNames: new Set(),
  openMenus: DEFAULT_OPEN_MENUS,
  generate(routes, allowedNames) {
    set({ generated: true, routes, allowedNames });
  },
  setOpenMenus(openMenus) {
    set({ openMenus });
  },
  reset() {
    set({ generated: false, routes: [], allowedNames: new Set(), openMenus: DEFAULT_OPEN_MENUS });
  },
}));

onSessionCleared(() => useRouteStore.getState().reset());
