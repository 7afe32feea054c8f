import { lazy, type ComponentType } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../lib/session/redirect.ts';
import { STATION_PATH } from '../lib/station-lock.ts';
import { NotFound } from '../components/not-found.tsx';
import { progressDone, progressStart } from '../lib/progress.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { loadAdminLayout } from './layouts/load-admin-layout.ts';
import { PUBLIC_ROUTES, UNKNOWN_ROUTE, useRouteHandle } from './route-handle.ts';

/**
 * Declarative routing (HashRouter + Routes): the data-router APIs would add about 20 KB gzip to every
 * public page, and route names and meta come from our own table (route-handle.ts) anyway.
 */

/** A lazily loaded page whose chunk download runs the progress bar. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => {
    progressStart();
    return load().finally(progressDone);
  });
}

const LoginLayout = lazyPage(() => import('./layouts/login-layout.tsx'));
const AdminLayout = lazyPage(loadAdminLayout);
const StationLayout = lazyPage(() =>
  import('./layouts/load-station-layout.ts').then((station) => station.loadStationLayout()),
);
const publicPages: Record<(typeof PUBLIC_ROUTES)[number]['name'], ComponentType> = {
  signUp: lazyPage(() => import('../features/public/sign-up/sign-up-page.tsx')),
  checkIn: lazyPage(() => import('../features/public/guest-page/check-in-page.tsx')),
  enrollInfo: lazyPage(() => import('../features/public/guest-page/enroll-info-page.tsx')),
  myData: lazyPage(() => import('../features/public/my-data/my-data-page.tsx')),
  // Its own chunk: the public entry does not grow with the evaluations.
  evaluation: lazyPage(() => import('../features/public/evaluations/evaluation-page.tsx')),
  schedule: lazyPage(() => import('../features/public/documents/schedule-page.tsx')),
  guide: lazyPage(() => import('../features/public/documents/guide-page.tsx')),
  unsubscribe: lazyPage(() => import('../features/public/verification/unsubscribe-page.tsx')),
  verify: lazyPage(() => import('../features/public/verification/verify-page.tsx')),
  cmeTranscript: lazyPage(() => import('../features/public/cme/cme-transcript-page.tsx')),
  waitlistOffer: lazyPage(() => import('../features/public/waiting-list/waitlist-offer-page.tsx')),
  groupSignUp: lazyPage(() => import('../features/public/groups/group-form-page.tsx')),
  group: lazyPage(() => import('../features/public/groups/group-page.tsx')),
};

/**
 * Every other path: a back-office route of the table that the root layout loaded for it
 * (routes/admin-table.ts), whose layout renders the page itself so it can keep cached pages mounted
 * (see layouts/page-host.tsx), or, for visitors without a session, the catch-all (the guard sends
 * users to /404).
 */
function BackOffice() {
  const handle = useRouteHandle();
  if (handle && handle.name !== UNKNOWN_ROUTE) return <AdminLayout />;
  return (
    <main>
      <NotFound visitor />
    </main>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <RouteErrorBoundary>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
            <Route path={LOGIN_PATH} element={<LoginLayout />} />
            <Route path={STATION_PATH} element={<StationLayout />} />
            {PUBLIC_ROUTES.map(({ name, path }) => {
              const Page = publicPages[name];
              return <Route key={name} path={path} element={<Page />} />;
            })}
            <Route path="*" element={<BackOffice />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </HashRouter>
  );
}
