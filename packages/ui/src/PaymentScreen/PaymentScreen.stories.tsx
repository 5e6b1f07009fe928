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

/** CONTRACTS §12: the discount code, behind its link; `applied` is the server's quote for the plan (SEPAR20 on 320,000). */
const coupon = (over: Partial<PaymentScreenProps['coupon'] & object> = {}): PaymentScreenProps['coupon'] => ({
  open: true,
  onOpen: fn(),
  code: 'SEPAR20',
  onCodeChange: fn(),
  onApply: fn(),
  onRemove: fn(),
  ...over,
});
const ready = { email: 'buyer@example.com', gateway: 'ird', canSubmit: true } as const;
const applied = { code: 'SEPAR20', price: 256_000, discount: 64_000 };

/** The link that opens the discount code's field. */
export const CouponOffered: Story = { args: { ...ready, coupon: coupon({ open: false, code: '' }) } };
export const CouponTyped: Story = { args: { ...ready, coupon: coupon() } };
export const CouponChecking: Story = { args: { ...ready, coupon: coupon({ checking: true }) } };
/** The code applies: the listed price struck through, the discount and the new total. */
export const CouponApplied: Story = { args: { ...ready, coupon: coupon({ applied }) } };
export const CouponAppliedMobile: Story = {
  args: { ...ready, coupon: coupon({ applied }) },
  parameters: { mobile: true },
};
/** From the wallet the code comes off the wallet price: the summary keeps the wallet's price. */
export const CouponAppliedWallet: Story = {
  args: {
    gateway: 'wallet',
    email: '',
    canSubmit: true,
    wallet: { price: 290_000, balance: 830_000 },
    coupon: coupon({ applied }),
  },
};
export const CouponUnknown: Story = {
  args: { ...ready, coupon: coupon({ code: 'SEPRA20', refusal: 'couponUnknown' }) },
};
export const CouponExpired: Story = { args: { ...ready, coupon: coupon({ code: 'OLD10', refusal: 'couponExpired' }) } };
export const CouponNotForPlan: Story = {
  args: { ...ready, coupon: coupon({ code: 'MONTH50', refusal: 'couponNotForPlan' }) },
};
export const CouponUsedUp: Story = { args: { ...ready, coupon: coupon({ code: 'GONE30', refusal: 'couponUsedUp' }) } };
export const CouponFirstPurchaseOnly: Story = {
  args: { ...ready, coupon: coupon({ code: 'FIRST25', refusal: 'couponFirstPurchaseOnly' }) },
};
/** The purchase refused the code (used up meanwhile): the code taken off, the reason above the button. */
export const CouponRefusedAtPurchase: Story = {
  args: {
    ...ready,
    coupon: coupon({ code: 'GONE30' }),
    submitError: { coupon: 'couponUsedUp', message: 'This discount code has been used up.' },
  },
};
/** The link opens the field; Enter in the field applies the code, not the payment. */
export const CouponInteraction: Story = {
  args: { ...ready, coupon: coupon({ open: false, code: '' }) },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /(Have a discount code|کد تخفیف دارید)/ }));
    await expect(args.coupon?.onOpen).toHaveBeenCalled();
  },
};
export const CouponEnterApplies: Story = {
  args: { ...ready, coupon: coupon() },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/(Discount code|کد تخفیف)/), '{Enter}');
    await expect(args.coupon?.onApply).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * CONTRACTS §12 and issue 31: the shop has a toman-per-dollar rate, so the plan has a dollar price
 * (320,000 Toman at 64,000 a dollar). English pages show it, and say what the rial gates charge in
 * tomans; Persian pages keep tomans.
 */
const dollarPlan = { ...PLANS[1]!, priceUsd: 5 };
export const DollarPrice: Story = { args: { ...ready, plan: dollarPlan } };
/** The crypto gateways on offer (`oxapay_active`, `nowpayments_active`), each with the dollar amount. */
export const CryptoOffered: Story = { args: { ...ready, plan: dollarPlan, crypto: ['oxapay', 'nowpayments'] } };
/** One chosen: what paying the invoice means. */
export const CryptoChosen: Story = {
  args: { ...ready, plan: dollarPlan, crypto: ['oxapay', 'nowpayments'], gateway: 'oxapay' },
};
/** The sandbox crypto page (`crypto_sandbox_active`, outside production): labelled as a test. */
export const SandboxCrypto: Story = {
  args: { ...ready, plan: dollarPlan, crypto: ['sandboxcrypto'], gateway: 'sandboxcrypto' },
};
export const SandboxCryptoMobile: Story = { args: { ...SandboxCrypto.args }, parameters: { mobile: true } };
/** A discount code with the rate: the reduced price in dollars (the quote's `price_usd`). */
export const CouponInDollars: Story = {
  args: {
    ...ready,
    plan: dollarPlan,
    crypto: ['sandboxcrypto'],
    coupon: coupon({ applied: { ...applied, price_usd: 4 } }),
  },
};
/** A crypto gate is a choice like the others. */
export const CryptoInteraction: Story = {
  args: { ...ready, plan: dollarPlan, crypto: ['oxapay', 'nowpayments', 'sandboxcrypto'] },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /NOWPayments/ }));
    await expect(args.onGatewayChange).toHaveBeenCalledWith('nowpayments');
  },
};
