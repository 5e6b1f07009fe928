import { useAdminOverviewQuery } from '@separ/api';
import { AdminOverviewScreen } from '@separ/ui';
import { listStatus } from './useListQuery.ts';

/** The console's first page (`GET /api/admin/overview`), in a chunk of its own with its charts. */
export default function OverviewPage() {
  const overview = useAdminOverviewQuery();
  return (
    <AdminOverviewScreen
      status={listStatus(overview)}
      {...(overview.data ? { overview: overview.data } : {})}
      onRetry={() => void overview.refetch()}
      retrying={overview.isFetching}
    />
  );
}
