import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { applyViewport } from '../lib/viewport.ts';
import { RouteGuard } from './guards/route-guard.tsx';
import { useRouteHandle } from './route-handle.ts';

/** The top of every page: guard, document title and viewport. */
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

  return <RouteGuard />;
}
