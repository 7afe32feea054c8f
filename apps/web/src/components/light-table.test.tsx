import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import enUS from 'antd/es/locale/en_US';
import zhTW from 'antd/es/locale/zh_TW';
import type { Locale } from 'antd/es/locale';
import tableCss from './light-table.css?raw';
import { renderInProviders, setUpComponentTests } from '../lib/component-test-setup.tsx';
import { LightTable, pageItems, type LightColumn, type LightPagination } from './light-table.tsx';

interface Row {
  id: number;
  name: string;
  count: number;
}

setUpComponentTests();

const ROWS: Row[] = [
  { id: 1, name: 'Annual meeting', count: 12 },
  { id: 2, name: 'Symposium', count: 3 },
];

function draw(options: {
  sortOrder?: 'ascend' | 'descend' | null;
  rows?: Row[];
  pagination?: Partial<LightPagination>;
  locale?: Locale;
}) {
  const onSort = vi.fn();
  const onChange = vi.fn();
  const columns: LightColumn<Row>[] = [
    { key: 'name', title: 'Name', sorter: true, sortOrder: options.sortOrder ?? null, dataIndex: 'name' },
    { key: 'count', title: 'Count', align: 'right', render: (_, row) => `${row.count} guests` },
    { key: 'actions', title: 'Actions', fixed: 'right', width: 120, render: () => <button>Edit</button> },
  ];
  renderInProviders(
    <LightTable<Row>
      rowKey="id"
      size="medium"
      columns={columns}
      dataSource={options.rows ?? ROWS}
      onSort={onSort}
      pagination={{
        current: 1,
        pageSize: 10,
        total: 35,
        pageSizeOptions: [10, 20, 50],
        onChange,
        ...options.pagination,
      }}
      scrollX={800}
      data-testid="rows"
    />,
    { locale: options.locale ?? enUS },
  );
  return { onSort, onChange };
}

describe('LightTable', () => {
  it('draws a real table: header cells, one row a record, rendered and plain cells', () => {
    draw({});
    const table = within(screen.getByTestId('rows')).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Count', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Annual meeting',
      'Symposium',
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[1]!.textContent).toBe('12 guests');
    expect(within(rows[0]!).getAllByRole('cell')[2]!.style.position).toBe('sticky');
  });

  it('sorts from a header button: ascending, descending, then the list’s own order', () => {
    const unsorted = draw({});
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header).getByRole('button'));
    expect(unsorted.onSort).toHaveBeenCalledWith('name', 'ascend');
    cleanup();

    const ascending = draw({ sortOrder: 'ascend' });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(ascending.onSort).toHaveBeenCalledWith('name', 'descend');
    cleanup();

    const descending = draw({ sortOrder: 'descend' });
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(descending.onSort).toHaveBeenCalledWith('name', undefined);
    // Columns without a sorter have no button and no aria-sort.
    expect(screen.getByRole('columnheader', { name: 'Count' }).getAttribute('aria-sort')).toBeNull();
  });

  it('pages with buttons and changes the page size, in the locale’s words', () => {
    const { onChange } = draw({ pagination: { current: 1 } });
    const pager = screen.getByTestId('rows-pagination');
    expect(within(pager).getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('button', { name: 'Previous Page' })).toHaveProperty('disabled', true);
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    expect(onChange).toHaveBeenLastCalledWith(2, 10);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next Page' }));
    expect(onChange).toHaveBeenLastCalledWith(2, 10);
    expect(within(pager).queryByRole('button', { name: '5' })).toBeNull();
    const sizes = within(pager).getByRole('combobox', { name: 'Page Size' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10 / page', '20 / page', '50 / page']);
    fireEvent.change(sizes, { target: { value: '20' } });
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
    cleanup();

    draw({ locale: zhTW, pagination: { current: 4 } });
    const zhPager = screen.getByTestId('rows-pagination');
    expect(within(zhPager).getByRole('button', { name: '下一頁' })).toHaveProperty('disabled', true);
    expect(within(zhPager).getAllByRole('option')[0]!.textContent).toBe('10 條/頁');
  });

  it('shows the empty text in place of rows', () => {
    draw({ rows: [] });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getAllByRole('cell')[0]!.getAttribute('colspan')).toBe('3');
  });
});

/** What Tab reaches, in order: the enabled buttons, selects and links not taken out of the tab order. */
function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, select, a[href], input, [tabindex]')].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0,
  );
}

/**
 * A key press as a browser handles it on the focused element: keydown, and for a native button that
 * nobody stopped, the click Enter (on keydown) or Space (on keyup) makes. jsdom has no such default.
 */
function press(key: 'Enter' | ' ') {
  const el = document.activeElement as HTMLElement;
  const go = fireEvent.keyDown(el, { key });
  const up = fireEvent.keyUp(el, { key });
  if (el instanceof HTMLButtonElement && el.type === 'button' && (key === 'Enter' ? go : go && up))
    el.click();
}

describe('LightTable by keyboard', () => {
  it('reaches the sort header, the rows’ buttons and the pager by Tab, and works them with Enter and Space', () => {
    const { onSort, onChange } = draw({ pagination: { current: 2 } });
    const stops = tabStops(document.body);
    expect(stops.map((el) => el.getAttribute('aria-label') ?? el.textContent)).toEqual([
      'Name',
      'Edit',
      'Edit',
      'Previous Page',
      '1',
      '2',
      '3',
      '4',
      'Next Page',
      'Page Size',
    ]);
    for (const el of stops) {
      el.focus();
      expect(document.activeElement).toBe(el);
    }

    stops[0]!.focus();
    press('Enter');
    expect(onSort).toHaveBeenLastCalledWith('name', 'ascend');
    press(' ');
    expect(onSort).toHaveBeenCalledTimes(2);

    stops[3]!.focus();
    press(' ');
    expect(onChange).toHaveBeenLastCalledWith(1, 10);
    stops[6]!.focus();
    press('Enter');
    expect(onChange).toHaveBeenLastCalledWith(3, 10);
    stops[8]!.focus();
    press(' ');
    expect(onChange).toHaveBeenLastCalledWith(3, 10);
  });

  it('draws a visible focus ring on every control it reaches by keyboard', () => {
    const rules = [...tableCss.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)];
    const ringed = rules
      .filter(([, , body]) => /outline:\s*\d+px solid/.test(body!))
      .flatMap(([, selectors]) => selectors!.split(',').map((s) => s.trim()))
      .filter((s) => s.endsWith(':focus-visible'))
      .map((s) => s.replace(/:focus-visible$/, ''));
    for (const selector of ['.mf-table-sort', '.mf-table-pager button', '.mf-table-page-size'])
      expect(ringed).toContain(selector);
    expect(tableCss).not.toMatch(/outline:\s*(none|0)/);
  });
});

describe('pageItems', () => {
  it('lists the first, the last and two either side of the current page, with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
  });
});
