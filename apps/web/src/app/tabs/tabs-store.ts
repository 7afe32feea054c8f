import { create } from 'zustand';
import { readJson, writeJson } from '../../lib/storage.ts';
import { onSessionCleared, useSessionStore } from '../../lib/session/session-store.ts';
import {
  closeLeftTabs,
  closeOtherTabs,
  closeRightTabs,
  closeTab,
  setPinned,
  sortTabs,
  upsertTab,
  type TabItem,
} from './tab-ops.ts';

/** Pinned tabs are kept per username so each user finds theirs at the next login (spec §2 Tabs). */
export function pinnedKey(account: string): string {
  return `pinnedTabs:${account}`;
}

interface TabsState {
  tabs: TabItem[];
  /** Tabs whose cached page has been shown at least once and is kept mounted. */
  mounted: string[];
  /** Bumped by "reload" to remount a page. */
  reloadKeys: Record<string, number>;
  visit(tab: TabItem, cache: boolean): void;
  close(tabId: string): void;
  closeOthers(tabId: string): void;
  closeLeft(tabId: string): void;
  closeRight(tabId: string): void;
  setPin(tabId: string, isPin: boolean): void;
  reload(tabId: string): void;
  restorePinned(isAllowed: (tab: TabItem) => boolean): void;
  reset(): void;
}

function savePinned(tabs: readonly TabItem[]) {
  const account = useSessionStore.getState().user?.account;
  if (account)
    writeJson(
      pinnedKey(account),
      tabs.filter((t) => t.isPin),
    );
}

function keepMounted(mounted: readonly string[], tabs: readonly TabItem[]): string[] {
  // Closing a tab drops its cached page.
  return mounted.filter((id) => tabs.some((t) => t.tabId === id));
}

export const useTabsStore = create<TabsState>()((set, get) => {
  const apply = (next: TabItem[]) => set((s) => ({ tabs: next, mounted: keepMounted(s.mounted, next) }));
  return {
    tabs: [],
    mounted: [],
    reloadKeys: {},
    visit(tab, cache) {
      set((s) => ({
        tabs: upsertTab(s.tabs, tab),
        mounted: cache && !s.mounted.includes(tab.tabId) ? [...s.mounted, tab.tabId] : s.mounted,
      }));
    },
    close: (tabId) => apply(closeTab(get().tabs, tabId)),
    closeOthers: (tabId) => apply(closeOtherTabs(get().tabs, tabId)),
    closeLeft: (tabId) => apply(closeLeftTabs(get().tabs, tabId)),
    closeRight: (tabId) => apply(closeRightTabs(get().tabs, tabId)),
    setPin(tabId, isPin) {
      const next = setPinned(get().tabs, tabId, isPin);
      set({ tabs: next });
      savePinned(next);
    },
    reload(tabId) {
      set((s) => ({ reloadKeys: { ...s.reloadKeys, [tabId]: (s.reloadKeys[tabId] ?? 0) + 1 } }));
    },
    restorePinned(isAllowed) {
      const account = useSessionStore.getState().user?.account;
      if (!account) return;
      const stored = readJson<TabItem[]>(pinnedKey(account), []);
      let tabs = get().tabs;
      for (const tab of Array.isArray(stored) ? stored : []) {
        if (!tab || typeof tab.tabId !== 'string' || !isAllowed(tab)) continue;
        const open = tabs.find((t) => t.tabId === tab.tabId);
        tabs = open
          ? tabs.map((t) => (t === open ? { ...t, isPin: true } : t))
          : [...tabs, { ...tab, isPin: true }];
      }
      set({ tabs: sortTabs(tabs) });
    },
    reset() {
      set({ tabs: [], mounted: [], reloadKeys: {} });
    },
  };
});

onSessionCleared(() => useTabsStore.getState().reset());
