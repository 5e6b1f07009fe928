import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WALLET_TOPUP_DEFAULTS } from '@separ/domain';
import { DEMO_WALLET_ENTRIES } from '@separ/domain/demo';
import { InPanel } from '../PanelLayout/storyPanel';
import { WalletScreen, type WalletScreenProps } from './WalletScreen';

function Demo(props: WalletScreenProps) {
  return (
    <InPanel active="wallet">
      <WalletScreen {...props} />
    </InPanel>
  );
}

const meta = {
  title: 'Screens/Wallet',
  component: Demo,
  args: {
    status: 'ready',
    balance: DEMO_WALLET_ENTRIES[0]!.balance,
    entries: [...DEMO_WALLET_ENTRIES],
    onRetry: fn(),
    min: WALLET_TOPUP_DEFAULTS.min,
    max: WALLET_TOPUP_DEFAULTS.max,
    gates: ['ird', 'spay'],
    onTopup: fn(),
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The balance, the top-up form and one entry of each kind. */
export const Loaded: Story = {};
export const Empty: Story = { args: { balance: 0, entries: [] } };
export const Loading: Story = { args: { status: 'loading' } };
export const Error: Story = { args: { status: 'error' } };
/** An amount below the shop's smallest top-up is refused before anything is sent. */
export const TopupInvalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const amount = canvas.getByLabelText(/^(Amount \(tomans\)|مبلغ \(تومان\))/);
    await userEvent.type(amount, '۵۰۰۰');
    await userEvent.click(canvas.getByRole('button', { name: /^(Pay and top up|پرداخت و شارژ)$/ }));
    await expect(canvas.getByText(/(must be from|باید از)/)).toBeVisible();
    await expect(args.onTopup).not.toHaveBeenCalled();
  },
};
/** A quick pick and the second gate: the checked top-up goes to the container. */
export const TopupPicked: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(500,000|۵۰۰٬۰۰۰)$/ }));
    await expect(canvas.getByLabelText(/^(Amount \(tomans\)|مبلغ \(تومان\))/)).toHaveValue(
      canvasElement.ownerDocument.documentElement.lang === 'fa' ? '۵۰۰۰۰۰' : '500000',
    );
    await userEvent.click(canvas.getByRole('radio', { name: /(SPAY|اسپی)/i }));
    await userEvent.click(canvas.getByRole('button', { name: /^(Pay and top up|پرداخت و شارژ)$/ }));
    await expect(args.onTopup).toHaveBeenCalledWith({ amount: 500_000, gate: 'spay' });
  },
};
/** The top-up was sent: the form waits while the browser leaves for the bank. */
export const TopupBusy: Story = { args: { busy: true, initialAmount: '۲۰۰۰۰۰' } };
/** The server refused the gate: said above the button. */
export const TopupRefused: Story = { args: { topupError: 'gateway', initialAmount: '۲۰۰۰۰۰' } };
/** The shop switched the wallet off: the balance and entries stay, no top-up. */
export const WalletOff: Story = { args: { walletOff: true } };
export const Mobile: Story = { parameters: { mobile: true } };
/** CONTRACTS §11: the shop takes card-to-card transfers, a top-up may go through one. */
export const TopupCardToCard: Story = {
  args: { gates: ['ird', 'spay', 'card'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^(Amount \(tomans\)|مبلغ \(تومان\))/), '200000');
    await userEvent.click(canvas.getByRole('radio', { name: /(Card to card|کارت به کارت)/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^(Pay and top up|پرداخت و شارژ)$/ }));
    await expect(args.onTopup).toHaveBeenCalledWith({ amount: 200_000, gate: 'card' });
  },
};
