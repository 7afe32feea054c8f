import { useContext, type CSSProperties, type Key, type ReactNode } from 'react';
import { ConfigProvider, Empty, Spin } from 'antd';
import type { TableColumnType } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { Density } from './list-toolbar.tsx';
import './light-table.css';

/*
 * A table for the back office's first screen (the meeting list): a real <table> with sortable headers
 * as buttons, server-side pages and a page-size select. Ant Design's Table imports its filter tree,
 * selection, virtual list and the pagination's select whether a table uses them or not (some 70 KB
 * compressed); the pages opened later keep it. The texts are Ant Design's own, from the locale of the
 * ConfigProvider, so the three languages stay the same as on the other tables.
 */

export type SortOrder = 'ascend' | 'descend';

/** The column props it honours: a subset of Ant Design's, so the columns stay the same objects. */
export type LightColumn<T> = Pick<
  TableColumnType<T>,
  'key' | 'title' | 'sorter' | 'sortOrder' | 'width' | 'minWidth' | 'align' | 'fixed' | 'dataIndex' | 'render'
>;

export interface LightPagination {
  current: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  onChange: (page: number, pageSize: number) => void;
}

interface LightTableProps<T> {
  rowKey: keyof T & string;
  columns: readonly LightColumn<T>[];
  dataSource: readonly T[];
  size: Density;
  loading?: boolean;
  /** Shown in place of rows when there are none (Ant Design's empty picture if not given). */
  emptyText?: ReactNode;
  /** A header's sort button was pressed: the order it asks for (none after descending). */
  onSort: (key: string, order: SortOrder | undefined) => void;
  pagination: LightPagination;
  /** The table's least width; it scrolls sideways in its box below it. */
  scrollX: number;
  className?: string;
  'data-testid'?: string;
}

const NEXT_ORDER: Record<SortOrder | 'none', SortOrder | undefined> = {
  none: 'ascend',
  ascend: 'descend',
  descend: undefined,
};

/** A cell's content: the column's render, or the row's value at dataIndex. */
function cellOf<T>(column: LightColumn<T>, row: T, index: number): ReactNode {
  const value =
    typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/** The page numbers to show: the first, the last and two either side of the current, with gaps. */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  const items: (number | 'gap')[] = [];
  const from = Math.max(2, current - 2);
  const to = Math.min(pages - 1, current + 2);
  items.push(1);
  if (from > 2) items.push('gap');
  for (let page = from; page <= to; page += 1) items.push(page);
  if (to < pages - 1) items.push('gap');
  if (pages > 1) items.push(pages);
  return items;
}

const ARIA_SORT = { none: 'none', ascend: 'ascending', descend: 'descending' } as const;

/** A sortable header's button: its title, the caret, and a hint of the order a press asks for. */
function SortButton(props: {
  order: SortOrder | undefined;
  texts: Locale['Table'];
  onSort: (order: SortOrder | undefined) => void;
  children: ReactNode;
}) {
  const next = NEXT_ORDER[props.order ?? 'none'];
  const hint =
    next === 'ascend'
      ? props.texts?.triggerAsc
      : next === 'descend'
        ? props.texts?.triggerDesc
        : props.texts?.cancelSort;
  return (
    <button type="button" className="mf-table-sort" title={hint} onClick={() => props.onSort(next)}>
      {props.children}
      <SortCaret order={props.order} />
    </button>
  );
}

function SortCaret({ order }: { order: SortOrder | undefined }) {
  return (
    <span className="mf-table-sorter" aria-hidden="true">
      <svg viewBox="0 0 10 6" className={order === 'ascend' ? 'mf-table-sorter-on' : undefined}>
        <path d="M5 0 10 6H0z" />
      </svg>
      <svg viewBox="0 0 10 6" className={order === 'descend' ? 'mf-table-sorter-on' : undefined}>
        <path d="M5 6 0 0h10z" />
      </svg>
    </span>
  );
}

/** The previous or next page button: an arrow named by the locale's words. */
function PageStep(props: {
  label: string | undefined;
  disabled: boolean;
  onClick: () => void;
  path: string;
}) {
  return (
    <button
      type="button"
      className="mf-table-page-step"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <svg viewBox="0 0 6 10" aria-hidden="true">
        <path d={props.path} />
      </svg>
    </button>
  );
}

function Pager({ pagination, testId }: { pagination: LightPagination; testId: string | undefined }) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const texts = locale?.Pagination;
  const { current, pageSize, total, pageSizeOptions, onChange } = pagination;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (page: number) => onChange(Math.min(Math.max(1, page), pages), pageSize);
  return (
    <nav className="mf-table-pager" data-testid={testId && `${testId}-pagination`}>
      <ul>
        <li>
          <PageStep
            label={texts?.prev_page}
            disabled={current <= 1}
            onClick={() => go(current - 1)}
            path="M5 1 1 5l4 4"
          />
        </li>
        {pageItems(current, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="mf-table-page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="mf-table-page"
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <PageStep
            label={texts?.next_page}
            disabled={current >= pages}
            onClick={() => go(current + 1)}
            path="M1 1l4 4-4 4"
          />
        </li>
      </ul>
      <select
        className="mf-table-page-size"
        aria-label={texts?.page_size}
        value={pageSize}
        onChange={(event) => onChange(1, Number(event.target.value))}
      >
        {pageSizeOptions.map((size) => (
          <option key={size} value={size}>
            {`${size} ${texts?.items_per_page ?? ''}`.trim()}
          </option>
        ))}
      </select>
    </nav>
  );
}

export function LightTable<T>(props: LightTableProps<T>) {
  const { columns, dataSource, rowKey, size, onSort, className } = props;
  const testId = props['data-testid'];
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const sortTexts = locale?.Table;
  const stickyStyle = (column: LightColumn<T>): CSSProperties | undefined =>
    column.fixed === 'right' || column.fixed === 'end' ? { position: 'sticky', right: 0 } : undefined;
  const align = (column: LightColumn<T>) => (column.align ? { textAlign: column.align } : undefined);

  return (
    <Spin spinning={!!props.loading}>
      <div
        className={['mf-table', `mf-table-${size}`, className].filter(Boolean).join(' ')}
        data-testid={testId}
      >
        <table style={{ minWidth: props.scrollX }} aria-busy={props.loading || undefined}>
          <colgroup>
            {columns.map((column) => (
              <col key={String(column.key)} style={column.width ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={String(column.key)}
                  scope="col"
                  className={column.fixed ? 'mf-table-fixed' : undefined}
                  style={{ ...stickyStyle(column), ...align(column) }}
                  aria-sort={column.sorter ? ARIA_SORT[column.sortOrder ?? 'none'] : undefined}
                >
                  {column.sorter ? (
                    <SortButton
                      order={column.sortOrder ?? undefined}
                      texts={sortTexts}
                      onSort={(order) => onSort(String(column.key), order)}
                    >
                      {column.title as ReactNode}
                    </SortButton>
                  ) : (
                    (column.title as ReactNode)
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dataSource.length === 0 ? (
              <tr className="mf-table-empty">
                <td colSpan={columns.length}>
                  {/* The box's width, pinned to its start: in view on a phone however wide the table. */}
                  <div className="mf-table-empty-content">
                    {props.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                  </div>
                </td>
              </tr>
            ) : (
              dataSource.map((row, index) => (
                <tr key={row[rowKey] as Key} className="mf-table-row" data-row-key={String(row[rowKey])}>
                  {columns.map((column) => (
                    <td
                      key={String(column.key)}
                      className={column.fixed ? 'mf-table-fixed' : undefined}
                      style={{ ...stickyStyle(column), ...align(column) }}
                    >
                      {cellOf(column, row, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager pagination={props.pagination} testId={testId} />
    </Spin>
  );
}
