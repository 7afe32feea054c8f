/** A tab of the tab bar (spec §3 "Tab item"). */
export interface TabItem {
  /** The route name: one tab per route, its fullPath follows the latest visit. */
  tabId: string;
  fullPath: string;
  activeMenu: string;
  title: string;
  i18nKey: string;
  name: string;
  isPin: boolean;
  isPermanent: boolean;
}

/*
 * Rules (documented in apps/web/README.md):
 * - Order: permanent tabs, then pinned tabs, then the rest in visiting order.
 * - Permanent and pinned tabs survive every close action; unpin a tab to close it.
 * - Pinning moves a tab to the end of the pinned group; unpinning to the start of the others.
 */

function rank(tab: TabItem): number {
  return tab.isPermanent ? 0 : tab.isPin ? 1 : 2;
}

/** Stable: keeps the relative order inside each group. */
export function sortTabs(tabs: readonly TabItem[]): TabItem[] {
  return tabs
    .map((tab, index) => ({ tab, index }))
    .sort((a, b) => rank(a.tab) - rank(b.tab) || a.index - b.index)
    .map(({ tab }) => tab);
}

export function isClosable(tab: TabItem): boolean {
  return !tab.isPermanent && !tab.isPin;
}

/** Adds a tab for a visited route, or refreshes the existing one (its path may carry a new query). */
export function upsertTab(tabs: readonly TabItem[], tab: TabItem): TabItem[] {
  const existing = tabs.find((t) => t.tabId === tab.tabId);
  if (!existing) return sortTabs([...tabs, tab]);
  return tabs.map((t) =>
    t.tabId === tab.tabId
      ? { ...tab, isPin: existing.isPin, isPermanent: existing.isPermanent || tab.isPermanent }
      : t,
  );
}

export function closeTab(tabs: readonly TabItem[], tabId: string): TabItem[] {
  return tabs.filter((t) => t.tabId !== tabId || !isClosable(t));
}

export function closeOtherTabs(tabs: readonly TabItem[], tabId: string): TabItem[] {
  return tabs.filter((t) => t.tabId === tabId || !isClosable(t));
}

export function closeLeftTabs(tabs: readonly TabItem[], tabId: string): TabItem[] {
  const index = tabs.findIndex((t) => t.tabId === tabId);
  if (index < 0) return [...tabs];
  return tabs.filter((t, i) => i >= index || !isClosable(t));
}

export function closeRightTabs(tabs: readonly TabItem[], tabId: string): TabItem[] {
  const index = tabs.findIndex((t) => t.tabId === tabId);
  if (index < 0) return [...tabs];
  return tabs.filter((t, i) => i <= index || !isClosable(t));
}

export function setPinned(tabs: readonly TabItem[], tabId: string, isPin: boolean): TabItem[] {
  const index = tabs.findIndex((t) => t.tabId === tabId);
  const target = tabs[index];
  if (!target || target.isPermanent || target.isPin === isPin) return [...tabs];
  const rest = tabs.filter((t) => t.tabId !== tabId);
  const updated = { ...target, isPin };
  // The boundary between the fixed tabs and the others: a newly pinned tab becomes the last fixed
  // one, a newly unpinned tab the first of the others.
  const insertAt = rest.filter((t) => t.isPermanent || t.isPin).length;
  return [...rest.slice(0, insertAt), updated, ...rest.slice(insertAt)];
}

/**
 * Which tab to show after the active one closed: its right neighbour if still open, else the
 * nearest open tab to its left, else the first tab.
 */
export function tabAfterClose(
  before: readonly TabItem[],
  after: readonly TabItem[],
  closedId: string,
): TabItem | undefined {
  const index = before.findIndex((t) => t.tabId === closedId);
  const remaining = new Set(after.map((t) => t.tabId));
  for (let i = index + 1; i < before.length; i++) {
    const candidate = before[i];
    if (candidate && remaining.has(candidate.tabId)) return after.find((t) => t.tabId === candidate.tabId);
  }
  for (let i = index - 1; i >= 0; i--) {
    const candidate = before[i];
    if (candidate && remaining.has(candidate.tabId)) return after.find((t) => t.tabId === candidate.tabId);
  }
  return after[0];
}
