import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown } from 'antd';
import { CloseOutlined, DownOutlined, PushpinFilled } from '@ant-design/icons';
import { useTranslation } from '../../lib/i18n.ts';
import { useTabsStore } from '../tabs/tabs-store.ts';
import { isClosable, type TabItem } from '../tabs/tab-ops.ts';
import { TabContextMenu } from './tab-context-menu.tsx';
import { tabMenuEntries } from './tab-menu-entries.ts';
import { useTabActions, type TabAction } from './use-tab-actions.ts';

interface MenuState {
  tab: TabItem;
  x: number;
  y: number;
}

export function TabBar({ activeId }: { activeId: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabsStore((s) => s.tabs);
  const act = useTabActions(activeId);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const active = tabs.find((tab) => tab.tabId === activeId);

  return (
    <div className="mf-tabbar" data-testid="tab-bar">
      {/*
        A tab is a link between pages rather than an ARIA tab (there is no tab panel), and its close
        button sits beside the button that opens it, not inside it: nested controls are unreachable
        for screen readers. Both are native buttons, so Tab, Enter and Space work without extra code.
      */}
      <nav className="mf-tabbar-scroll" aria-label={t('tabs.bar')}>
        {tabs.map((tab) => {
          const selected = tab.tabId === activeId;
          const title = t(tab.i18nKey, { defaultValue: tab.title });
          return (
            <div
              key={tab.tabId}
              className={`mf-tab${selected ? ' is-active' : ''}${tab.isPin ? ' is-pinned' : ''}`}
              data-testid={`tab-${tab.name}`}
              data-pinned={tab.isPin || undefined}
              data-permanent={tab.isPermanent || undefined}
            >
              <button
                type="button"
                className="mf-tab-open"
                aria-current={selected ? 'page' : undefined}
                onClick={() => void navigate(tab.fullPath)}
                onContextMenu={(event) => {
                  event.preventDefault();
                  setMenu({ tab, x: event.clientX, y: event.clientY });
                }}
              >
                {tab.isPin && <PushpinFilled className="mf-tab-pin" aria-label={t('tabs.pin')} />}
                <span className="mf-tab-title">{title}</span>
              </button>
              {isClosable(tab) && (
                <button
                  type="button"
                  className="mf-tab-close"
                  aria-label={`${t('tabs.close')} ${title}`}
                  onClick={() => act('close', tab)}
                >
                  <CloseOutlined aria-hidden />
                </button>
              )}
            </div>
          );
        })}
      </nav>
      {active && (
        // The same actions for touch screens, where there is no right click.
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: tabMenuEntries(active, tabs).map((entry) => ({
              key: entry.action,
              disabled: entry.disabled,
              label: <span data-testid={`tab-action-${entry.action}`}>{t(`tabs.${entry.action}`)}</span>,
            })),
            onClick: ({ key }) => act(key as TabAction, active),
          }}
        >
          <Button
            type="text"
            size="small"
            className="mf-tabbar-more"
            icon={<DownOutlined />}
            aria-label={t('tabs.actions')}
            data-testid="tab-actions"
          />
        </Dropdown>
      )}
      {menu && (
        <TabContextMenu tab={menu.tab} tabs={tabs} x={menu.x} y={menu.y} onAction={act} onClose={closeMenu} />
      )}
    </div>
  );
}
