import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PLANS } from '../fixtures';
import { InShell } from '../SiteShell/storyShell';
import { PaymentScreen, type PaymentScreenProps } from './PaymentScreen';

function Demo(props: PaymentScreenProps) {
  return (
    <InShell>
      <PaymentScreen {...props} />
    </InShell>
  );
}

const meta = {
  title: 'Screens/Payment',
  component: Demo,
  args: {
    status: 'form',
    plan: PLANS[1],
    email: '',
    onEmailChange: fn(),
    gateways: { ird: true, spay: true },
    gateway: null,
    onGatewayChange: fn(),
    phase: 'idle',
    canSubmit: false,
    onSubmit: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Ready: Story = { args: { email: 'buyer@example.com', gateway: 'ird', canSubmit: true } };
export const InvalidEmail: Story = { args: { email: 'buyer@', emailInvalid: true } };
export const OneGatewayInactive: Story = {
  args: { gateways: { ird: false, spay: true }, gateway: 'spay', email: 'buyer@example.com', canSubmit: true },
};
export const GatewaysLoading: Story = { args: { gateways: 'loading' } };
export const Processing: Story = { args: { email: 'buyer@example.com', gateway: 'ird', phase: 'processing' } };
export const Redirecting: Story = { args: { email: 'buyer@example.com', gateway: 'ird', phase: 'redirecting' } };
export const ServerError: Story = {
  args: { email: 'buyer@example.com', gateway: 'ird', canSubmit: true, submitError: {} },
};
/** Logged in: the purchase renews the buyer's account, unless they ask for a new one (issue #24). */
export const Renewal: Story = {
  args: {
    email: 'buyer@example.com',
    gateway: 'ird',
    canSubmit: true,
    renewal: { username: 'sp482913', buyNew: false, onBuyNewChange: fn() },
  },
};
export const RenewalBuyNew: Story = {
  args: {
    email: 'buyer@example.com',
    gateway: 'ird',
    canSubmit: true,
    renewal: { username: 'sp482913', buyNew: true, onBuyNewChange: fn() },
  },
};
export const Loading: Story = { args: { status: 'loading' } };
export const NoPlanSelected: Story = { args: { status: 'error', error: 'noPlan' } };
export const PlanNotFound: Story = { args: { status: 'error', error: 'notFound' } };
export const LoadFailed: Story = { args: { status: 'error', error: 'failed' } };
export const Mobile: Story = {
  args: { email: 'buyer@example.com', gateway: 'ird', canSubmit: true },
  parameters: { mobile: true },
};
/** CONTRACTS §10: signed in, the balance covers the plan's wallet price; chosen, the total is that price. */
export const Wallet: Story = {
  args: {
    email: '',
    gateway: 'wallet',
    canSubmit: true,
    wallet: { price: 290_000, balance: 830_000 },
    renewal: { username: 'sp482913', buyNew: false, onBuyNewChange: fn() },
  },
};
/** The balance is short: how much is missing, and the way to top up; the wallet cannot be chosen. */
export const WalletShort: Story = {
  args: {
    email: 'buyer@example.com',
    gateway: 'ird',
    canSubmit: true,
    wallet: { price: 290_000, balance: 120_000 },
    renewal: { username: 'sp482913', buyNew: false, onBuyNewChange: fn() },
  },
};
/** Not signed in: the wallet says to sign in first. */
export const WalletSignedOut: Story = {
  args: { wallet: { price: 290_000, balance: 'signedOut', signInTo: '/login' } },
};
/** The server refused the wallet's payment (the balance changed meanwhile): said in the page's words. */
export const WalletRefused: Story = {
  args: {
    gateway: 'wallet',
    canSubmit: true,
    wallet: { price: 290_000, balance: 300_000 },
    submitError: { refusal: 'insufficientBalance', message: 'Insufficient balance' },
  },
};
export const WalletMobile: Story = {
  args: { ...WalletShort.args },
  parameters: { mobile: true },
};
/** CONTRACTS §11: the shop takes card-to-card transfers (`card_active`), chosen here: the transfer page comes next. */
export const CardToCard: Story = {
  args: { email: 'buyer@example.com', card: true, gateway: 'card', canSubmit: true },
};
export const CardToCardMobile: Story = { args: { ...CardToCard.args }, parameters: { mobile: true } };
/** Card to card on offer, a bank gate chosen. */
export const CardOffered: Story = {
  args: { email: 'buyer@example.com', card: true, gateway: 'ird', canSubmit: true },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /(Card to card|کارت به کارت)/ }));
    await expect(args.onGatewayChange).toHaveBeenCalledWith('card');
  },
};
