import { ADMIN_DEFAULT_PAGE_SIZE, type AdminListQuery, type AdminPage } from '@separ/domain';

/** What a sortable column tells the table: the server's name for it and how a first click sorts it. */
export interface SortSpec {
  /** The server's `sort` value for this column. */
  sort: string;
  /** The direction of a first click: `asc` (names) or `desc` (dates, sizes: newest or largest first). */
  firstDir?: 'asc' | 'desc';
}

/** The page and page size of a query, with the API's defaults. */
export function pageOf(query: AdminListQuery): { page: number; pageSize: number } {
  const page = query.page && query.page > 0 ? Math.floor(query.page) : 1;
  const pageSize = query.pageSize && query.pageSize > 0 ? Math.floor(query.pageSize) : ADMIN_DEFAULT_PAGE_SIZE;
  return { page, pageSize };
}

/**
 * The query after a click on a sortable header: another column sorts by its first direction, the
 * sorted column turns the other way; either way back to the first page.
 */
export function nextSort(query: AdminListQuery, column: SortSpec): AdminListQuery {
  const dir: 'asc' | 'desc' =
    query.sort === column.sort ? (query.dir === 'desc' ? 'asc' : 'desc') : (column.firstDir ?? 'asc');
  return { ...query, sort: column.sort, dir, page: 1 };
}

/** How many pages `total` rows make (one at least, so that "page 1 of 1" reads right when empty). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** The 1-based numbers of the first and last rows shown (0 and 0 when there is none). */
export function rowRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/** A list the server answers whole, as the one page the table shows (no pager: `paginated={false}`). */
export function wholePage<Row>(items: readonly Row[]): AdminPage<Row> {
  return { items: [...items], total: items.length, page: 1, pageSize: Math.max(1, items.length) };
}
