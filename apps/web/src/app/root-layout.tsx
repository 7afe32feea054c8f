import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { isLoggedIn } from '../lib/session/session-store.ts';
import { dismissDomToasts } from '../lib/toast.ts';
import { applyViewport } from '../lib/viewport.ts';
import { BootFallback } from './boot-fallback.tsx';
import { RouteGuard } from './guards/route-guard.tsx';
import { loadAdminLayout } from './layouts/load-admin-layout.ts';
import { ToastBridge } from './providers/toast-bridge.tsx';
import { PUBLIC_ROUTES, useRouteHandle } from './route-handle.ts';

/** The top of every page: guard, document title, viewport and the toasts of the login and back-office layouts. */
export function RootLayout() {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  const titleKey = handle?.meta.i18nKey;
  const fallback = handle?.meta.title;

  // While the back office's route table loads, a user's layout downloads beside it, not after it.
  useEffect(() => {
    if (handle === null && isLoggedIn()) void loadAdminLayout();
  }, [handle]);

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

  // A visitor's toast speaks of the page it was raised on, in the language of the moment: it goes
  // with a navigation (not over the schedule PDF) and with a language switch.
  useEffect(() => {
    if (visitorPage) dismissDomToasts();
  }, [visitorPage, location.pathname]);
  const shownLanguage = useRef(i18n.language);
  useEffect(() => {
    if (shownLanguage.current === i18n.language) return;
    shownLanguage.current = i18n.language;
    if (visitorPage) dismissDomToasts({ all: true });
  }, [visitorPage, i18n.language]);
  return (
    <>
      {!visitorPage && <ToastBridge />}
      {/* The back office's route table is a chunk of its own (route-handle.ts): its first path waits. */}
      {handle === null ? <BootFallback /> : <RouteGuard />}
    </>
  );
}
