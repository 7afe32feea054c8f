import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';
import { LOGIN_PATH } from '../lib/session/redirect.ts';
import { STATION_PATH } from '../lib/station-lock.ts';
import { adminRoutes, notFoundRoute } from './routes/route-config.ts';
import { flattenRoutes } from './routes/route-filter.ts';
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

/** Every named route with its path, most specific first; the catch-all comes last. */
const TABLE: readonly { path: string; handle: RouteHandle }[] = [
  { path: LOGIN_PATH, handle: { name: 'login', meta: publicMeta('Log in', 'route.login') } },
  // The door station renders from the copy on the device: it must open offline, logged in or not.
  { path: STATION_PATH, handle: { name: 'station', meta: publicMeta('Door station', 'route.station') } },
  ...PUBLIC_ROUTES.map((r) => ({ path: r.path, handle: { name: r.name, meta: r.meta } })),
  ...[...flattenRoutes(adminRoutes), notFoundRoute].map((r) => ({
    path: r.path,
    handle: { name: r.name, meta: r.meta },
  })),
];

const UNKNOWN: RouteHandle = { name: UNKNOWN_ROUTE, meta: publicMeta('Page not found', 'route.notFound') };

/**
 * The route a path belongs to: what the guard, the document title, the tabs and the menu need to
 * know. The root '/' only redirects and has none.
 */
export function routeHandleFor(pathname: string): RouteHandle | undefined {
  if (pathname === '/') return undefined;
  return TABLE.find((entry) => matchPath(entry.path, pathname))?.handle ?? UNKNOWN;
}

export function useRouteHandle(): RouteHandle | undefined {
  const { pathname } = useLocation();
  return useMemo(() => routeHandleFor(pathname), [pathname]);
}
