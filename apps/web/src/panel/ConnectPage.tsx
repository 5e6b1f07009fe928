import { useState } from 'react';
import { useGetAccountQuery, useResetSubscriptionMutation } from '@separ/api';
import { ConnectScreen } from '@separ/ui';
import { screenStatus } from '../app/screenStatus.ts';
import { usePlatform } from '../app/usePlatform.ts';

/** The panel's Connect page: the account's subscription link (CONTRACTS §7), its QR, the apps, a new link. */
export function ConnectPage() {
  const query = useGetAccountQuery();
  const { data, refetch } = query;
  const [platform, setPlatform] = usePlatform();
  const [reset, { isLoading: resetting }] = useResetSubscriptionMutation();
  const [resetResult, setResetResult] = useState<'done' | 'failed' | null>(null);
  const status = screenStatus(query);
  return (
    <ConnectScreen
      // An account without a link (a backend without CONTRACTS §7) cannot be shown as ready.
      status={status === 'ready' && !data?.subUrl ? 'error' : status}
      subscriptionUrl={data?.subUrl}
      platform={platform}
      onPlatformChange={setPlatform}
      onRetry={() => void refetch()}
      resetting={resetting}
      resetResult={resetResult}
      onReset={() => {
        setResetResult(null);
        reset()
          .unwrap()
          .then(
            () => setResetResult('done'),
            () => setResetResult('failed'),
          );
      }}
    />
  );
}
