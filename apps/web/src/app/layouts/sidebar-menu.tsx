import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useRouteStore } from '../routes/route-store.ts';
import { findRoute, firstVisibleLeaf, menuRoutes } from '../routes/route-filter.ts';
import type { AppRoute } from '../routes/route-types.ts';
import { RouteIcon } from './icon-map.tsx';

type MenuItem = Required<MenuProps>['items'][number];

interface Props {
  selected: string | undefined;
  collapsed: boolean;
  /** Called after a navigation (the mobile drawer closes itself). */
  onNavigate?: () => void;
}

export function SidebarMenu({ selected, collapsed, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routes = useRouteStore((s) => s.routes);
  const openMenus = useRouteStore((s) => s.openMenus);
  const setOpenMenus = useRouteStore((s) => s.setOpenMenus);
  const menu = menuRoutes(routes);

  const go = (route: AppRoute | undefined) => {
    if (!route) return;
    void navigate(route.path);
    onNavigate?.();
  };

  const toItems = (list: readonly AppRoute[]): MenuItem[] =>
    list.map((route) => {
      const label = t(route.meta.i18nKey, { defaultValue: route.meta.title });
      const icon = <RouteIcon name={route.meta.icon} />;
      if (!route.children) return { key: route.name, icon, label };
      return {
        key: route.name,
        icon,
        label,
        children: toItems(route.children),
        // Opening a group leads to its first visible deepest child (spec §2), unless the user is already inside it.
        onTitleClick: ({ key }) => {
          const inside = route.children?.some((c) => c.name === selected || findRoute([c], selected ?? ''));
          if (!openMenus.includes(String(key)) && !inside) go(firstVisibleLeaf(route));
        },
      };
    });

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={toItems(menu)}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys: openMenus, onOpenChange: (keys: string[]) => setOpenMenus(keys) })}
      onClick={({ key }) => go(findRoute(menu, String(key)))}
    />
  );
}
