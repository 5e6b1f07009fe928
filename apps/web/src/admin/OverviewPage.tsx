import { useAdminOverviewQuery } from '@separ/api';
import { AdminOverviewScreen } from '@separ/ui';
import { queryView } from './useListQuery.ts';

/** The console's first page (`GET /api/admin/overview`), in a chunk of its own with its charts. */
export default function OverviewPage() {
  const overview = useAdminOverviewQuery();
  return <AdminOverviewScreen {...queryView(overview)} {...(overview.data ? { overview: overview.data } : {})} />;
}
