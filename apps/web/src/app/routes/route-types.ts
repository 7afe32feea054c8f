import type { ComponentType } from 'react';
import type { Permission } from '@meetflow/shared/permissions';

/** Icon names resolved to @ant-design/icons components inside the admin shell (icons stay out of the entry chunk). */
export type IconName =
  | 'meeting'
  | 'list'
  | 'team'
  | 'records'
  | 'schedule'
  | 'setting'
  | 'organization'
  | 'dictionary'
  | 'log'
  | 'user'
  | 'lock'
  | 'bell'
  | 'dashboard'
  | 'api'
  | 'certificate'
  | 'cme'
  | 'waitlist'
  | 'key'
  | 'webhook'
  | 'evaluation'
  | 'order'
  | 'approval'
  | 'fees';

/** Route meta (spec §3): what the guard, menu, tabs, title and page cache need to know. */
export interface RouteMeta {
  /** Fallback title when a catalogue lacks the key. */
  title: string;
  i18nKey: string;
  icon?: IconName;
  /** Reachable without logging in. */
  whiteList?: boolean;
  /** Permission strings, any of which opens the route; absent means every logged-in user. */
  auth?: readonly Permission[];
  /** Keep the page mounted (state, scroll) while its tab stays open. */
  cache?: boolean;
  /** Its tab comes first and cannot be closed. */
  permanent?: boolean;
  /** Not listed in the sidebar (reached from elsewhere, e.g. the user menu). */
  hidden?: boolean;
  /** Not given a tab (e.g. the in-layout 404). */
  noTab?: boolean;
  /** Iframe page: the URL shown inside the content area. */
  iframeSrc?: string;
  /** Menu entry highlighted for this route when it differs from its own name. */
  activeMenu?: string;
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface AppRoute {
  /** Unique route name (spec names: meeting, guest, …); also the tab id. */
  name: string;
  /** Absolute path. Groups redirect to their first visible child; leaves name their page in layouts/page-loaders.ts. */
  path: string;
  meta: RouteMeta;
  children?: AppRoute[];
}

/** What react-router's `handle` carries for every route we declare. */
export interface RouteHandle {
  name: string;
  meta: RouteMeta;
}
