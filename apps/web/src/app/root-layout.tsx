import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { applyViewport } from '../lib/viewport.ts';
import { RouteGuard } from './guards/route-guard.tsx';
import { ToastBridge } from './providers/toast-bridge.tsx';
import { PUBLIC_ROUTES, useRouteHandle } from './route-handle.ts';

/** The top of every page: guard, document title, viewport and the toasts of the login and back-office layouts. */
export function RootLayout() {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  const titleKey = handle?.meta.i18nKey;
  const fallback = handle?.meta.title;

  useEffect(() => {
    applyViewport(location.pathname);
  }, [location.pathname]);

  // After every navigation and language switch, e.g. "會議列表 - MeetFlow".
  useEffect(() => {
    const appName = t('app.name');
    const title = titleKey ? t(titleKey, { defaultValue: fallback }) : '';
    document.title = title ? `${title} - ${appName}` : appName;
  }, [titleKey, fallback, t, i18n.language]);

  // Visitor pages keep lib/toast's DOM toast: Ant Design's message is not theirs to load.
  const visitorPage = PUBLIC_ROUTES.some((route) => route.name === handle?.name);
  return (
    <>
      {!visitorPage && <ToastBridge />}
      <RouteGuard />
    </>
  );
}
