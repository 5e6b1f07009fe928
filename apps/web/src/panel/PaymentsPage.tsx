import { useGetAccountQuery } from '@separ/api';
import { PaymentsScreen } from '@separ/ui';
import { useDelayedRetry } from './useDelayedRetry.ts';

/** Payment history: from the loaded user record (SPEC §7); a retry waits 1 s. */
export function PaymentsPage() {
  const { data, isError, isFetching, refetch } = useGetAccountQuery();
  const { retrying, retry } = useDelayedRetry(refetch);
  const status = data ? 'ready' : (isError && !isFetching) || retrying ? 'error' : 'loading';
  return <PaymentsScreen status={status} payments={data?.payments ?? []} onRetry={retry} retrying={retrying} />;
}
