import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { availableDurations, filterByPlatform, pickDuration } from '@separ/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PLANS, PLANS_USD } from '../fixtures';
import { InShell } from '../SiteShell/storyShell';
import { PlansScreen, type PlansScreenProps } from './PlansScreen';

function Demo({
  status,
  onRetry,
  empty = false,
  catalogue = PLANS,
}: {
  status: PlansScreenProps['status'];
  onRetry: () => void;
  empty?: boolean;
  /** The plans as the service sends them (with dollar prices: PLANS_USD). */
  catalogue?: typeof PLANS;
}) {
  const [platform, setPlatform] = useState<'android' | 'ios'>('android');
  const all = empty ? [] : filterByPlatform(catalogue, platform);
  const durations = availableDurations(all);
  const [chosen, setChosen] = useState<number | null>(null);
  const duration = pickDuration(durations, chosen);
  return (
    <InShell>
      <PlansScreen
        platform={platform}
        onPlatformChange={setPlatform}
        status={status}
        plans={all.filter((plan) => plan.subsDays === duration)}
        durations={durations}
        duration={duration}
        onDurationChange={setChosen}
        onRetry={onRetry}
      />
    </InShell>
  );
}

const meta = { title: 'Screens/Plans', component: Demo, args: { status: 'ready', onRetry: fn() } } satisfies Meta<
  typeof Demo
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { status: 'loading' } };
export const Error: Story = { args: { status: 'error' } };
export const Empty: Story = { args: { empty: true } };
export const Mobile: Story = { parameters: { mobile: true } };
/**
 * The shop's toman-per-dollar rate set (CONTRACTS §12): English shows dollar prices, without a
 * struck-through price or a discount; Persian keeps tomans.
 */
export const InDollars: Story = { args: { catalogue: PLANS_USD } };
/** The iOS tab and a longer duration in dollars: the discounted plan too shows only its dollar price. */
export const InDollarsDiscounted: Story = {
  args: { catalogue: PLANS_USD },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('tab')[1]!);
    const chips = within(canvas.getByRole('group')).getAllByRole('button');
    await userEvent.click(chips[1]!);
    await expect(chips[1]).toHaveAttribute('aria-pressed', 'true');
    // The 90-day iOS plan: 450,000 tomans, or 390,000 from the wallet; $7.50 at 60,000 a dollar.
    const [card] = canvas.getAllByRole('article');
    if (canvasElement.ownerDocument.documentElement.lang === 'en') {
      await expect(card).toHaveTextContent('$7.50');
      await expect(card).not.toHaveTextContent(/Toman|%/);
    } else {
      await expect(card).toHaveTextContent('۳۹۰٬۰۰۰');
      await expect(card).toHaveTextContent('۴۵۰٬۰۰۰');
    }
  },
};

/** The duration defaults to the shortest, and a chosen duration is kept when the platform changes back. */
export const TabsAndDurations: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chips = within(canvas.getByRole('group')).getAllByRole('button');
    await expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(chips[1]!);
    await expect(chips[1]).toHaveAttribute('aria-pressed', 'true');
    const tabs = canvas.getAllByRole('tab');
    await userEvent.click(tabs[1]!);
    await expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getAllByRole('article').length).toBeGreaterThan(0);
  },
};
