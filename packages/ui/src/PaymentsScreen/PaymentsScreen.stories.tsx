import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ACCOUNT, PAYMENTS_WITH_USD } from '../fixtures';
import { InPanel } from '../PanelLayout/storyPanel';
import { PaymentsScreen, type PaymentsScreenProps } from './PaymentsScreen';

function Demo(props: PaymentsScreenProps) {
  return (
    <InPanel active="payments">
      <PaymentsScreen {...props} />
    </InPanel>
  );
}

const meta = {
  title: 'Screens/Payments',
  component: Demo,
  args: { status: 'ready', payments: ACCOUNT.payments, onRetry: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Empty: Story = { args: { payments: [] } };
export const Loading: Story = { args: { status: 'loading' } };
export const Error: Story = { args: { status: 'error' } };
export const Mobile: Story = { parameters: { mobile: true } };
/** A payment made in dollars (a crypto gateway, CONTRACTS §12): its dollars first in English, its tomans first in Persian. */
export const InDollars: Story = { args: { payments: PAYMENTS_WITH_USD } };
export const InDollarsMobile: Story = { args: { payments: PAYMENTS_WITH_USD }, parameters: { mobile: true } };
