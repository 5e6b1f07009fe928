import { useMemo, useState } from 'react';
import { pickDuration, type Platform } from '@separ/domain';
import { useGetPlansQuery } from '@separ/api';
import { PlansScreen } from '@separ/ui';
import { screenStatus } from '../app/screenStatus.ts';

/**
 * The catalogue: switching platform fetches again; the duration keeps the visitor's choice while it
 * is on offer, else the shortest (SPEC §4).
 */
export function PlansPage() {
  const [platform, setPlatform] = useState<Platform>('android');
  const [chosen, setChosen] = useState<number | null>(null);
  const { currentData, isError, isFetching, refetch } = useGetPlansQuery(
    { platform },
    { refetchOnMountOrArgChange: true },
  );
  const durations = useMemo(
    () => [...new Set((currentData ?? []).map((plan) => plan.subsDays))].sort((a, b) => a - b),
    [currentData],
  );
  const duration = pickDuration(durations, chosen);
  const plans = (currentData ?? []).filter((plan) => duration === null || plan.subsDays === duration);
  // The current platform's data only: a switch shows loading, not the other platform's plans.
  const status = screenStatus({ data: currentData, isError, isFetching });
  return (
    <PlansScreen
      platform={platform}
      onPlatformChange={setPlatform}
      status={status}
      plans={plans}
      durations={durations}
      duration={duration}
      onDurationChange={setChosen}
      onRetry={() => void refetch()}
    />
  );
}
