import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminRoleProvider } from '../AdminLayout/adminRole';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { AdminUserAction } from '@separ/domain';
import { ADMIN_USER_DETAIL, ADMIN_USER_SUSPENDED } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminUserDetailView } from './AdminUserDetailView';

const meta = {
  title: 'Admin/UserDetail',
  component: AdminUserDetailView,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    user: ADMIN_USER_DETAIL,
    onRetry: fn(),
    backTo: '/admin/users',
    orderTo: (resNum: string) => `/admin/orders/${resNum}`,
    onAction: fn(async (action: AdminUserAction) =>
      action.action === 'reset-password' ? { password: 'Vq7rT2mX9kLp' } : undefined,
    ),
  },
} satisfies Meta<typeof AdminUserDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).findByRole('dialog');

export const Detail: Story = {};
/** A support operator (CONTRACTS §13): a new password and ending devices only. */
export const AsSupport: Story = {
  decorators: [(Story) => <AdminRoleProvider operatorRole="support">{Story()}</AdminRoleProvider>],
  play: async ({ canvasElement }) => {
    const actions = within(canvasElement.querySelector('#admin-user-actions')!.parentElement!);
    await expect(actions.getAllByRole('button')).toHaveLength(2);
  },
};
/** CONTRACTS §14: a monthly plan's next reset, and the periods before it with their usage. */
export const DataResets: Story = {
  args: {
    user: {
      ...ADMIN_USER_DETAIL,
      reset: 'month',
      nextResetAt: '2026-07-01T09:15:00.000Z',
      usagePeriods: [
        { startedAt: '2026-05-01T09:15:00.000Z', endedAt: '2026-06-01T09:15:00.000Z', usedBytes: 48.2 * 1024 ** 3 },
        { startedAt: '2026-04-01T09:15:00.000Z', endedAt: '2026-05-01T09:15:00.000Z', usedBytes: 31.5 * 1024 ** 3 },
      ],
    },
  },
};
/** A suspended account offers Unsuspend; no device, no order. */
export const Suspended: Story = { args: { user: ADMIN_USER_SUSPENDED } };
export const Loading: Story = { args: { status: 'loading', user: null } };
export const Error: Story = { args: { status: 'error', user: null } };
export const Mobile: Story = { parameters: { mobile: true } };

/** Suspending asks first; confirming sends the action. */
export const ConfirmSuspend: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Suspend|تعلیق/ }));
    const box = within(await dialog());
    await expect(args.onAction).not.toHaveBeenCalled();
    await expect(box.getByRole('button', { name: /Suspend|تعلیق/ })).toBeVisible();
  },
};

export const ConfirmEndDevices: Story = { args: { initialDialog: 'end-devices' } };
export const AddData: Story = { args: { initialDialog: 'add-data' } };

/** Extending by a wrong number says why and sends nothing; a right one (Persian digits too) is sent. */
export const ExtendValidation: Story = {
  args: { initialDialog: 'extend' },
  play: async ({ args }) => {
    const box = within(await dialog());
    const input = box.getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, '2.5');
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

export const ExtendSent: Story = {
  parameters: { screenshot: false },
  args: { initialDialog: 'extend' },
  play: async ({ args }) => {
    const box = within(await dialog());
    const input = box.getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, '۹۰');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onAction).toHaveBeenCalledWith({ action: 'extend', days: 90 }));
  },
};

/** A refused action keeps the dialog open with the server's message. */
export const ActionFailed: Story = {
  args: {
    initialDialog: 'suspend',
    onAction: fn(async (_action: AdminUserAction): Promise<{ password: string } | undefined> =>
      Promise.reject({ status: 409, data: { ok: false, message: 'Already suspended', code: 'conflict' } }),
    ),
  },
  play: async () => {
    const box = within(await dialog());
    await userEvent.click(box.getAllByRole('button').at(-1)!);
    await expect(await box.findByRole('alert')).toHaveTextContent('Already suspended');
  },
};

/** After a reset the new password is shown once, with a copy button. */
export const PasswordShownOnce: Story = {
  args: { initialDialog: 'reset-password' },
  play: async ({ args }) => {
    const box = within(await dialog());
    await userEvent.click(box.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onAction).toHaveBeenCalledWith({ action: 'reset-password' }));
    await waitFor(() => expect(document.body.querySelector('dialog[open] code')).toHaveTextContent('Vq7rT2mX9kLp'));
  },
};

/** A password the operator types must be letters and digits, six at least. */
export const ResetPasswordInvalid: Story = {
  args: { initialDialog: 'reset-password' },
  play: async ({ args }) => {
    const box = within(await dialog());
    await userEvent.type(box.getByRole('textbox'), 'abc');
    await userEvent.keyboard('{Enter}');
    await expect(box.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};
