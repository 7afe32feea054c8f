import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Table, type TableColumnsType } from 'antd';
import { initI18n } from '../lib/i18n.ts';

interface Row {
  id: number;
  name: string;
  phone: string;
}

let toolbar: typeof import('./list-toolbar.tsx');

beforeAll(async () => {
  // jsdom has no media queries nor resize observers; antd's Table and Popover ask for them.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  await initI18n();
  // The catalogue registers at import time; the language is set up first.
  toolbar = await import('./list-toolbar.tsx');
});
afterEach(cleanup);

const COLUMNS: TableColumnsType<Row> = [
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'phone', title: 'Phone', dataIndex: 'phone' },
];

function List({ onRefresh }: { onRefresh: () => void }) {
  const view = toolbar.useTableView(COLUMNS);
  return (
    <>
      <toolbar.ListToolbar view={view} total={42} onRefresh={onRefresh} />
      <Table<Row>
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={[{ id: 1, name: 'Alice', phone: '+853 6612 3456' }]}
        pagination={false}
      />
    </>
  );
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

// The first render loads antd's table and popover code.
describe('ListToolbar', { timeout: 20_000 }, () => {
  it('shows the total and refreshes on demand', () => {
    const onRefresh = vi.fn();
    render(<List onRefresh={onRefresh} />);
    expect(screen.getByTestId('list-toolbar-total').textContent).toBe('共 42 項');
    fireEvent.click(screen.getByTestId('list-toolbar-refresh'));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('hides and shows columns from the column settings', async () => {
    render(<List onRefresh={() => {}} />);
    expect(headers()).toEqual(['Name', 'Phone']);
    await act(async () => fireEvent.click(screen.getByTestId('list-toolbar-column-settings')));
    const settings = await screen.findByTestId('list-toolbar-columns');
    const phone = within(settings).getByRole('checkbox', { name: 'Phone' });
    await act(async () => fireEvent.click(phone));
    expect(headers()).toEqual(['Name']);
    expect(screen.queryByText('+853 6612 3456')).toBeNull();
    await act(async () => fireEvent.click(phone));
    expect(headers()).toEqual(['Name', 'Phone']);
  });

  it('switches the table density', async () => {
    render(<List onRefresh={() => {}} />);
    const table = () => document.querySelector('.ant-table')!;
    expect(table().className).not.toMatch(/ant-table-(small|medium)/);
    for (const [label, className] of [
      ['緊湊', 'ant-table-small'],
      ['中等', 'ant-table-medium'],
    ] as const) {
      await act(async () => fireEvent.click(screen.getByTestId('list-toolbar-density')));
      await act(async () => fireEvent.click(await screen.findByText(label)));
      expect(table().className).toContain(className);
    }
  });
});
