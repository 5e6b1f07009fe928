import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES, type AdminListQuery, type AdminPage } from '@separ/domain';

/** How long a search waits for the next keystroke before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListQuery<F extends string> = AdminListQuery & Partial<Record<F, string>>;

/** A list's query as the address says it (`?q=ali&page=2&sort=username&dir=asc&state=paid`). */
export function readListQuery<F extends string>(params: URLSearchParams, filters: readonly F[] = []): ListQuery<F> {
  const query: Record<string, string | number> = {};
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  const pageSize = Number(params.get('pageSize'));
  if ((ADMIN_PAGE_SIZES as readonly number[]).includes(pageSize)) query.pageSize = pageSize;
  const sort = params.get('sort');
  if (sort) query.sort = sort;
  const dir = params.get('dir');
  if (dir === 'asc' || dir === 'desc') query.dir = dir;
  const q = params.get('q');
  if (q) query.q = q;
  for (const key of filters) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query as ListQuery<F>;
}

/** The address's query string for a list's query: what differs from the defaults, nothing empty. */
export function writeListQuery(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    if (key === 'pageSize' && Number(value) === ADMIN_DEFAULT_PAGE_SIZE) continue;
    params.set(key, String(value));
  }
  return params;
}

/**
 * A list's search, sort, page and filters in the address, so that the back button walks back through
 * them and a link shows the same page. `query` is what the screen shows (the search box as typed);
 * `serverQuery` what is asked of the server, the search a moment after the last keystroke. A change
 * of the search alone replaces the history entry; the others add one.
 */
export function useListQuery<F extends string = never>(filters: readonly F[] = []) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const key = params.toString();
  useEffect(() => {
    lastSearch.set(pathname, key ? `?${key}` : '');
  }, [pathname, key]);
  // The filters' names are fixed for a screen: the first render's list is kept.
  const [fixedFilters] = useState(filters);
  const query = useMemo(() => readListQuery(new URLSearchParams(key), fixedFilters), [key, fixedFilters]);
  const setQuery = useCallback(
    (next: ListQuery<F>) => {
      const nextParams = writeListQuery(next);
      if (nextParams.toString() === key) return;
      const { q: _nextQ, ...nextRest } = Object.fromEntries(nextParams);
      const { q: _q, ...rest } = Object.fromEntries(new URLSearchParams(key));
      const searchOnly = JSON.stringify(nextRest) === JSON.stringify(rest);
      setParams(nextParams, { replace: searchOnly });
    },
    [key, setParams],
  );
  const [q, setQ] = useState(query.q);
  useEffect(() => {
    if (query.q === q) return undefined;
    const timer = setTimeout(() => setQ(query.q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query.q, q]);
  const serverQuery = useMemo(() => {
    const { q: _typed, ...rest } = query;
    return (q ? { ...rest, q } : rest) as ListQuery<F>;
  }, [query, q]);
  return { query, setQuery, serverQuery };
}

const lastSearch = new Map<string, string>();

/** A list's address with the search, sort and page it last showed: where a row's page links back to. */
export function listAddress(pathname: string): string {
  return `${pathname}${lastSearch.get(pathname) ?? ''}`;
}

/** A list's state for the admin screens: loading until the first page, an error, or ready. */
export function listStatus(result: { isError: boolean; data?: unknown }): 'loading' | 'error' | 'ready' {
  if (result.isError) return 'error';
  return result.data === undefined ? 'loading' : 'ready';
}

/** What a screen shows of one query: its status, and a retry with whether it is under way. */
export function queryView(query: { isError: boolean; data?: unknown; isFetching: boolean; refetch(): unknown }) {
  return { status: listStatus(query), onRetry: () => void query.refetch(), retrying: query.isFetching };
}

/** What a page of one item shows of its query: the status of the item asked for now, and a retry. */
export function itemView(query: { isError: boolean; currentData?: unknown; refetch(): unknown }) {
  return {
    status: listStatus({ isError: query.isError, data: query.currentData }),
    onRetry: () => void query.refetch(),
  };
}

/** What a list's RTK Query hook answers that a list screen needs. */
interface ListResult<Row> {
  data?: AdminPage<Row>;
  isError: boolean;
  isFetching: boolean;
  refetch(): unknown;
}

/**
 * The props of an AdminListScreen (users, orders, outbox, audit) from its list's query hook: the
 * query in the address, the server asked a moment after the last keystroke, the page it answered,
 * its state, a retry and the refresh of a new page under the shown one. `Q` is the screen's query
 * type (its filters among `filters`).
 */
export function useAdminList<Row, Q extends AdminListQuery = AdminListQuery, F extends string = never>(
  useList: (query: Q) => ListResult<Row>,
  filters: readonly F[] = [],
) {
  const { query, setQuery, serverQuery } = useListQuery(filters);
  const result = useList(serverQuery as Q);
  return {
    status: listStatus(result),
    data: result.data ?? null,
    query: query as Q,
    onQueryChange: setQuery as (next: Q) => void,
    onRetry: () => void result.refetch(),
    refreshing: result.isFetching && result.data !== undefined,
  };
}
