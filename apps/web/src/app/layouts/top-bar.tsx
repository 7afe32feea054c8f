import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, Badge, Breadcrumb, Button, Dropdown, Popover, Tooltip } from 'antd';
import {
  BellOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  InfoCircleFilled,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { MAX_BADGE } from '@meetflow/shared/constants';
import { useTranslation } from '../../lib/i18n.ts';
import { LangSwitch } from '../../components/lang-switch.tsx';
import { logout } from '../../lib/session/auth-api.ts';
import { LOGIN_PATH } from '../../lib/session/redirect.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { useUnreadCount } from '../../features/personal/notifications-api.ts';
import { useSettingsStore } from '../settings/settings-store.ts';
import type { AppRoute } from '../routes/route-types.ts';
import type { LayoutMode } from './use-layout-mode.ts';

// Its list, strings and date formatting load on the first click, not with the shell.
const NotificationDropdown = lazy(
  () => import('../../features/personal/components/notification-dropdown.tsx'),
);

// The About box, its strings and its health request load when it is opened.
const AboutDialog = lazy(() => import('./about-dialog.tsx'));

interface Props {
  mode: LayoutMode;
  trail: readonly AppRoute[];
  onOpenMobileMenu(): void;
  onOpenSettings(): void;
}

export function TopBar({ mode, trail, onOpenMobileMenu, onOpenSettings }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const collapsed = useSettingsStore((s) => s.collapsed);
  const update = useSettingsStore((s) => s.update);
  const [bellOpen, setBellOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  const unread = useUnreadCount(user !== null).data?.unread ?? 0;

  const toggleFullscreen = async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
    setFullscreen(Boolean(document.fullscreenElement));
  };

  const onLogout = async () => {
    await logout();
    await navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <header className="mf-topbar">
      {mode === 'mobile' ? (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('layout.openMenu')}
          data-testid="mobile-menu-button"
          onClick={onOpenMobileMenu}
        />
      ) : (
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t('layout.toggleSidebar')}
          aria-pressed={collapsed}
          data-testid="sidebar-toggle"
          onClick={() => update({ collapsed: !collapsed })}
        />
      )}
      <Breadcrumb
        className="mf-breadcrumb"
        items={trail.map((route) => ({ title: t(route.meta.i18nKey, { defaultValue: route.meta.title }) }))}
      />
      <div className="mf-topbar-actions">
        {mode === 'pc' && (
          <Tooltip title={t(fullscreen ? 'layout.exitFullscreen' : 'layout.fullscreen')}>
            <Button
              type="text"
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              aria-label={t(fullscreen ? 'layout.exitFullscreen' : 'layout.fullscreen')}
              onClick={() => void toggleFullscreen().catch(() => undefined)}
            />
          </Tooltip>
        )}
        <LangSwitch />
        <Popover
          trigger="click"
          placement="bottomRight"
          open={bellOpen}
          onOpenChange={setBellOpen}
          // Rendered only while open: the chunk loads on the first click, the list is fresh on each.
          destroyOnHidden
          content={
            <Suspense fallback={null}>
              <NotificationDropdown
                onViewAll={() => {
                  setBellOpen(false);
                  void navigate('/personal/notification');
                }}
              />
            </Suspense>
          }
        >
          <Badge count={unread} overflowCount={MAX_BADGE} size="small" data-testid="notification-badge">
            <Button
              type="text"
              icon={<BellOutlined />}
              aria-label={t('layout.notifications')}
              aria-haspopup="dialog"
              aria-expanded={bellOpen}
              data-testid="notification-button"
            />
          </Badge>
        </Popover>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('layout.settings')}
          data-testid="settings-button"
          onClick={onOpenSettings}
        />
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: [
              {
                key: 'setting',
                icon: <UserOutlined />,
                label: <span data-testid="user-setting">{t('route.setting')}</span>,
              },
              {
                key: 'editpassword',
                icon: <LockOutlined />,
                label: <span data-testid="change-password">{t('layout.changePassword')}</span>,
              },
              {
                key: 'about',
                icon: <InfoCircleFilled />,
                label: <span data-testid="about-open">{t('layout.about')}</span>,
              },
              { type: 'divider' },
              {
                key: 'logout',
                icon: <LogoutOutlined />,
                label: <span data-testid="logout">{t('layout.logout')}</span>,
              },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') void onLogout();
              else if (key === 'about') setAboutOpen(true);
              else void navigate(`/personal/${key}`);
            },
          }}
        >
          {/* Named by the user's name it shows (WCAG 2.5.3), not by a label of its own. */}
          <Button type="text" className="mf-user-button" data-testid="user-menu">
            <Avatar size="small" icon={<UserOutlined aria-hidden />} />
            <span className="mf-user-name">{user?.name ?? user?.account}</span>
          </Button>
        </Dropdown>
        {aboutOpen && (
          <Suspense fallback={null}>
            <AboutDialog onClose={() => setAboutOpen(false)} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
