import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { isLoggedIn, useSessionStore } from '../../lib/session/session-store.ts';
import { isKioskLocked } from '../../lib/station-lock.ts';
import { useRouteStore } from '../routes/route-store.ts';
import { loadAdminTable, UNKNOWN_ROUTE, useRouteHandle } from '../route-handle.ts';
import { BootFallback } from '../boot-fallback.tsx';
import { decideGuard } from './guard-decision.ts';

/** Renders the matched route, or redirects as spec §4 requires. */
export function RouteGuard() {
  const location = useLocation();
  // Subscribing to the token re-runs the guard on login and logout.
  useSessionStore((s) => s.token);
  const generated = useRouteStore((s) => s.generated);
  const allowedNames = useRouteStore((s) => s.allowedNames);
  const handle = useRouteHandle();
  const fullPath = location.pathname + location.search;
  const decision = decideGuard({
    pathname: location.pathname,
    fullPath,
    redirect: new URLSearchParams(location.search).get('redirect'),
    loggedIn: isLoggedIn(),
    whiteList: Boolean(handle?.meta.whiteList),
    unknownRoute: handle?.name === UNKNOWN_ROUTE,
    routesGenerated: generated,
    routeName: handle?.name,
    allowedNames,
    kioskLocked: isKioskLocked(),
  });
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.type === 'generate') return <GenerateRoutes fullPath={fullPath} />;
  return (
    <Suspense fallback={<BootFallback />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * First navigation after login: build the accessible routes, then navigate again (spec §4). A failed
 * download of the route table is thrown to the route error boundary, as `useRouteHandle` does: its
 * retry loads it again, where an unhandled rejection would leave the user before an empty page.
 */
function GenerateRoutes({ fullPath }: { fullPath: string }) {
  const navigate = useNavigate();
  const [, setFailure] = useState<unknown>();
  useEffect(() => {
    loadAdminTable()
      .then(({ generateRoutes }) => {
        generateRoutes(useSessionStore.getState().permissions);
        void navigate(fullPath, { replace: true });
      })
      .catch((error: unknown) =>
        setFailure(() => {
          throw error;
        }),
      );
  }, [fullPath, navigate]);
  return <BootFallback />;
}
