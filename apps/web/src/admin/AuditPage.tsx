import { useAdminAuditQuery } from '@separ/api';
import { AdminAuditScreen } from '@separ/ui';
import { useAdminList } from './useListQuery.ts';

/** The audit log (`GET /api/admin/audit`), newest first: search and page in the address. */
export function AuditPage() {
  return <AdminAuditScreen {...useAdminList(useAdminAuditQuery)} />;
}
