import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown } from 'antd';
import { CloseOutlined, DownOutlined, PushpinFilled } from '@ant-design/icons';
import { useTranslation } from '../../lib/i18n.ts';
import { useTabsStore } from '../../features/tabs/tabs-store.ts';
import { isClosable, type TabItem } from '../../features/tabs/tab-ops.ts';
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
      <div className="mf-tabbar-scroll" role="tablist">
        {tabs.map((tab) => {
          const selected = tab.tabId === activeId;
          return (
            <div
              key={tab.tabId}
              role="tab"
              tabIndex={selected ? 0 : -1}
              aria-selected={selected}
              className={`mf-tab${selected ? ' is-active' : ''}${tab.isPin ? ' is-pinned' : ''}`}
              data-testid={`tab-${tab.name}`}
              data-pinned={tab.isPin || undefined}
              data-permanent={tab.isPermanent || undefined}
              onClick={() => void navigate(tab.fullPath)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void navigate(tab.fullPath);
              }}
              onContextMenu={(event) => {
                event.preventDefault();
                setMenu({ tab, x: event.clientX, y: event.clientY });
              }}
            >
              {tab.isPin && <PushpinFilled className="mf-tab-pin" aria-label={t('tabs.pin')} />}
              <span className="mf-tab-title">{t(tab.i18nKey, { defaultValue: tab.title })}</span>
              {isClosable(tab) && (
                <button
                  type="button"
                  className="mf-tab-close"
                  aria-label={`${t('tabs.close')} ${t(tab.i18nKey, { defaultValue: tab.title })}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    act('close', tab);
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          );
        })}
      </div>
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
