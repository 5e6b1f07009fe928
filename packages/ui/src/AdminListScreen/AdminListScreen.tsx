import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminListQuery, AdminPage } from '@separ/domain';
import { AdminDataTable, type AdminDataTableProps } from '../AdminDataTable';
import { Stack } from '../AdminDataTable/AdminScreen.styles';
import { useFormat } from '../format';
import { AdminPageHeader } from '../AdminPageHeader';

/**
 * What a list screen takes from its container (the web app's `useAdminList`): the page the server
 * answered and its state, the query (search, sort, page and the screen's filters) and its changes.
 */
export interface AdminListProps<Row, Q extends AdminListQuery = AdminListQuery> {
  status: 'loading' | 'error' | 'ready';
  /** The page the server answered; null before the first. */
  data: AdminPage<Row> | null;
  query: Q;
  /** At each keystroke of the search too: the container debounces it before asking the server. */
  onQueryChange(next: Q): void;
  onRetry(): void;
  /** A new page is on its way while the last one shows. */
  refreshing?: boolean;
}

export interface AdminListScreenProps<Row, Q extends AdminListQuery = AdminListQuery>
  extends
    Omit<
      AdminDataTableProps<Row>,
      | 'caption'
      | 'query'
      | 'onQueryChange'
      | 'status'
      | 'data'
      | 'onRetry'
      | 'refreshing'
      | 'searchLabel'
      | 'searchPlaceholder'
      | 'emptyTitle'
      | 'errorTitle'
    >,
    AdminListProps<Row, Q> {
  /**
   * The key of the screen's texts under `admin.`: its title (the table's accessible name too), the
   * subtitle with the `{{total}}` of rows, the search box's `search` and `searchPlaceholder`, the
   * empty list's `emptyTitle` (`noMatchTitle` when searched or filtered) and the `loadError`.
   */
  texts: 'users' | 'orders' | 'outbox' | 'audit' | 'referrals';
  /** The screen's main actions, at the header's end. */
  actions?: ReactNode;
  /** Between the header and the table: a notice, an action's summary. */
  children?: ReactNode;
}

/**
 * A search-table-pager screen of the console (users, orders, outbox, audit): the page header
 * with the count of rows, what the screen shows above the list, and the data table.
 */
export function AdminListScreen<Row, Q extends AdminListQuery = AdminListQuery>({
  texts,
  actions,
  children,
  query,
  onQueryChange,
  ...table
}: AdminListScreenProps<Row, Q>) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const title = t(`${texts}.title`);
  const narrowed = Boolean(query.q) || table.onClearFilters !== undefined;
  return (
    <Stack>
      <AdminPageHeader
        title={title}
        subtitle={table.data ? t(`${texts}.subtitle`, { total: format.number(table.data.total) }) : undefined}
        actions={actions}
      />
      {children}
      <AdminDataTable<Row>
        {...table}
        caption={title}
        searchLabel={t(`${texts}.search`)}
        searchPlaceholder={t(`${texts}.searchPlaceholder`)}
        emptyTitle={t(narrowed ? `${texts}.noMatchTitle` : `${texts}.emptyTitle`)}
        errorTitle={t(`${texts}.loadError`)}
        query={query}
        // The table keeps the query's other fields (the screen's filters) when it changes search, sort or page.
        onQueryChange={(next) => onQueryChange(next as Q)}
      />
    </Stack>
  );
}
