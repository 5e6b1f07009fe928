import type { ReactNode } from 'react';
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
      'caption' | 'query' | 'onQueryChange' | 'status' | 'data' | 'onRetry' | 'refreshing'
    >,
    AdminListProps<Row, Q> {
  /** The screen's title, and the table's accessible name. */
  title: string;
  /** Under the title once the server has answered, given the total of rows, as the language writes it. */
  subtitle?(total: string): ReactNode;
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
  title,
  subtitle,
  actions,
  children,
  query,
  onQueryChange,
  ...table
}: AdminListScreenProps<Row, Q>) {
  const format = useFormat();
  return (
    <Stack>
      <AdminPageHeader
        title={title}
        subtitle={subtitle && table.data ? subtitle(format.number(table.data.total)) : undefined}
        actions={actions}
      />
      {children}
      <AdminDataTable<Row>
        {...table}
        caption={title}
        query={query}
        // The table keeps the query's other fields (the screen's filters) when it changes search, sort or page.
        onQueryChange={(next) => onQueryChange(next as Q)}
      />
    </Stack>
  );
}
