import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { REJECT_REASON_MAX } from '@separ/domain';
import { ADMIN_CARDS, ADMIN_RECEIPTS, RECEIPT_IMAGE_URL } from '../AdminDataTable/adminFixtures';
import { ADMIN_PLANS } from '../AdminLayout/adminFixtures';
import type { AdminSection } from '../AdminLayout/AdminLayout';
import { InAdmin } from '../AdminStory';

type AdminCounts = Partial<Record<AdminSection, number>> | undefined;
import { AdminReceiptsScreen } from './AdminReceiptsScreen';

const RENEWAL = ADMIN_RECEIPTS[1]!;
const NEWEST = ADMIN_RECEIPTS[2]!;

/** How the container rejects a refused call: the admin API's code, read by the screen (never its message). */
const refused = (status: number, code: string, message: string) => () =>
  Promise.reject({ status, data: { code, message } });

/** A page tall enough for a dialog: the screenshot takes the story's own box. */
const tall: Decorator = (Story) => <div style={{ minBlockSize: 880 }}>{Story()}</div>;

const meta = {
  title: 'Admin/Receipts',
  component: AdminReceiptsScreen,
  // A story with `parameters.section` shows the screen in the console's shell (and its menu's counts).
  decorators: [
    (Story, { parameters }) => (
      <InAdmin section={parameters.section as AdminSection | undefined} counts={parameters.counts as AdminCounts}>
        {Story()}
      </InAdmin>
    ),
  ],
  args: {
    status: 'ready',
    receipts: ADMIN_RECEIPTS,
    cards: ADMIN_CARDS,
    plans: ADMIN_PLANS,
    receiptUrl: () => RECEIPT_IMAGE_URL,
    userTo: (username: string) => `/admin/users/${username}`,
    onRetry: fn(),
    onApprove: fn(async () => ({
      ok: true as const,
      resNum: NEWEST.resNum,
      state: 'paid' as const,
      username: 'sp900121',
      renewed: false,
    })),
    onReject: fn(async () => undefined),
  },
} satisfies Meta<typeof AdminReceiptsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { status: 'loading', receipts: null } };
export const Empty: Story = { args: { receipts: [] } };
export const Error: Story = { args: { status: 'error', receipts: null } };
/** In the console's shell, its menu counting the receipts awaiting review. */
export const InConsole: Story = { parameters: { section: 'receipts', counts: { receipts: 3 } } };
export const Mobile: Story = { parameters: { mobile: true } };
/** The receipt's image enlarged. */
export const Enlarged: Story = { decorators: [tall], args: { initial: { enlarged: NEWEST.resNum } } };

export const ConfirmApprove: Story = { decorators: [tall], args: { initial: { approving: RENEWAL.resNum } } };
/** The approval under way: both buttons locked, the confirming one spinning. */
export const Approving: Story = { decorators: [tall], args: { initial: { approving: RENEWAL.resNum, busy: true } } };
/** Another operator decided first (409 `conflict`): said by its code, in the screen's language. */
export const ApproveRefused: Story = {
  decorators: [tall],
  args: { initial: { approving: RENEWAL.resNum, failure: 'conflict' } },
};
/** The result of an approval, for a while: the account made (or renewed). */
export const Approved: Story = {
  args: {
    receipts: ADMIN_RECEIPTS.slice(0, 2),
    initial: { decided: { ok: true, resNum: NEWEST.resNum, state: 'paid', username: 'sp900121', renewed: false } },
  },
};
export const ApprovedRenewal: Story = {
  parameters: { screenshot: false },
  args: {
    initial: { decided: { ok: true, resNum: RENEWAL.resNum, state: 'paid', username: 'sp482913', renewed: true } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('sp482913');
  },
};
export const ConfirmReject: Story = {
  decorators: [tall],
  args: { initial: { rejecting: NEWEST.resNum, reason: 'مبلغ واریزی با مبلغ سفارش یکی نیست.' } },
};
export const Rejecting: Story = {
  decorators: [tall],
  args: { initial: { rejecting: NEWEST.resNum, reason: 'The amount is 1,000 rials short.', busy: true } },
};
/** Reject with no reason: said at the field, nothing sent. */
export const RejectWithoutReason: Story = {
  decorators: [tall],
  args: { initial: { rejecting: NEWEST.resNum } },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    // The refusal is drawn after the click's event: waited for, as a loaded machine draws it later.
    await waitFor(() => expect(dialog.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true'));
    await expect(args.onReject).not.toHaveBeenCalled();
  },
};

/** Approve asks first, then sends the order's number and shows the account it made. */
export const ApproveConfirmed: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('button', { name: new RegExp(NEWEST.resNum) }).at(-2)!);
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(args.onApprove).not.toHaveBeenCalled();
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onApprove).toHaveBeenCalledWith(NEWEST.resNum));
    await waitFor(() => expect(document.body.querySelector('dialog[open]')).toBeNull());
    await expect(canvas.getByRole('status')).toHaveTextContent('sp900121');
  },
};

/** A refusal is read by its code, never by the server's English. */
export const ApproveConflictByCode: Story = {
  parameters: { screenshot: false },
  args: { onApprove: fn(refused(409, 'conflict', 'Order 1900000211 was decided by someone else just now.')) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement)
        .getAllByRole('button', { name: new RegExp(RENEWAL.resNum) })
        .at(-2)!,
    );
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onApprove).toHaveBeenCalled());
    await expect(await dialog.findByRole('alert')).not.toHaveTextContent('someone else');
  },
};

/** The reason is checked (required, at most REJECT_REASON_MAX), then sent trimmed. */
export const RejectSendsReason: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement)
        .getAllByRole('button', { name: new RegExp(NEWEST.resNum) })
        .at(-1)!,
    );
    const dialog = within(await within(document.body).findByRole('dialog'));
    const reason = dialog.getByRole('textbox');
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(REJECT_REASON_MAX + 1));
    const confirm = dialog.getAllByRole('button').at(-1)!;
    await userEvent.click(confirm);
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onReject).not.toHaveBeenCalled();
    await userEvent.clear(reason);
    await userEvent.type(reason, '  Wrong amount  ');
    await userEvent.click(confirm);
    await waitFor(() => expect(args.onReject).toHaveBeenCalledWith(NEWEST.resNum, 'Wrong amount'));
  },
};

/** A click on the thumbnail enlarges the receipt. */
export const EnlargeOnClick: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    // The thumbnail comes first of the receipt's buttons (then approve, reject).
    await userEvent.click(within(canvasElement).getAllByRole('button', { name: new RegExp(NEWEST.resNum) })[0]!);
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByRole('img')).toHaveAttribute('src', RECEIPT_IMAGE_URL);
  },
};
