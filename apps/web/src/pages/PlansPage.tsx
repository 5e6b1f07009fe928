import { useDeferredValue, useMemo, useState } from 'react';
import { pickDuration, type Platform } from '@separ/domain';
import { useGetPlansQuery } from '@separ/api';
import { PlansScreen } from '@separ/ui';
import { screenStatus } from '../app/screenStatus.ts';

/** How old plans may be for the catalogue to show them without asking again when it opens. */
const PLANS_FRESH_SECONDS = 30;

/**
 * The catalogue: switching platform fetches again; the duration keeps the visitor's choice while it
 * is on offer, else the shortest (SPEC §4).
 */
export function PlansPage() {
  const [platform, setPlatform] = useState<Platform>('android');
  const [chosen, setChosen] = useState<number | null>(null);
  const [switched, setSwitched] = useState(false);
  // A switch of platform always fetches again. The first render takes plans that are still fresh:
  // those the served page carries (issue 28 §1), so that hydration asks for nothing.
  const { currentData, isError, isFetching, refetch } = useGetPlansQuery(
    { platform },
    { refetchOnMountOrArgChange: switched ? true : PLANS_FRESH_SECONDS },
  );
  // What the screen shows is drawn as a deferred render: when the plans arrive, React draws the
  // list in slices and yields between them, instead of holding a slow phone's main thread for the
  // whole catalogue in one task (40-55 ms at 4x CPU, docs/BENCHMARKS.md). The tab and the list
  // change together, so a switch never shows one platform's tab with the other's plans.
  const shown = useDeferredValue(
    useMemo(
      () => ({ platform, chosen, currentData, isError, isFetching }),
      [platform, chosen, currentData, isError, isFetching],
    ),
  );
  return useMemo(() => {
    const durations = [...new Set((shown.currentData ?? []).map((plan) => plan.subsDays))].sort((a, b) => a - b);
    const duration = pickDuration(durations, shown.chosen);
    const plans = (shown.currentData ?? []).filter((plan) => duration === null || plan.subsDays === duration);
    // The current platform's data only: a switch shows loading, not the other platform's plans.
    const status = screenStatus({ data: shown.currentData, isError: shown.isError, isFetching: shown.isFetching });
    return (
      <PlansScreen
        platform={shown.platform}
        onPlatformChange={(next) => {
          setSwitched(true);
          setPlatform(next);
        }}
        status={status}
        plans={plans}
        durations={durations}
        duration={duration}
        onDurationChange={setChosen}
        onRetry={() => void refetch()}
      />
    );
  }, [shown, refetch]);
}
