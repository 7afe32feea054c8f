import { useEffect, useRef } from 'react';
import { CONTEXT_MENU_LISTENER_DELAY_MS } from '@meetflow/shared/constants';
import { useTranslation } from '../../lib/i18n.ts';
import type { TabItem } from '../tabs/tab-ops.ts';
import { tabMenuEntries } from './tab-menu-entries.ts';
import type { TabAction } from './use-tab-actions.ts';

interface Props {
  tab: TabItem;
  tabs: readonly TabItem[];
  x: number;
  y: number;
  onAction(action: TabAction, tab: TabItem): void;
  onClose(): void;
}

/**
 * Right-click menu of a tab. It closes on an outside click, any scroll and Escape; the pointer and
 * scroll listeners start after a short delay so the very event that opened the menu does not close
 * it. Escape cannot have opened it, so it works at once.
 */
export function TabContextMenu({ tab, tabs, x, y, onAction, onClose }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const onPointer = (event: Event) => {
      if (ref.current && event.target instanceof Node && ref.current.contains(event.target)) return;
      onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey, true);
    const timer = setTimeout(() => {
      document.addEventListener('mousedown', onPointer, true);
      document.addEventListener('contextmenu', onPointer, true);
      document.addEventListener('scroll', onClose, true);
    }, CONTEXT_MENU_LISTENER_DELAY_MS);
    ref.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    return () => {
      clearTimeout(timer);
      document.removeEventListener('mousedown', onPointer, true);
      document.removeEventListener('contextmenu', onPointer, true);
      document.removeEventListener('scroll', onClose, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [onClose]);

  // Stay inside the viewport on narrow screens.
  const left = Math.max(4, Math.min(x, window.innerWidth - 200));
  const top = Math.max(4, Math.min(y, window.innerHeight - 280));

  return (
    <ul ref={ref} className="mf-tab-menu" role="menu" data-testid="tab-context-menu" style={{ left, top }}>
      {tabMenuEntries(tab, tabs).map((entry) => (
        <li key={entry.action} role="none">
          <button
            type="button"
            role="menuitem"
            disabled={entry.disabled}
            data-action={entry.action}
            onClick={() => {
              onAction(entry.action, tab);
              onClose();
            }}
          >
            {t(`tabs.${entry.action}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}
