import type { Meta, StoryObj } from '@storybook/react-vite';
import { decodePaymentResult } from '@separ/domain';
import { InShell } from '../SiteShell/storyShell';
import { PaymentResultScreen } from './PaymentResultScreen';

const base = {
  orderId: 'S20260601-482913',
  refId: 'SBXREF0012345678',
  amountToman: 120000,
  time: '2026-06-01T10:15:00.000Z',
  username: 'sp482913',
  password: 'k3Jd9QwZpL2m',
};

function Demo(props: Parameters<typeof PaymentResultScreen>[0]) {
  return (
    <InShell>
      <PaymentResultScreen {...props} />
    </InShell>
  );
}

const meta = { title: 'Screens/PaymentResult', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = { args: { result: { status: 'success', ...base } } };
export const Failed: Story = { args: { result: { status: 'failed', ...base, refId: '', username: '', password: '' } } };
export const Duplicate: Story = { args: { result: { status: 'duplicate', ...base, username: '', password: '' } } };
/** Missing or unreadable data: failed, with order id N/A. */
export const MissingData: Story = { args: { result: decodePaymentResult(null) } };
/** A renewal of the buyer's own account (issue #24): the account's username, and no password. */
export const Renewed: Story = {
  args: { result: { status: 'success', ...base, password: '', renewed: true } },
};
export const RenewedMobile: Story = {
  args: { result: { status: 'success', ...base, password: '', renewed: true } },
  parameters: { mobile: true },
};
export const SuccessMobile: Story = { args: { result: { status: 'success', ...base } }, parameters: { mobile: true } };
/** A wallet top-up (CONTRACTS §10): the tomans added, no account. */
export const Topup: Story = {
  args: { result: { status: 'success', ...base, amountToman: 250000, username: '', password: '', topupToman: 250000 } },
};
export const TopupMobile: Story = {
  args: { result: { status: 'success', ...base, amountToman: 250000, username: '', password: '', topupToman: 250000 } },
  parameters: { mobile: true },
};
/**
 * Paid in dollars (a crypto gateway, CONTRACTS §12): the amount gives the dollars invoiced, first in
 * English and beside the tomans in Persian.
 */
export const SuccessInDollars: Story = { args: { result: { status: 'success', ...base, amountUsd: 2 } } };
export const SuccessInDollarsMobile: Story = {
  args: { result: { status: 'success', ...base, amountUsd: 2 } },
  parameters: { mobile: true },
};
/** A wallet top-up paid in dollars: the wallet gains tomans, the amount paid says the dollars too. */
export const TopupInDollars: Story = {
  args: {
    result: {
      status: 'success',
      ...base,
      amountToman: 250000,
      amountUsd: 4.17,
      username: '',
      password: '',
      topupToman: 250000,
    },
  },
};
