import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { matchPath, useLocation } from 'react-router';
import { LOGIN_PATH } from '../lib/session/redirect.ts';
import { STATION_PATH } from '../lib/station-lock.ts';
import type { RouteHandle, RouteMeta } from './routes/route-types.ts';

/** Name of the catch-all route (spec: notFound), outside the back-office layout. */
export const UNKNOWN_ROUTE = 'notFound';

const publicMeta = (title: string, i18nKey: string): RouteMeta => ({ title, i18nKey, whiteList: true });

/** The visitor pages: reachable without logging in (spec §2 Public routes). */
export const PUBLIC_ROUTES = [
  { name: 'signUp', path: '/sign-up/:meetingId', meta: publicMeta('Sign up', 'route.signUp') },
  { name: 'checkIn', path: '/check-in/:meetingId', meta: publicMeta('Check in', 'route.checkIn') },
  { name: 'enrollInfo', path: '/enroll-info/:meetingId', meta: publicMeta('Guest info', 'route.enrollInfo') },
  // The guest's own data (issue 20); its title is the visitor pages' own string (their chunk brings it).
  {
    name: 'myData',
    path: '/enroll-info/:meetingId/my-data',
    meta: publicMeta('My data', 'pub.myData.title'),
  },
  // An evaluation (issue 43), under the guest page whose stored token identifies the guest (the
  // invitation mail links here: `#/enroll-info/<meeting public id>/evaluations/<evaluation id>`).
  {
    name: 'evaluation',
    path: '/enroll-info/:meetingId/evaluations/:evaluationId',
    meta: publicMeta('Evaluation', 'pub.evaluations.title'),
  },
  { name: 'schedule', path: '/schedule/:meetingId', meta: publicMeta('Schedule', 'route.schedule') },
  { name: 'guide', path: '/guide/:meetingId', meta: publicMeta('Guide', 'route.guide') },
  { name: 'unsubscribe', path: '/unsubscribe/:token', meta: publicMeta('Unsubscribe', 'route.unsubscribe') },
  { name: 'verify', path: '/verify/:code?', meta: publicMeta('Verify a certificate', 'route.verify') },
  // A doctor's CME record across meetings (issue 43), behind a code e-mailed to them.
  { name: 'cmeTranscript', path: '/cme', meta: publicMeta('My CME record', 'route.cmeTranscript') },
  // Group bookings (issue 45): the form, and the contact's page opened by the group token.
  {
    name: 'groupSignUp',
    path: '/sign-up/:meetingId/group',
    meta: publicMeta('Group booking', 'pub.groups.title'),
  },
  { name: 'group', path: '/group/:token', meta: publicMeta('Group', 'pub.groups.pageTitle') },
  {
    name: 'waitlistOffer',
    path: '/waitlist-offer/:token',
    meta: publicMeta('Waiting-list seat', 'route.waitlistOffer'),
  },
] as const;

/** The routes of the entry, most specific first: the back office's come from admin-table.ts. */
const TABLE: readonly { path: string; handle: RouteHandle }[] = [
  { path: LOGIN_PATH, handle: { name: 'login', meta: publicMeta('Log in', 'route.login') } },
  // The door station renders from the copy on the device: it must open offline, logged in or not.
  { path: STATION_PATH, handle: { name: 'station', meta: publicMeta('Door station', 'route.station') } },
  ...PUBLIC_ROUTES.map((r) => ({ path: r.path, handle: { name: r.name, meta: r.meta } })),
];

const UNKNOWN: RouteHandle = { name: UNKNOWN_ROUTE, meta: publicMeta('Page not found', 'route.notFound') };

type AdminTable = typeof import('./routes/admin-table.ts');
let adminTable: AdminTable | undefined;
let adminTableLoad: Promise<AdminTable> | undefined;
const tableListeners = new Set<() => void>();
const subscribeTable = (listener: () => void) => {
  tableListeners.add(listener);
  return () => tableListeners.delete(listener);
};

/**
 * The back office's route table (its paths, titles and permissions), a chunk that public pages never
 * load: fetched once, for the first path that is none of the entry's.
 */
export function loadAdminTable(): Promise<AdminTable> {
  // A failed download (offline, a new deployment) is not kept: the error page's retry imports again.
  adminTableLoad ??= import('./routes/admin-table.ts').then(
    (table) => {
      adminTable = table;
      tableListeners.forEach((listener) => listener());
      return table;
    },
    (error: unknown) => {
      adminTableLoad = undefined;
      throw error;
    },
  );
  return adminTableLoad;
}

/**
 * The route a path belongs to: what the guard, the document title, the tabs and the menu need to
 * know. The root '/' only redirects and has none. `null`: a path none of the entry's routes has,
 * before the back office's table is loaded (`loadAdminTable`).
 */
export function routeHandleFor(pathname: string, table = adminTable): RouteHandle | undefined | null {
  if (pathname === '/') return undefined;
  const handle = TABLE.find((entry) => matchPath(entry.path, pathname))?.handle;
  if (handle) return handle;
  return table ? (table.adminHandleFor(pathname) ?? UNKNOWN) : null;
}

/**
 * The current route's handle; `null` while the back office's table loads (once), which this starts.
 * A failed download is thrown to the route error boundary, whose retry loads it again.
 */
export function useRouteHandle(): RouteHandle | undefined | null {
  const { pathname } = useLocation();
  const table = useSyncExternalStore(subscribeTable, () => adminTable);
  const handle = useMemo(() => routeHandleFor(pathname, table), [pathname, table]);
  const [, setFailure] = useState<unknown>();
  useEffect(() => {
    if (handle !== null) return;
    loadAdminTable().catch((error: unknown) =>
      setFailure(() => {
        throw error;
      }),
    );
  }, [handle]);
  return handle;
}
