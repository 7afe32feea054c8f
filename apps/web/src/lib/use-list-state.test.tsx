import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import { PageVisibilityContext } from './page-visibility.ts';
import {
  field,
  formatListState,
  parseListState,
  useListState,
  type ListStateOptions,
} from './use-list-state.ts';

interface Filters {
  keyword: string;
  organization: number;
  status: 'open' | 'closed';
  range: [string | undefined, string | undefined];
  from: [number | undefined, number | undefined];
  tags: number[];
  unread: boolean;
}

const options: ListStateOptions<Filters, 'name' | 'start_at'> = {
  filters: {
    keyword: field.string(),
    organization: field.number(),
    status: field.enum(['open', 'closed'] as const),
    range: field.dateRange(),
    from: field.timeRange(),
    tags: field.list(field.number()),
    unread: field.flag(),
  },
  sizes: [10, 20, 50],
  defaultSize: 10,
  sorts: ['name', 'start_at'],
  defaultSort: { by: 'start_at', order: 'desc' },
};

describe('parseListState / formatListState', () => {
  it('gives the defaults for a clean URL, and a clean URL for the defaults', () => {
    const values = parseListState('', options);
    expect(values).toEqual({ page: 1, size: 10, sort: { by: 'start_at', order: 'desc' }, filters: {} });
    expect(formatListState(values, options)).toBe('');
  });

  it('reads every kind of filter and writes it back the same', () => {
    const search =
      '?page=3&size=50&sort=name&order=asc&keyword=a+b&organization=7&status=closed' +
      '&range=2031-05-10..&from=..1700000000000&tags=1,2&unread=1';
    const values = parseListState(search, options);
    expect(values).toEqual({
      page: 3,
      size: 50,
      sort: { by: 'name', order: 'asc' },
      filters: {
        keyword: 'a b',
        organization: 7,
        status: 'closed',
        range: ['2031-05-10', undefined],
        from: [undefined, 1700000000000],
        tags: [1, 2],
        unread: true,
      },
    });
    expect(parseListState(formatListState(values, options), options)).toEqual(values);
  });

  it('falls back to the defaults for hand-typed nonsense, never throwing', () => {
    const values = parseListState(
      '?page=-2&size=33&sort=drop&order=up&organization=x&status=maybe&range=2031-13-45..nope&from=abc' +
        '&tags=a,b&unread=yes&keyword=',
      options,
    );
    expect(values).toEqual({ page: 1, size: 10, sort: { by: 'start_at', order: 'desc' }, filters: {} });
    expect(parseListState('?page=1e3&size=%E0%A4%A', options).page).toBe(1);
  });

  it('keeps the params the list does not own', () => {
    expect(formatListState({ ...parseListState('', options), page: 2 }, options, '?other=x&page=5')).toBe(
      '?other=x&page=2',
    );
  });
});

function harness(initial: string, visible = { current: true }) {
  let probe: { search: string; type: string; go: (to: string) => void } | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/list${initial}`]}>
      <Probe onRender={(p) => (probe = p)} />
      <Visible visible={visible}>{children}</Visible>
    </MemoryRouter>
  );
  const hook = renderHook(() => useListState(options), { wrapper });
  return { hook, probe: () => probe! };
}

function Probe({
  onRender,
}: {
  onRender: (p: { search: string; type: string; go: (to: string) => void }) => void;
}) {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  onRender({ search: location.search, type, go: (to) => void navigate(to) });
  return null;
}

function Visible({ visible, children }: { visible: { current: boolean }; children: ReactNode }) {
  // Re-renders on every navigation, as the page host does.
  useLocation();
  return <PageVisibilityContext value={visible.current}>{children}</PageVisibilityContext>;
}

afterEach(cleanup);

describe('useListState', () => {
  it('restores the list from the URL', () => {
    const { hook } = harness('?page=2&size=20&keyword=abc');
    expect(hook.result.current.page).toBe(2);
    expect(hook.result.current.size).toBe(20);
    expect(hook.result.current.filters.keyword).toBe('abc');
  });

  it('writes changes into the URL by replacing, and goes back to page 1 on a filter or a size', () => {
    const { hook, probe } = harness('?page=4');
    act(() => hook.result.current.setFilters({ status: 'open' }));
    expect(probe().search).toBe('?status=open');
    expect(probe().type).toBe('REPLACE');
    expect(hook.result.current.filters.status).toBe('open');
    act(() => hook.result.current.setPage(3));
    expect(probe().search).toBe('?page=3&status=open');
    act(() => hook.result.current.setPage(3, 50));
    expect(probe().search).toBe('?size=50&status=open');
    act(() => hook.result.current.setSort({ by: 'name', order: 'asc' }));
    expect(hook.result.current.sortOrder('name')).toBe('ascend');
    expect(hook.result.current.sortOrder('start_at')).toBeNull();
    act(() => hook.result.current.resetFilters());
    expect(probe().search).toBe('?size=50&sort=name&order=asc');
    act(() => hook.result.current.setSort(undefined));
    act(() => hook.result.current.setPage(1, 10));
    expect(probe().search).toBe('');
  });

  it('builds on earlier updates made in the same event', () => {
    const { hook, probe } = harness('');
    act(() => {
      hook.result.current.setFilters({ keyword: 'x' });
      hook.result.current.setPage(2);
    });
    expect(probe().search).toBe('?page=2&keyword=x');
  });

  it('ignores another page’s URL while hidden, and restores its own after a bare link', () => {
    const visible = { current: true };
    const { hook, probe } = harness('?page=2&keyword=abc', visible);
    visible.current = false;
    act(() => probe().go('/other?page=9&keyword=zzz'));
    expect(hook.result.current.page).toBe(2);
    expect(hook.result.current.filters.keyword).toBe('abc');
    visible.current = true;
    act(() => probe().go('/list'));
    expect(hook.result.current.page).toBe(2);
    expect(probe().search).toBe('?page=2&keyword=abc');
  });
});
