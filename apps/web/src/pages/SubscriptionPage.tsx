import { useParams } from 'react-router-dom';
import { isSubscriptionGone, useGetSubscriptionQuery } from '@separ/api';
import { SubscriptionScreen } from '@separ/ui';
import { usePlatform } from '../app/usePlatform.ts';
import { useNow } from '../prerender/data.ts';

/** /sub/{token} in a browser (CONTRACTS §7): the account behind the link, its QR and the apps to import it into. */
export function SubscriptionPage() {
  const { token = '' } = useParams();
  const query = useGetSubscriptionQuery(token);
  const [platform, setPlatform] = usePlatform();
  const now = useNow();
  const { data, error, isFetching, refetch } = query;
  let status: 'loading' | 'notFound' | 'error' | 'ready' = 'loading';
  if (data) status = 'ready';
  else if (isSubscriptionGone(error)) status = 'notFound';
  else if (error && !isFetching) status = 'error';
  return (
    <SubscriptionScreen
      status={status}
      account={data?.account}
      subscriptionUrl={data?.subUrl}
      linkNames={data?.linkNames}
      dataReset={data?.dataReset}
      now={now}
      platform={platform}
      onPlatformChange={setPlatform}
      onRetry={() => void refetch()}
    />
  );
}
