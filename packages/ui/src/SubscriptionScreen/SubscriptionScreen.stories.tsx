import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Account } from '@separ/domain';
import { ACCOUNT, STORY_NOW, SUBSCRIPTION_URL } from '../fixtures';
import { InShell } from '../SiteShell/storyShell';
import { SubscriptionScreen, type SubscriptionScreenProps } from './SubscriptionScreen';

function Demo(props: SubscriptionScreenProps) {
  return (
    <InShell>
      <SubscriptionScreen {...props} />
    </InShell>
  );
}

const with_ = (changes: Partial<Account>): Account => ({ ...ACCOUNT, devices: [], payments: [], ...changes });

const meta = {
  title: 'Screens/Subscription',
  component: Demo,
  args: {
    status: 'ready',
    account: with_({}),
    subscriptionUrl: SUBSCRIPTION_URL,
    now: STORY_NOW,
    platform: 'android',
    onPlatformChange: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /iPhone|آیفون/ }));
    await expect(args.onPlatformChange).toHaveBeenCalledWith('ios');
  },
};
export const PendingActivation: Story = { args: { account: with_({ subsDays: 30, expireDate: null, usedMB: 0 }) } };
export const Expired: Story = { args: { account: with_({ expireDate: '2026-05-01T00:00:00.000Z' }) } };
export const DataExceeded: Story = { args: { account: with_({ usedMB: 52000 }) } };
export const Suspended: Story = { args: { account: with_({ suspend: 1 }) } };
export const Iphone: Story = { args: { platform: 'ios' } };
export const Mac: Story = { args: { platform: 'macos' } };
export const Loading: Story = { args: { status: 'loading' } };
export const LinkReplaced: Story = { args: { status: 'notFound', account: undefined } };
export const LoadError: Story = { args: { status: 'error', account: undefined } };
export const Mobile: Story = { parameters: { mobile: true } };
export const MobileIphone: Story = { args: { platform: 'ios' }, parameters: { mobile: true } };
/** The page names each link the apps get: a node's extra addresses (a CDN, a clean IP) after its own. */
export const WithHosts: Story = {
  args: { linkNames: ['de-fra-1', 'de-fra-1 - CDN', 'de-fra-1 - 203.0.113.24', 'nl-ams-1'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(
      canvas.getByRole('region', { name: /^(Connections in this subscription|اتصال‌های این اشتراک)$/ }),
    );
    await expect(list.getByText('de-fra-1 - CDN')).toBeVisible();
    await expect(list.getAllByRole('listitem')).toHaveLength(4);
  },
};
export const WithHostsMobile: Story = {
  args: { linkNames: ['de-fra-1', 'de-fra-1 - CDN', 'de-fra-1 - 203.0.113.24', 'nl-ams-1'] },
  parameters: { mobile: true },
};
/** A plan whose data starts again every month: the page says when next, as the panel does. */
export const DataResetsMonthly: Story = {
  args: { dataReset: { period: 'month', nextAt: '2026-06-20T08:30:00.000Z' } },
  play: async ({ canvasElement }) => {
    const card = within(
      within(canvasElement).getByRole('region', { name: /^(Data that starts again|حجمی که دوباره پر می‌شود)$/ }),
    );
    await expect(card.getByText(/every month|هر ماه/)).toBeVisible();
  },
};
export const DataResetsMobile: Story = {
  args: { dataReset: { period: 'week', nextAt: '2026-05-27T08:30:00.000Z' } },
  parameters: { mobile: true },
};
