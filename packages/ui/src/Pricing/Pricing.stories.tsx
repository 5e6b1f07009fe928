import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { PricingTab } from '@separ/domain';
import { PLANS, PLANS_USD } from '../fixtures';
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
/**
 * The shop's toman-per-dollar rate set (CONTRACTS §12): English shows each plan's dollar price, with
 * no struck-through price or discount (the dollar price is the toman price's); Persian keeps tomans.
 */
export const InDollars: Story = { args: { plans: PLANS_USD } };
export const InDollarsMobile: Story = { args: { plans: PLANS_USD }, parameters: { mobile: true } };
