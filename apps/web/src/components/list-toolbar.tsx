import { lazy, Suspense, useState, type Key, type ReactNode } from 'react';
import { Button, Dropdown, Flex, Popover, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { registerFeatureCatalogue, useTranslation } from '../lib/i18n.ts';

/*
 * The list toolbar back-office users know from Ant Design Pro (refresh, density, column settings,
 * total), made of antd primitives: Pro itself would not fit the admin shell's budget. Only lazily
 * loaded list pages import this file; the meeting list is the admin shell's first screen, so the
 * column checkboxes load when their popover first opens.
 */

const ColumnChecks = lazy(() => import('./list-toolbar-columns.tsx'));

/*
 * The list pages' state comes from here too, so that it rides in this module's chunk, which every
 * list page loads: on their own, the two helpers were two more requests for the admin shell's first
 * screen. Import them from this module, not from lib/.
 */
export { field, useDraft, useListState } from '../lib/use-list-state.ts';
export { asDay, asInstant, useLazyDayReader, usePickerRange, type PickerRange } from '../lib/picker-range.ts';

export const DENSITIES = ['large', 'medium', 'small'] as const;
export type Density = (typeof DENSITIES)[number];

/** What the user chose for one table: its density and the columns they hid. */
export interface TableView<T> {
  /** Every column the user can show or hide, in order. */
  allColumns: TableColumnsType<T>;
  /** The columns to render: all but the hidden ones. */
  columns: TableColumnsType<T>;
  size: Density;
  setSize: (size: Density) => void;
  hidden: ReadonlySet<string>;
  setHidden: (hidden: ReadonlySet<string>) => void;
}

const columnKey = (column: { key?: Key }) => String(column.key);

/** The table's view state; pass `columns` and `size` to the Table and the view to the toolbar. */
export function useTableView<T>(
  allColumns: TableColumnsType<T>,
  initialSize: Density = 'large',
): TableView<T> {
  const [size, setSize] = useState<Density>(initialSize);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const columns = allColumns.filter((column) => !hidden.has(columnKey(column)));
  return { allColumns, columns, size, setSize, hidden, setHidden };
}

interface ListToolbarProps<T> {
  view: TableView<T>;
  /** The number of matching rows over every page; nothing is shown until it is known. */
  total: number | undefined;
  /** Shown instead of the count when the page words it (a capped count: "10,000+"). */
  totalText?: string | undefined;
  onRefresh: () => void;
  refreshing?: boolean;
  /** Page actions (add, export…) shown before the settings. */
  children?: ReactNode;
}

export function ListToolbar<T>({
  view,
  total,
  totalText,
  onRefresh,
  refreshing,
  children,
}: ListToolbarProps<T>) {
  const { t } = useTranslation();
  const columnSettings = (
    <Suspense fallback={null}>
      <ColumnChecks columns={view.allColumns} hidden={view.hidden} setHidden={view.setHidden} />
    </Suspense>
  );
  return (
    <Flex wrap align="center" justify="space-between" gap={8} style={{ marginBottom: 12 }}>
      <span style={{ color: 'var(--ant-color-text-secondary)' }} data-testid="list-toolbar-total">
        {totalText ?? (total === undefined ? '' : t('listToolbar.total', { total }))}
      </span>
      <Flex wrap align="center" gap={4}>
        {children}
        <Tooltip title={t('listToolbar.refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined spin={refreshing} />}
            aria-label={t('listToolbar.refresh')}
            onClick={onRefresh}
            data-testid="list-toolbar-refresh"
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [view.size],
            items: DENSITIES.map((size) => ({ key: size, label: t(`listToolbar.densities.${size}`) })),
            onClick: ({ key }) => view.setSize(key as Density),
          }}
        >
          <Tooltip title={t('listToolbar.density')}>
            <Button
              type="text"
              icon={<ColumnHeightOutlined />}
              aria-label={t('listToolbar.density')}
              data-testid="list-toolbar-density"
            />
          </Tooltip>
        </Dropdown>
        <Popover
          trigger="click"
          placement="bottomRight"
          title={t('listToolbar.columns')}
          content={columnSettings}
        >
          <Tooltip title={t('listToolbar.columns')}>
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={t('listToolbar.columns')}
              data-testid="list-toolbar-column-settings"
            />
          </Tooltip>
        </Popover>
      </Flex>
    </Flex>
  );
}

registerFeatureCatalogue('listToolbar', {
  'zh-tw': {
    total: '共 {{total}} 項',
    refresh: '重新整理',
    density: '密度',
    densities: { large: '寬鬆', medium: '中等', small: '緊湊' },
    columns: '欄位設定',
  },
  'zh-cn': {
    total: '共 {{total}} 项',
    refresh: '刷新',
    density: '密度',
    densities: { large: '宽松', medium: '中等', small: '紧凑' },
    columns: '列设置',
  },
  en: {
    total: '{{total}} in total',
    refresh: 'Refresh',
    density: 'Density',
    densities: { large: 'Comfortable', medium: 'Medium', small: 'Compact' },
    columns: 'Columns',
  },
});
