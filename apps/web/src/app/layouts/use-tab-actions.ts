import { useNavigate } from 'react-router';
import { useTabsStore } from '../tabs/tabs-store.ts';
import { tabAfterClose, type TabItem } from '../tabs/tab-ops.ts';
import { HOME_PATH } from '../../lib/session/redirect.ts';

export type TabAction = 'reload' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'pin' | 'unpin';

/** Tab actions plus the navigation they imply when the active tab disappears. */
export function useTabActions(activeId: string | undefined) {
  const navigate = useNavigate();

  return (action: TabAction, tab: TabItem) => {
    const store = useTabsStore.getState();
    const before = store.tabs;
    switch (action) {
      case 'reload':
        store.reload(tab.tabId);
        if (tab.tabId !== activeId) void navigate(tab.fullPath);
        return;
      case 'pin':
      case 'unpin':
        store.setPin(tab.tabId, action === 'pin');
        return;
      case 'close':
        store.close(tab.tabId);
        break;
      case 'closeOthers':
        store.closeOthers(tab.tabId);
        break;
      case 'closeLeft':
        store.closeLeft(tab.tabId);
        break;
      case 'closeRight':
        store.closeRight(tab.tabId);
        break;
    }
    const after = useTabsStore.getState().tabs;
    if (activeId && !after.some((t) => t.tabId === activeId)) {
      // The active tab was closed: show its neighbour; for "close others/left/right" the clicked tab.
      const next =
        action === 'close'
          ? tabAfterClose(before, after, activeId)
          : after.find((t) => t.tabId === tab.tabId);
      void navigate(next?.fullPath ?? HOME_PATH);
    }
  };
}
