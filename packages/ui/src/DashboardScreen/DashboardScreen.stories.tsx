import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { Account } from '@separ/domain';
import { ACCOUNT, REFERRAL_LINK, STORY_NOW } from '../fixtures';
import { InPanel } from '../PanelLayout/storyPanel';
import { DashboardScreen, type DashboardScreenProps } from './DashboardScreen';

function Demo(props: DashboardScreenProps) {
  return (
    <InPanel active="dashboard" ios={props.account?.ios ?? 1}>
      <DashboardScreen {...props} />
    </InPanel>
  );
}

const with_ = (changes: Partial<Account>): Account => ({ ...ACCOUNT, ...changes });

const meta = {
  title: 'Screens/Dashboard',
  component: Demo,
  args: {
    status: 'ready',
    account: ACCOUNT,
    now: STORY_NOW,
    onRetry: fn(),
    onLogout: fn(),
    botLink: { state: 'idle', onCreate: fn() },
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {};
export const PendingActivation: Story = { args: { account: with_({ subsDays: 30, expireDate: null, devices: [] }) } };
export const Expired: Story = { args: { account: with_({ expireDate: '2026-05-01T00:00:00.000Z' }) } };
export const DataExceeded: Story = { args: { account: with_({ usedMB: 52000 }) } };
export const Suspended: Story = { args: { account: with_({ suspend: 1 }) } };
export const Unlimited: Story = { args: { account: with_({ allowedMB: -1, ios: 0 }) } };
export const Loading: Story = { args: { status: 'loading' } };
export const LoadError: Story = { args: { status: 'error', account: undefined } };
export const Mobile: Story = { parameters: { mobile: true } };
/** The bot's one-time link code, made (issue #24). */
export const BotCode: Story = { args: { botLink: { state: 'ready', code: '48213907', minutes: 10, onCreate: fn() } } };
export const BotCodeMobile: Story = {
  args: { botLink: { state: 'ready', code: '48213907', minutes: 10, onCreate: fn() } },
  parameters: { mobile: true },
};
/** The wallet's balance in one line, with the way to the wallet (CONTRACTS §10). */
export const WithWallet: Story = { args: { walletBalance: 830_000 } };
/** The invitation link with its QR code and what it has earned, beside the wallet (CONTRACTS §12). */
export const WithInvite: Story = {
  args: { walletBalance: 830_000, invite: { link: REFERRAL_LINK, earnings: { total: 50_000, count: 1 } } },
};
export const WithInviteMobile: Story = {
  args: { walletBalance: 830_000, invite: { link: REFERRAL_LINK, earnings: { total: 50_000, count: 1 } } },
  parameters: { mobile: true },
};

/** A plan whose data starts again every month (CONTRACTS §14): the next reset, in each language's calendar. */
export const DataResetsMonthly: Story = {
  args: { dataReset: { period: 'month', nextAt: '2026-06-20T08:30:00.000Z' } },
};
/** A daily plan not started yet: the resets count from the first connection. */
export const DataResetsPending: Story = {
  args: {
    account: with_({ subsDays: 30, expireDate: null, devices: [] }),
    dataReset: { period: 'day', nextAt: null },
  },
};
/** A plan whose data starts again every week, with no reset left before the subscription ends. */
export const DataResetsNoMore: Story = {
  args: { dataReset: { period: 'week', nextAt: null } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(/^(Not again before your subscription ends|تا پایان اشتراک دیگر پر نمی‌شود)$/),
    ).toBeVisible();
  },
};
