import { useAdminOutboxQuery, useAdminResendOutboxMutation } from '@separ/api';
import type { AdminOutboxRow } from '@separ/domain';
import { AdminOutboxScreen, type AdminOutboxQuery } from '@separ/ui';
import { adminAction } from './errors.ts';
import { useAdminList } from './useListQuery.ts';

const OUTBOX_FILTERS = ['state'] as const;

/** The outbox (`GET /api/admin/outbox`): waiting or sent, search and page in the address; a message sent again. */
export function OutboxPage() {
  const list = useAdminList<AdminOutboxRow, AdminOutboxQuery, (typeof OUTBOX_FILTERS)[number]>(
    useAdminOutboxQuery,
    OUTBOX_FILTERS,
  );
  const [resend] = useAdminResendOutboxMutation();
  return <AdminOutboxScreen {...list} onResend={(id) => adminAction(resend(id).unwrap())} />;
}
