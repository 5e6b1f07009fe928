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

/** CONTRACTS §12: the gift-code form under the balance and the top-up. */
const gift = (over: Partial<WalletScreenProps['gift'] & object> = {}): WalletScreenProps['gift'] => ({
  onRedeem: fn(),
  ...over,
});
export const GiftOffered: Story = { args: { gift: gift() } };
export const GiftBusy: Story = { args: { gift: gift({ busy: true, initialCode: 'G-7K3M-9QXR-2D4F-8HJP' }) } };
export const GiftRedeemed: Story = { args: { gift: gift({ redeemed: 50_000, initialCode: 'G-7K3M-9QXR-2D4F-8HJP' }) } };
export const GiftUnknown: Story = {
  args: { gift: gift({ refusal: 'giftUnknown', initialCode: 'G-7K3M-9QXR-2D4F-8HJQ' }) },
};
export const GiftUsed: Story = { args: { gift: gift({ refusal: 'giftUsed', initialCode: 'G-4T2N-6WBC-3R8S-5YZA' }) } };
export const GiftExpired: Story = {
  args: { gift: gift({ refusal: 'giftExpired', initialCode: 'G-8P5E-1MKD-7VQT-2XHC' }) },
};
export const GiftMobile: Story = { args: { gift: gift({ redeemed: 50_000 }) }, parameters: { mobile: true } };
/** An empty code is refused before anything is sent; a typed one is handed over trimmed. */
export const GiftInteraction: Story = {
  args: { gift: gift() },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: /(Redeem|ثبت کد)/ });
    await userEvent.click(submit);
    await expect(canvas.getByText(/(Enter a gift code|کد هدیه را وارد کنید)/)).toBeVisible();
    await expect(args.gift?.onRedeem).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText(/^(Gift code|کد هدیه)$/), '  g-7k3m-9qxr-2d4f-8hjp ');
    await userEvent.click(submit);
    await expect(args.gift?.onRedeem).toHaveBeenCalledWith('g-7k3m-9qxr-2d4f-8hjp');
  },
};
