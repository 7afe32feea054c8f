import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePageVisible } from './page-visibility.ts';

/*
 * The state of a server-paged list (page, size, sort, filters) kept in the URL's search params, so a
 * list can be linked, reloaded and gone back to. Only list pages import this (lazy chunks): the admin
 * shell does not carry it. Framework-free apart from React Router, and no dayjs: dates travel as text
 * ('YYYY-MM-DD') or epoch milliseconds, and the pages turn them into pickers' values.
 */

/** How one filter is read from and written to its search param. `parse` returns undefined for "unset". */
export interface FieldCodec<T> {
  parse: (raw: string) => T | undefined;
  format: (value: T) => string;
}

/** Two optional ends, as one param `from..to` (either side may be empty). */
export type Range<T> = [T | undefined, T | undefined];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) => DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

function rangeOf<T>(end: FieldCodec<T>): FieldCodec<Range<T>> {
  return {
    parse: (raw) => {
      const parts = raw.split('..');
      if (parts.length !== 2) return undefined;
      const [from, to] = parts.map((part) => (part ? end.parse(part) : undefined)) as Range<T>;
      return from === undefined && to === undefined ? undefined : [from, to];
    },
    format: ([from, to]) =>
      from === undefined && to === undefined
        ? ''
        : `${from === undefined ? '' : end.format(from)}..${to === undefined ? '' : end.format(to)}`,
  };
}

const positiveInteger: FieldCodec<number> = {
  parse: (raw) => (/^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined),
  format: String,
};

/** The filter kinds the list pages use. */
export const field = {
  /** Free text; blank is unset. */
  string: (): FieldCodec<string> => ({ parse: (raw) => raw || undefined, format: (value) => value }),
  /** A positive integer (an id, a count). */
  number: (): FieldCodec<number> => positiveInteger,
  /** One of a fixed set; anything else is unset. */
  enum: <T extends string>(values: readonly T[]): FieldCodec<T> => ({
    parse: (raw) => values.find((value) => value === raw),
    format: (value) => value,
  }),
  /** A flag: present as `1` when on. */
  flag: (): FieldCodec<boolean> => ({ parse: (raw) => (raw === '1' ? true : undefined), format: () => '1' }),
  /** Calendar days 'YYYY-MM-DD', as `from..to`. */
  dateRange: (): FieldCodec<Range<string>> =>
    rangeOf({ parse: (raw) => (isDay(raw) ? raw : undefined), format: (value) => value }),
  /** Instants in epoch milliseconds, as `from..to`. */
  timeRange: (): FieldCodec<Range<number>> => rangeOf(positiveInteger),
  /** Several values of one kind, comma-separated; the invalid ones are dropped. */
  list: <T>(of: FieldCodec<T>): FieldCodec<T[]> => ({
    parse: (raw) => {
      const values = raw
        .split(',')
        .map((part) => of.parse(part))
        .filter((value): value is T => value !== undefined);
      return values.length > 0 ? values : undefined;
    },
    format: (values) => values.map((value) => of.format(value)).join(','),
  }),
};

export type SortOrder = 'asc' | 'desc';
export interface Sort<S extends string> {
  by: S;
  order: SortOrder;
}

export interface ListStateOptions<F, S extends string> {
  /** One codec per filter (the filters' types are inferred from them); the name is its search param. */
  filters: { [K in keyof F]: FieldCodec<F[K]> };
  /** The page sizes offered; a size outside them in the URL falls back to `defaultSize`. */
  sizes: readonly number[];
  defaultSize: number;
  /** The sortable fields and the list's own order, if the list sorts. */
  sorts?: readonly S[];
  defaultSort?: Sort<S>;
}

/** The list's state as read from a URL: every value valid, defaults where the URL says nothing usable. */
export interface ListValues<F, S extends string> {
  page: number;
  size: number;
  sort: Sort<S> | undefined;
  filters: Partial<F>;
}

const RESERVED = ['page', 'size', 'sort', 'order'];

/** Reads the list's params from a search string; what is missing or invalid takes its default. */
export function parseListState<F, S extends string>(
  search: string,
  options: ListStateOptions<F, S>,
): ListValues<F, S> {
  const params = new URLSearchParams(search);
  const page = positiveInteger.parse(params.get('page') ?? '') ?? 1;
  const sizeParam = positiveInteger.parse(params.get('size') ?? '');
  const size = sizeParam !== undefined && options.sizes.includes(sizeParam) ? sizeParam : options.defaultSize;
  const by = options.sorts?.find((s) => s === params.get('sort'));
  const order = (['asc', 'desc'] as const).find((o) => o === params.get('order'));
  const sort = by !== undefined && order !== undefined ? { by, order } : options.defaultSort;
  const filters: Partial<F> = {};
  for (const key of Object.keys(options.filters) as (keyof F & string)[]) {
    const raw = params.get(key);
    const value = raw === null ? undefined : options.filters[key].parse(raw);
    if (value !== undefined) filters[key] = value as F[typeof key];
  }
  return { page, size, sort, filters };
}

/**
 * Writes the list's state into a search string, leaving out every default (a clean list has a clean
 * URL) and keeping params the list does not own.
 */
export function formatListState<F, S extends string>(
  values: ListValues<F, S>,
  options: ListStateOptions<F, S>,
  base = '',
): string {
  const params = new URLSearchParams(base);
  for (const key of [...RESERVED, ...Object.keys(options.filters)]) params.delete(key);
  if (values.page > 1) params.set('page', String(values.page));
  if (values.size !== options.defaultSize) params.set('size', String(values.size));
  const { sort } = values;
  const sortIsDefault =
    sort === undefined || (sort.by === options.defaultSort?.by && sort.order === options.defaultSort.order);
  if (sort && !sortIsDefault) {
    params.set('sort', sort.by);
    params.set('order', sort.order);
  }
  for (const key of Object.keys(options.filters) as (keyof F & string)[]) {
    const value = values.filters[key];
    if (value === undefined || value === null) continue;
    const text = options.filters[key].format(value as F[typeof key]);
    if (text !== '') params.set(key, text);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface ListState<F, S extends string> extends ListValues<F, S> {
  /** Another page, or another size (which goes back to page 1): what a pagination's onChange gives. */
  setPage: (page: number, size?: number) => void;
  /** Changes some filters (undefined clears one) and goes back to page 1. */
  setFilters: (patch: Partial<F>) => void;
  /** Another order (undefined: the list's own); the page stays, as the tables always did. */
  setSort: (sort: Sort<S> | undefined) => void;
  /** Several changes at once, e.g. a table's onChange (page and sort) or a scan that picks a scope. */
  update: (next: (current: ListValues<F, S>) => ListValues<F, S>) => void;
  /** Clears every filter and goes back to page 1; size and order stay. */
  resetFilters: () => void;
  /** antd's `sortOrder` for a column. */
  sortOrder: (by: S) => 'ascend' | 'descend' | null;
}

/**
 * The state of one list page, in the URL (replaced, not pushed: typing in a filter leaves no trail
 * in the history). A cached page hidden behind another tab keeps what it last showed rather than
 * reading the other page's URL; coming back through a bare link (the menu) restores its own.
 */
export function useListState<F, S extends string = never>(options: ListStateOptions<F, S>): ListState<F, S> {
  const location = useLocation();
  const navigate = useNavigate();
  const visible = usePageVisible();
  // The options are constant per page; the first ones are kept so callers may pass a literal.
  const [opts] = useState(options);
  // The search this list shows: the URL's while visible, the last one while hidden.
  const [shown, setShown] = useState(location.search);
  // The same, as of the latest write: several updates in one event build on one another.
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  }, [shown]);

  // Follows the URL's changes while visible (not its lag behind a write of ours). The menu links to
  // the bare route: a page kept alive then shows its own state again rather than its defaults.
  const [seen, setSeen] = useState(location.search);
  const [restores, setRestores] = useState(0);
  if (visible && location.search !== seen) {
    setSeen(location.search);
    if (location.search === '' && shown !== '') setRestores((n) => n + 1);
    else setShown(location.search);
  }
  const { pathname } = location;
  // Counted, as a hidden Activity's effects run again when it is shown: only a new restore navigates.
  const restored = useRef(0);
  useEffect(() => {
    if (restores === restored.current) return;
    restored.current = restores;
    void navigate({ pathname, search: latest.current }, { replace: true });
  }, [restores, navigate, pathname]);

  const values = parseListState(shown, opts);

  const update = (next: (current: ListValues<F, S>) => ListValues<F, S>) => {
    const written = formatListState(next(parseListState(latest.current, opts)), opts, latest.current);
    latest.current = written;
    setShown(written);
    void navigate({ pathname, search: written }, { replace: true });
  };

  return {
    ...values,
    update,
    setPage: (page, size) =>
      update((current) =>
        size !== undefined && size !== current.size ? { ...current, size, page: 1 } : { ...current, page },
      ),
    setFilters: (patch) =>
      update((current) => ({ ...current, page: 1, filters: { ...current.filters, ...patch } })),
    setSort: (sort) => update((current) => ({ ...current, sort: sort ?? opts.defaultSort })),
    resetFilters: () => update((current) => ({ ...current, page: 1, filters: {} })),
    sortOrder: (by) => (values.sort?.by === by ? (values.sort.order === 'asc' ? 'ascend' : 'descend') : null),
  };
}

/**
 * The text in a search box before it is applied: follows the applied value when that changes from
 * elsewhere (reset, back, a restored link), is the user's own in between.
 */
export function useDraft(applied: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(applied);
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    setDraft(applied);
  }
  return [draft, setDraft];
}
