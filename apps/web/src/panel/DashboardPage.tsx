import { useGetAccountQuery } from '@separ/api';
import { DashboardScreen } from '@separ/ui';
import { usePanel } from './panelContext.ts';

export function DashboardPage() {
  const { logout } = usePanel();
  const { data, isError, isFetching, refetch } = useGetAccountQuery();
  const status = data ? 'ready' : isError && !isFetching ? 'error' : 'loading';
  return (
    <DashboardScreen status={status} account={data} now={new Date()} onRetry={() => void refetch()} onLogout={logout} />
  );
}
