import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Table, type TableColumnsType } from 'antd';
import { renderInProviders, setUpComponentTests } from '../lib/component-test-setup.tsx';

interface Row {
  id: number;
  name: string;
  phone: string;
}

let toolbar: typeof import('./list-toolbar.tsx');

setUpComponentTests({ texts: true });
beforeAll(async () => {
  // The catalogue registers at import time; the language is set up first.
  toolbar = await import('./list-toolbar.tsx');
});

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
    renderInProviders(<List onRefresh={onRefresh} />);
    expect(screen.getByTestId('list-toolbar-total').textContent).toBe('共 42 項');
    fireEvent.click(screen.getByTestId('list-toolbar-refresh'));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('hides and shows columns from the column settings', async () => {
    renderInProviders(<List onRefresh={() => {}} />);
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
    renderInProviders(<List onRefresh={() => {}} />);
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
