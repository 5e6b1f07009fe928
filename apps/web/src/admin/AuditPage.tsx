import { useAdminAuditQuery } from '@separ/api';
import { AdminAuditScreen } from '@separ/ui';
import { listStatus, useListQuery } from './useListQuery.ts';

/** The audit log (`GET /api/admin/audit`), newest first: search and page in the address. */
export function AuditPage() {
  const { query, setQuery, serverQuery } = useListQuery();
  const audit = useAdminAuditQuery(serverQuery);
  return (
    <AdminAuditScreen
      status={listStatus(audit)}
      data={audit.data ?? null}
      query={query}
      onQueryChange={setQuery}
      onRetry={() => void audit.refetch()}
      refreshing={audit.isFetching && audit.data !== undefined}
    />
  );
}
