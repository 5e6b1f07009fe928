import { useState } from 'react';
import type { PricingTab } from '@separ/domain';
import { useGetPlansQuery } from '@separ/api';
import { HomeScreen, type PricingProps } from '@separ/ui';

/** Home: pricing loads the tab's plans and falls back to the static ones on failure or an empty list (SPEC §4). */
export function HomePage() {
  const [tab, setTab] = useState<PricingTab>('android-windows');
  const { data, isError, isLoading } = useGetPlansQuery({ platform: tab === 'other' ? 'ios' : 'android' });
  let plans: PricingProps['plans'];
  if (isLoading) plans = 'loading';
  else if (isError || !data || data.length === 0) plans = 'fallback';
  else plans = data;
  return <HomeScreen tab={tab} onTabChange={setTab} plans={plans} />;
}
