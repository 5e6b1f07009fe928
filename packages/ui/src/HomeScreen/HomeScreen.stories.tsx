import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { PricingTab } from '@separ/domain';
import { PLANS } from '../fixtures';
import type { PricingProps } from '../Pricing';
import { InShell } from '../SiteShell/storyShell';
import { HomeScreen } from './HomeScreen';

function Demo({ plans, cookieBanner = false }: { plans: PricingProps['plans']; cookieBanner?: boolean }) {
  const [tab, setTab] = useState<PricingTab>('android-windows');
  return (
    <InShell cookieBanner={cookieBanner}>
      <HomeScreen tab={tab} onTabChange={setTab} plans={plans} />
    </InShell>
  );
}

const meta = { title: 'Screens/Home', component: Demo, args: { plans: PLANS } } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const PlansLoading: Story = { args: { plans: 'loading' } };
export const StaticFallback: Story = { args: { plans: 'fallback' } };
export const FirstVisitMobile: Story = { args: { cookieBanner: true }, parameters: { mobile: true } };
