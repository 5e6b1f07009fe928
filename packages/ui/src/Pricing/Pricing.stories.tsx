import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { PricingTab } from '@separ/domain';
import { PLANS } from '../fixtures';
import { Pricing, type PricingProps } from './Pricing';

function Demo({ plans, initialTab = 'android-windows' }: { plans: PricingProps['plans']; initialTab?: PricingTab }) {
  const [tab, setTab] = useState<PricingTab>(initialTab);
  return <Pricing tab={tab} onTabChange={setTab} plans={plans} />;
}

const meta = { title: 'Sections/Pricing', component: Demo, args: { plans: PLANS } } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AndroidWindows: Story = {};
export const IosAndOthers: Story = { args: { initialTab: 'other' } };
export const Loading: Story = { args: { plans: 'loading' } };
export const StaticFallback: Story = { args: { plans: 'fallback' } };
export const Mobile: Story = { parameters: { mobile: true } };
