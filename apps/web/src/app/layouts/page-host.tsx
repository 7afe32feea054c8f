import {
  Activity,
  Suspense,
  createElement,
  lazy,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { Spin } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { showPageToasts } from '../../lib/toast.ts';
import { LoadError } from '../../components/load-error.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { PageVisibilityContext } from '../../lib/page-visibility.ts';
import { IframePage } from '../pages/iframe-page.tsx';
import { useTabsStore } from '../tabs/tabs-store.ts';
import { adminRoutes } from '../routes/route-config.ts';
import { findRoute } from '../routes/route-filter.ts';
import type { AppRoute } from '../routes/route-types.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { pageLoaders } from './page-loaders.ts';

// One lazy component per route for the whole session: React.lazy must not be recreated on render.
// A failed download is forgotten, though: React.lazy keeps the rejection, and a retry must import again.
const pages = new Map<string, LazyExoticComponent<ComponentType>>();
function pageFor(route: AppRoute): ComponentType {
  const load = pageLoaders[route.name];
  if (!load) return NotFound;
  let page = pages.get(route.name);
  if (!page) {
    page = lazy(() =>
      load().catch((error: unknown) => {
        pages.delete(route.name);
        throw error;
      }),
    );
    pages.set(route.name, page);
  }
  return page;
}

/** Mounts with the page it follows, once that page's code is there: the toasts waiting for it show. */
function PageDrawn() {
  useEffect(showPageToasts, []);
  return null;
}

/** A page that crashed or whose code did not arrive (offline, a new deployment): try it again. */
function PageFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mf-page-failed">
      <LoadError title={t('error.title')} reason={undefined} retrying={false} onRetry={onRetry} />
    </div>
  );
}

/**
 * One page in its own scroll box. The box remembers its scroll offset because a hidden Activity is
 * display:none, which loses the offset; the layout effect re-runs when the page is shown again.
 */
function PageFrame({ route, reloadKey }: { route: AppRoute; reloadKey: number }) {
  const box = useRef<HTMLDivElement>(null);
  // A retry renders the page afresh: a new boundary, and a new lazy component after a failed import.
  const [attempt, setAttempt] = useState(0);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = scrollTop.current;
  }, []);
  const page = route.meta.iframeSrc ? (
    <IframePage src={route.meta.iframeSrc} titleKey={route.meta.i18nKey} />
  ) : (
    createElement(pageFor(route))
  );
  return (
    <div
      ref={box}
      className="mf-page"
      data-route={route.name}
      onScroll={(event) => {
        scrollTop.current = event.currentTarget.scrollTop;
      }}
    >
      <PageErrorBoundary
        key={`${reloadKey}:${attempt}`}
        fallback={<PageFailed onRetry={() => setAttempt((n) => n + 1)} />}
      >
        <Suspense
          fallback={
            <div className="mf-page-loading">
              <Spin />
            </div>
          }
        >
          {page}
          <PageDrawn />
        </Suspense>
      </PageErrorBoundary>
    </div>
  );
}

/**
 * Renders the current back-office page. Pages with `cache` meta stay mounted but hidden (React's
 * <Activity>) while their tab is open, so filters, pagination and scroll survive a tab switch;
 * closing the tab unmounts them, "reload" remounts them through the key.
 */
export function PageHost({ current }: { current: AppRoute }) {
  const tabs = useTabsStore((s) => s.tabs);
  const mounted = useTabsStore((s) => s.mounted);
  const reloadKeys = useTabsStore((s) => s.reloadKeys);
  const cachedIds = mounted.filter((id) => tabs.some((t) => t.tabId === id));
  if (current.meta.cache && !cachedIds.includes(current.name)) cachedIds.push(current.name);

  return (
    <>
      {cachedIds.map((id) => {
        const route = findRoute(adminRoutes, id);
        if (!route) return null;
        return (
          <Activity key={id} mode={id === current.name ? 'visible' : 'hidden'}>
            <PageVisibilityContext value={id === current.name}>
              <PageFrame route={route} reloadKey={reloadKeys[id] ?? 0} />
            </PageVisibilityContext>
          </Activity>
        );
      })}
      {!current.meta.cache && (
        <PageFrame key={`${current.name}:${reloadKeys[current.name] ?? 0}`} route={current} reloadKey={0} />
      )}
    </>
  );
}
