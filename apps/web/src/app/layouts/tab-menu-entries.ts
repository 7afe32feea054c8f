import { isClosable, type TabItem } from '../tabs/tab-ops.ts';
import type { TabAction } from './use-tab-actions.ts';

export interface TabMenuEntry {
  action: TabAction;
  disabled: boolean;
}

/** The actions offered for a tab, disabled where they would change nothing. */
export function tabMenuEntries(tab: TabItem, tabs: readonly TabItem[]): TabMenuEntry[] {
  const index = tabs.findIndex((t) => t.tabId === tab.tabId);
  const closableOthers = tabs.some((t) => t.tabId !== tab.tabId && isClosable(t));
  const closableLeft = tabs.some((t, i) => i < index && isClosable(t));
  const closableRight = tabs.some((t, i) => i > index && isClosable(t));
  const entries: TabMenuEntry[] = [
    { action: 'reload', disabled: false },
    { action: 'close', disabled: !isClosable(tab) },
    { action: 'closeOthers', disabled: !closableOthers },
    { action: 'closeLeft', disabled: !closableLeft },
    { action: 'closeRight', disabled: !closableRight },
  ];
  if (!tab.isPermanent) entries.push({ action: tab.isPin ? 'unpin' : 'pin', disabled: false });
  return entries;
}
