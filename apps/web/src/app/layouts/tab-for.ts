import type { TabItem } from '../tabs/tab-ops.ts';
import type { AppRoute } from '../routes/route-types.ts';

export function tabFor(route: AppRoute, fullPath: string): TabItem {
  return {
    tabId: route.name,
    fullPath,
    activeMenu: route.meta.activeMenu ?? route.name,
    title: route.meta.title,
    i18nKey: route.meta.i18nKey,
    name: route.name,
    isPin: false,
    isPermanent: Boolean(route.meta.permanent),
  };
}
