import { useDeferredValue, useMemo, useState } from 'react';
import type { PricingTab } from '@separ/domain';
import { useGetPlansQuery } from '@separ/api';
import { HomeScreen, type PricingProps } from '@separ/ui';

/** Home: pricing loads the tab's plans and falls back to the static ones on failure or an empty list (SPEC §4). */
export function HomePage() {
  const [tab, setTab] = useState<PricingTab>('android-windows');
  const { data, isError, isLoading } = useGetPlansQuery({ platform: tab === 'other' ? 'ios' : 'android' });
  // Drawn as a deferred render, in slices, like the catalogue (PlansPage): the tab and its plans together.
  const shown = useDeferredValue(useMemo(() => ({ tab, data, isError, isLoading }), [tab, data, isError, isLoading]));
  return useMemo(() => {
    let plans: PricingProps['plans'];
    if (shown.isLoading) plans = 'loading';
    else if (shown.isError || !shown.data || shown.data.length === 0) plans = 'fallback';
    else plans = shown.data;
    return <HomeScreen tab={shown.tab} onTabChange={setTab} plans={plans} />;
  }, [shown]);
}
