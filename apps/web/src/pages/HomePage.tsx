import { useState } from 'react';
import type { PricingTab } from '@separ/domain';
import { useGetPlansQuery } from '@separ/api';
import { HomeScreen, type PricingProps } from '@separ/ui';

/**
 * Home: pricing shows every platform's plans, a tab each, and falls back to the static ones on
 * failure or an empty list (SPEC §4). One list for both tabs: a tap on a tab is answered in the same
 * frame, by the app or, before it runs, by the page's boot script (issue 28 §3).
 */
export function HomePage() {
  const [tab, setTab] = useState<PricingTab>('android-windows');
  const { data, isError, isLoading } = useGetPlansQuery();
  let plans: PricingProps['plans'];
  if (isLoading) plans = 'loading';
  else if (isError || !data || data.length === 0) plans = 'fallback';
  else plans = data;
  return <HomeScreen tab={tab} onTabChange={setTab} plans={plans} />;
}
