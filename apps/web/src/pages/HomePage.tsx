import { useDeferredValue, useMemo, useState } from 'react';
import type { PricingTab } from '@separ/domain';
import { useGetPlansQuery } from '@separ/api';
import { HomeScreen, type PricingProps } from '@separ/ui';

/** Home: pricing loads the tab's plans and falls back to the static ones on failure or an empty list (SPEC §4). */
export function HomePage() {
  const [tab, setTab] = useState<PricingTab>('android-windows');
  const { data, isError, isLoading } = useGetPlansQuery({ platform: tab === 'other' ? 'ios' : 'android' });
  // Plans that arrive are drawn as a deferred render, in slices, like the catalogue (PlansPage): the
  // tab and its plans together. A tab whose plans are at hand (the served page's, or fetched before)
  // is drawn at once: a tap on it is answered in the same frame (issue 28 §3).
  const current = useMemo(() => ({ tab, data, isError, isLoading }), [tab, data, isError, isLoading]);
  const deferred = useDeferredValue(current);
  const shown = current.isLoading ? deferred : current;
  return useMemo(() => {
    let plans: PricingProps['plans'];
    if (shown.isLoading) plans = 'loading';
    else if (shown.isError || !shown.data || shown.data.length === 0) plans = 'fallback';
    else plans = shown.data;
    return <HomeScreen tab={shown.tab} onTabChange={setTab} plans={plans} />;
  }, [shown]);
}
