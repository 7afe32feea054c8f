import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Layout, Watermark } from 'antd';
import { WATERMARK_DEFAULTS } from '@meetflow/shared/constants';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { useSettingsStore } from '../settings/settings-store.ts';
import { useTabsStore } from '../tabs/tabs-store.ts';
import { ShellProviders } from '../providers/shell-providers.tsx';
import { useStepButtonLabels } from '../providers/use-step-button-labels.ts';
import { useRouteHandle } from '../route-handle.ts';
import { adminRoutes, notFoundRoute } from '../routes/route-config.ts';
import { ancestorsOf, findRoute, flattenRoutes } from '../routes/route-filter.ts';
import { useRouteStore } from '../routes/route-store.ts';
import { PageHost } from './page-host.tsx';
import { SidebarMenu } from './sidebar-menu.tsx';
import { TabBar } from './tab-bar.tsx';
import { TopBar } from './top-bar.tsx';
import { tabFor } from './tab-for.ts';
import { useIdleCheck } from './use-idle-check.ts';
import { useLayoutMode } from './use-layout-mode.ts';
import './admin-layout.css';

const allRoutes = [...adminRoutes, notFoundRoute];
// The drawers (the settings' colour picker and friends, the phone menu) load on first open, not with the shell.
const SettingsDrawer = lazy(() =>
  import('./settings-drawer.tsx').then((m) => ({ default: m.SettingsDrawer })),
);
const MobileMenuDrawer = lazy(() =>
  import('./mobile-menu-drawer.tsx').then((m) => ({ default: m.MobileMenuDrawer })),
);

/** The back-office shell, a lazy chunk of its own: public pages never load it. */
export default function AdminLayout() {
  return (
    <ShellProviders>
      <AdminShell />
    </ShellProviders>
  );
}

function Logo({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="mf-logo">
      <img src="./favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span>MeetFlow</span>}
    </div>
  );
}

function AdminShell() {
  const location = useLocation();
  const handle = useRouteHandle();
  const current = handle ? findRoute(allRoutes, handle.name) : undefined;
  const user = useSessionStore((s) => s.user);
  const { collapsed, showTabs, watermark, dark, mobileAdaptation } = useSettingsStore();
  const mode = useLayoutMode(mobileAdaptation);
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [mobileMenuLoaded, setMobileMenuLoaded] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const fullPath = location.pathname + location.search;

  useIdleCheck();
  useStepButtonLabels();

  // Permanent tabs are there from the start; pinned tabs of this user come back (spec §2 Tabs).
  useEffect(() => {
    const { allowedNames } = useRouteStore.getState();
    const tabs = useTabsStore.getState();
    for (const route of flattenRoutes(adminRoutes)) {
      if (route.meta.permanent && allowedNames.has(route.name)) tabs.visit(tabFor(route, route.path), false);
    }
    tabs.restorePinned((tab) => allowedNames.has(tab.name));
  }, []);

  // A tab per visited route.
  useEffect(() => {
    if (!current || current.children || current.meta.noTab) return;
    useTabsStore.getState().visit(tabFor(current, fullPath), Boolean(current.meta.cache));
  }, [current, fullPath]);

  // Keep the current route's groups open in the sidebar.
  const currentName = current?.name;
  useEffect(() => {
    if (!currentName) return;
    const { openMenus, setOpenMenus } = useRouteStore.getState();
    const missing = ancestorsOf(adminRoutes, currentName)
      .map((r) => r.name)
      .filter((name) => !openMenus.includes(name));
    if (missing.length > 0) setOpenMenus([...openMenus, ...missing]);
  }, [currentName]);

  const selected = current?.meta.activeMenu ?? current?.name;
  const trail = current ? [...ancestorsOf(adminRoutes, current.name), current] : [];

  const shell = (
    <Layout className="mf-admin" data-mode={mode}>
      {mode === 'pc' && (
        <Layout.Sider
          className="mf-sider"
          theme="light"
          collapsible
          collapsed={collapsed}
          trigger={null}
          // Holds the longest English label ("Entry and exit records") without an ellipsis.
          width={240}
          collapsedWidth={64}
          data-testid="sidebar"
          data-collapsed={collapsed}
        >
          <Logo collapsed={collapsed} />
          <SidebarMenu selected={selected} collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout className="mf-main">
        <TopBar
          mode={mode}
          trail={trail}
          onOpenMobileMenu={() => {
            setMobileMenuLoaded(true);
            setMobileMenuOpen(true);
          }}
          onOpenSettings={() => {
            setSettingsLoaded(true);
            setSettingsOpen(true);
          }}
        />
        {showTabs && <TabBar activeId={current?.meta.noTab ? undefined : current?.name} />}
        <Layout.Content className="mf-content">
          {current && !current.children && <PageHost current={current} />}
        </Layout.Content>
      </Layout>
      {mode === 'mobile' && mobileMenuLoaded && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={mobileMenuOpen} onClose={() => setMobileMenuOpen(false)}>
            <div data-testid="sidebar" className="mf-mobile-sider">
              <Logo collapsed={false} />
              <SidebarMenu
                selected={selected}
                collapsed={false}
                onNavigate={() => setMobileMenuOpen(false)}
              />
            </div>
          </MobileMenuDrawer>
        </Suspense>
      )}
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );

  if (!watermark || !user) return shell;
  const { fontSize, opacity, rotate, width, height, gap, zIndex } = WATERMARK_DEFAULTS;
  // The spec's 100 px cell clips longer names: widen it to fit (CJK glyphs ≈ 1 em, others ≈ 0.6 em).
  const content = user.name || user.account;
  const textEms = [...content].reduce((sum, ch) => sum + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.6), 0);
  const cellWidth = Math.max(width, Math.ceil(textEms * fontSize));
  return (
    <Watermark
      className="mf-watermark"
      content={content}
      font={{ fontSize, color: dark ? `rgba(255,255,255,${opacity})` : `rgba(0,0,0,${opacity})` }}
      rotate={rotate}
      width={cellWidth}
      height={height}
      gap={[gap, gap]}
      zIndex={zIndex}
    >
      {shell}
    </Watermark>
  );
}
