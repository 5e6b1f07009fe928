import { useAdminReferralsQuery } from '@separ/api';
import { AdminReferralsScreen } from '@separ/ui';
import { orderTo, userTo } from './UsersPage.tsx';
import { listStatus, useListQuery } from './useListQuery.ts';

/**
 * The referrals (`GET /api/admin/referrals`, issue 31 §4): who referred whom and what was paid,
 * newest first, with the percent, the totals and the top inviters; search and page in the address
 * (as `useAdminList`, keeping the whole answer: the page and its summary).
 */
export function ReferralsPage() {
  const { query, setQuery, serverQuery } = useListQuery();
  const result = useAdminReferralsQuery(serverQuery);
  return (
    <AdminReferralsScreen
      status={listStatus(result)}
      data={result.data ?? null}
      query={query}
      onQueryChange={setQuery}
      onRetry={() => void result.refetch()}
      refreshing={result.isFetching && result.data !== undefined}
      settingsTo="/admin/settings"
      userTo={userTo}
      orderTo={orderTo}
    />
  );
}
