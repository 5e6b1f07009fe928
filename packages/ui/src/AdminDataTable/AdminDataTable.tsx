import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZES, type AdminListQuery, type AdminPage } from '@separ/domain';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import type { IconName } from '../icons';
import { VisuallyHidden } from '../Layout';
import { Skeleton } from '../Skeleton';
import { AdminInput, AdminSelect } from '../AdminField';
import { TableRows } from '../Table';
import { Grid, Pager, PagerGroup, Root, Scroll, SortButton, StateBox, Toolbar } from './AdminDataTable.styles';
import { nextSort, pageCount, pageOf, rowRange, type SortSpec } from './adminTable';

export interface AdminColumn<Row> {
  key: string;
  header: string;
  /** What the header cell shows instead of `header` (a select-all checkbox); `header` still labels the cells. */
  headerContent?: ReactNode;
  cell(row: Row, index: number): ReactNode;
  /** Sortable by the server under this name (`AdminListQuery.sort`), first click in `sort.firstDir`. */
  sort?: SortSpec;
}

export interface AdminDataTableProps<Row> {
  /** The table's accessible name (visually hidden: the screen's title says it). */
  caption: string;
  columns: AdminColumn<Row>[];
  rowKey(row: Row): string;
  status: 'loading' | 'error' | 'ready';
  /** The page the server answered; null before the first. */
  data: AdminPage<Row> | null;
  /** What is asked of the server: search, sort, page and page size (none for a whole list). */
  query?: AdminListQuery;
  /**
   * Every change of search, sort, page or page size, at once (debouncing the search is the
   * container's job). A new search, sort or page size goes back to the first page.
   */
  onQueryChange?(next: AdminListQuery): void;
  /** Shows a search box bound to `query.q` with this label. */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** The screen's filters, beside the search box. */
  filters?: ReactNode;
  /** Whether filters other than the search are applied: the empty state then offers to clear them. */
  onClearFilters?(): void;
  emptyTitle: string;
  emptyMessage?: string;
  emptyIcon?: IconName;
  /** The empty state's action when nothing is filtered (e.g. New plan). */
  emptyAction?: ReactNode;
  errorTitle?: string;
  errorMessage?: string;
  /** What assistive technology hears while the first rows load (a generic "Loading…" by default). */
  loadingLabel?: string;
  onRetry?(): void;
  /** The retry is under way: its button spins. */
  retrying?: boolean;
  /** A new page is on its way: the rows shown dim and the table is marked busy. */
  refreshing?: boolean;
  /** Off for short lists the server answers whole: no pager. */
  paginated?: boolean;
}

const SKELETON_ROWS = 6;

/** A whole list's query: nothing asked. */
const NO_QUERY: AdminListQuery = {};
const ignore = () => undefined;

/** ▲▼, the sorted direction dark: drawn here, the icon set has no sort arrows (up and down never mirror). */
function SortMark({ dir }: { dir: 'asc' | 'desc' | null }) {
  return (
    <svg width="10" height="14" viewBox="0 0 10 14" aria-hidden="true">
      <path d="M5 1l4 5H1z" fill="currentColor" opacity={dir === 'asc' ? 1 : 0.3} />
      <path d="M5 13l4-5H1z" fill="currentColor" opacity={dir === 'desc' ? 1 : 0.3} />
    </svg>
  );
}

/**
 * A list the server searches, sorts and pages (`AdminPage<Row>`): a search box and the screen's
 * filters, sortable headers (`aria-sort`), a pager with the page size (25, 50, 100), and the loading,
 * empty and error states. Below 768 px each row becomes a card of label–value lines.
 */
export function AdminDataTable<Row>({
  caption,
  columns,
  rowKey,
  status,
  data,
  query = NO_QUERY,
  onQueryChange = ignore,
  searchLabel,
  searchPlaceholder,
  filters,
  onClearFilters,
  emptyTitle,
  emptyMessage,
  emptyIcon = 'info',
  emptyAction,
  errorTitle,
  errorMessage,
  loadingLabel,
  onRetry,
  retrying,
  refreshing = false,
  paginated = true,
}: AdminDataTableProps<Row>) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { page, pageSize } = pageOf(query);
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;

  const head = (
    <thead>
      <tr>
        {columns.map((column) => {
          const dir = column.sort && query.sort === column.sort.sort ? (query.dir ?? 'asc') : null;
          return (
            <th
              key={column.key}
              scope="col"
              aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
            >
              {column.sort ? (
                <SortButton type="button" onClick={() => onQueryChange(nextSort(query, column.sort!))}>
                  {column.header}
                  <SortMark dir={dir} />
                </SortButton>
              ) : (
                (column.headerContent ?? column.header)
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <StateBox>
        <ErrorView
          title={errorTitle ?? t('table.errorTitle')}
          message={errorMessage}
          retryLabel={t('common.retry')}
          onRetry={onRetry}
          retrying={retrying}
        />
      </StateBox>
    );
  } else if (status === 'loading' && rows.length === 0) {
    body = (
      <Scroll>
        <VisuallyHidden role="status">{loadingLabel ?? t('table.loading')}</VisuallyHidden>
        <Grid $busy={false} aria-busy="true">
          <caption>{caption}</caption>
          {head}
          <tbody>
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <tr key={i}>
                {columns.map((column, c) => (
                  <td key={column.key} data-label={column.header}>
                    <Skeleton $width={`${60 + ((i * 7 + c * 13) % 35)}%`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Grid>
      </Scroll>
    );
  } else if (rows.length === 0) {
    const filtered = Boolean(query.q) || Boolean(onClearFilters);
    body = (
      <StateBox>
        <EmptyState
          icon={emptyIcon}
          title={emptyTitle}
          message={emptyMessage}
          action={
            filtered ? (
              <Button
                variant="secondary"
                size="sm"
                icon="x"
                onClick={() => {
                  if (onClearFilters) onClearFilters();
                  else onQueryChange({ ...query, q: '', page: 1 });
                }}
              >
                {t('table.clearFilters')}
              </Button>
            ) : (
              (emptyAction ?? null)
            )
          }
        />
      </StateBox>
    );
  } else {
    body = (
      <Scroll>
        <Grid $busy={refreshing || status === 'loading'} aria-busy={refreshing || status === 'loading' || undefined}>
          <caption>{caption}</caption>
          {head}
          <TableRows columns={columns} rows={rows} rowKey={rowKey} />
        </Grid>
      </Scroll>
    );
  }

  const pages = pageCount(total, pageSize);
  const { from, to } = rowRange(page, pageSize, total);
  const showPager = paginated && status !== 'error' && data !== null && total > 0;

  return (
    <Root>
      {searchLabel || filters ? (
        <Toolbar>
          {searchLabel ? (
            <AdminInput
              size="sm"
              grow
              type="search"
              label={searchLabel}
              placeholder={searchPlaceholder}
              value={query.q ?? ''}
              onChange={(q) => onQueryChange({ ...query, q, page: 1 })}
              autoComplete="off"
              spellCheck={false}
            />
          ) : null}
          {filters}
        </Toolbar>
      ) : null}
      {body}
      {showPager ? (
        <Pager aria-label={t('table.pagination')}>
          <PagerGroup>
            <AdminSelect
              size="sm"
              inline
              label={t('table.pageSize')}
              value={pageSize}
              options={ADMIN_PAGE_SIZES.map((size) => ({ value: size as number, label: format.number(size) }))}
              onChange={(size) => onQueryChange({ ...query, pageSize: size, page: 1 })}
            />
            <span>
              {t('table.range', { from: format.number(from), to: format.number(to), total: format.number(total) })}
            </span>
          </PagerGroup>
          <PagerGroup>
            <Button
              variant="secondary"
              size="sm"
              icon="arrowBack"
              disabled={page <= 1}
              onClick={() => onQueryChange({ ...query, page: page - 1 })}
            >
              {t('table.previous')}
            </Button>
            <span aria-live="polite">
              {t('table.pageOf', { page: format.number(page), pages: format.number(pages) })}
            </span>
            <Button
              variant="secondary"
              size="sm"
              iconEnd="arrowForward"
              disabled={page >= pages}
              onClick={() => onQueryChange({ ...query, page: page + 1 })}
            >
              {t('table.next')}
            </Button>
          </PagerGroup>
        </Pager>
      ) : null}
    </Root>
  );
}
