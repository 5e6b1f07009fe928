import { useAdminOutboxQuery, useAdminResendOutboxMutation } from '@separ/api';
import { AdminOutboxScreen, type AdminOutboxQuery } from '@separ/ui';
import { adminAction } from './errors.ts';
import { listStatus, useListQuery } from './useListQuery.ts';

const OUTBOX_FILTERS = ['state'] as const;

/** The outbox (`GET /api/admin/outbox`): waiting or sent, search and page in the address; a message sent again. */
export function OutboxPage() {
  const { query, setQuery, serverQuery } = useListQuery(OUTBOX_FILTERS);
  const outbox = useAdminOutboxQuery(serverQuery as AdminOutboxQuery);
  const [resend] = useAdminResendOutboxMutation();
  return (
    <AdminOutboxScreen
      status={listStatus(outbox)}
      data={outbox.data ?? null}
      query={query as AdminOutboxQuery}
      onQueryChange={setQuery}
      onRetry={() => void outbox.refetch()}
      refreshing={outbox.isFetching && outbox.data !== undefined}
      onResend={(id) => adminAction(resend(id).unwrap())}
    />
  );
}
