import { describe, expect, it } from 'vitest';
import {
  closeLeftTabs,
  closeOtherTabs,
  closeRightTabs,
  closeTab,
  setPinned,
  sortTabs,
  tabAfterClose,
  upsertTab,
  type TabItem,
} from './tab-ops.ts';

const tab = (name: string, extra: Partial<TabItem> = {}): TabItem => ({
  tabId: name,
  fullPath: `/${name}`,
  activeMenu: name,
  title: name,
  i18nKey: name,
  name,
  isPin: false,
  isPermanent: false,
  ...extra,
});

const ids = (tabs: readonly TabItem[]) => tabs.map((t) => t.tabId);
// meeting (permanent), p (pinned), a, b, c
const tabs = sortTabs([
  tab('a'),
  tab('meeting', { isPermanent: true }),
  tab('b'),
  tab('p', { isPin: true }),
  tab('c'),
]);

describe('tab operations', () => {
  it('orders permanent first, then pinned, then visit order', () => {
    expect(ids(tabs)).toEqual(['meeting', 'p', 'a', 'b', 'c']);
  });

  it('adds a visited route once and updates its path', () => {
    const next = upsertTab(tabs, tab('a', { fullPath: '/a?page=2' }));
    expect(ids(next)).toEqual(ids(tabs));
    expect(next.find((t) => t.tabId === 'a')?.fullPath).toBe('/a?page=2');
    expect(ids(upsertTab(tabs, tab('d')))).toEqual(['meeting', 'p', 'a', 'b', 'c', 'd']);
  });

  it('close refuses permanent and pinned tabs', () => {
    expect(ids(closeTab(tabs, 'b'))).toEqual(['meeting', 'p', 'a', 'c']);
    expect(ids(closeTab(tabs, 'meeting'))).toEqual(ids(tabs));
    expect(ids(closeTab(tabs, 'p'))).toEqual(ids(tabs));
  });

  it('close others / left / right keep permanent and pinned tabs', () => {
    expect(ids(closeOtherTabs(tabs, 'b'))).toEqual(['meeting', 'p', 'b']);
    expect(ids(closeLeftTabs(tabs, 'b'))).toEqual(['meeting', 'p', 'b', 'c']);
    expect(ids(closeRightTabs(tabs, 'a'))).toEqual(['meeting', 'p', 'a']);
    expect(ids(closeRightTabs(tabs, 'meeting'))).toEqual(['meeting', 'p']);
  });

  it('pinning moves a tab to the end of the pinned group, unpinning to the start of the others', () => {
    const pinned = setPinned(tabs, 'c', true);
    expect(ids(pinned)).toEqual(['meeting', 'p', 'c', 'a', 'b']);
    expect(pinned.find((t) => t.tabId === 'c')?.isPin).toBe(true);
    const unpinned = setPinned(pinned, 'p', false);
    expect(ids(unpinned)).toEqual(['meeting', 'c', 'p', 'a', 'b']);
    expect(ids(setPinned(tabs, 'meeting', true))).toEqual(ids(tabs));
  });

  it('after closing the active tab, shows its right neighbour, else its left one', () => {
    expect(tabAfterClose(tabs, closeTab(tabs, 'b'), 'b')?.tabId).toBe('c');
    expect(tabAfterClose(tabs, closeTab(tabs, 'c'), 'c')?.tabId).toBe('b');
  });
});
