import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { availableDurations, filterByPlatform, pickDuration } from '@separ/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PLANS } from '../fixtures';
import { InShell } from '../SiteShell/storyShell';
import { PlansScreen, type PlansScreenProps } from './PlansScreen';

function Demo({
  status,
  onRetry,
  empty = false,
}: {
  status: PlansScreenProps['status'];
  onRetry: () => void;
  empty?: boolean;
}) {
  const [platform, setPlatform] = useState<'android' | 'ios'>('android');
  const all = empty ? [] : filterByPlatform(PLANS, platform);
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
