import { useState } from 'react';
import { useGetAccountQuery, useGetSubscriptionQuery, useResetSubscriptionMutation } from '@separ/api';
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
  // The links' names, as the subscription answers them (each of a node's extra addresses, CONTRACTS §14).
  const token = data?.subUrl?.split('/sub/')[1] ?? '';
  const subscription = useGetSubscriptionQuery(token, { skip: !token });
  return (
    <ConnectScreen
      // An account without a link (a backend without CONTRACTS §7) cannot be shown as ready.
      status={status === 'ready' && !data?.subUrl ? 'error' : status}
      subscriptionUrl={data?.subUrl}
      linkNames={subscription.data?.linkNames}
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
