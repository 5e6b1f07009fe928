import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ACCOUNT } from '../fixtures';
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
