import { useGetAccountQuery } from '@separ/api';
import { DashboardScreen } from '@separ/ui';
import { usePanel } from './panelContext.ts';
import { screenStatus } from '../app/screenStatus.ts';
import { useNow } from '../prerender/data.ts';

export function DashboardPage() {
  const { logout } = usePanel();
  const now = useNow();
  const query = useGetAccountQuery();
  const { data, refetch } = query;
  const status = screenStatus(query);
  return <DashboardScreen status={status} account={data} now={now} onRetry={() => void refetch()} onLogout={logout} />;
}
