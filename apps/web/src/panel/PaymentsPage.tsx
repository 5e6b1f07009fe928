import { useGetAccountQuery } from '@separ/api';
import { PaymentsScreen } from '@separ/ui';
import { useDelayedRetry } from './useDelayedRetry.ts';
import { screenStatus } from '../app/screenStatus.ts';

/** Payment history: from the loaded user record (SPEC §7); a retry waits 1 s. */
export function PaymentsPage() {
  const query = useGetAccountQuery();
  const { data, refetch } = query;
  const { retrying, retry } = useDelayedRetry(refetch);
  const status = screenStatus(query, retrying);
  return <PaymentsScreen status={status} payments={data?.payments ?? []} onRetry={retry} retrying={retrying} />;
}
