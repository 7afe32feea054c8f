import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { i18n } from '../lib/i18n.ts';
import { emptyTextFor } from './load-error.tsx';

afterEach(cleanup);

// jsdom has no media queries; antd's Table asks for its responsive columns.
beforeAll(() => {
  window.matchMedia ??= (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
});

/** A table over a query whose first load fails (the server down) and whose second succeeds. */
function MeetingTable({ answers }: { answers: (() => Promise<{ id: number; name: string }[]>)[] }) {
  const query = useQuery({ queryKey: ['rows'], queryFn: () => answers.shift()!() });
  return (
    <Table
      rowKey="id"
      columns={[{ dataIndex: 'name', title: 'Name' }]}
      dataSource={query.data ?? []}
      locale={{ emptyText: emptyTextFor(query) }}
    />
  );
}

describe('a failed load', () => {
  it('shows the error with its reason instead of "no data", and a retry that loads the rows', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = [
      () => Promise.reject(new Error('Backend network failure')),
      () => Promise.resolve([{ id: 1, name: 'Annual congress' }]),
    ];
    render(
      <QueryClientProvider client={client}>
        <MeetingTable answers={answers} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Backend network failure');
    expect(screen.queryByText('No data')).toBeNull();
    expect(alert.textContent).toContain(i18n.t('error.loadFailed'));
    fireEvent.click(screen.getByTestId('load-error-retry'));
    expect(await screen.findByText('Annual congress')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves the empty text of a successful load alone', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <MeetingTable answers={[() => Promise.resolve([])]} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('No data').length).toBeGreaterThan(0));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
