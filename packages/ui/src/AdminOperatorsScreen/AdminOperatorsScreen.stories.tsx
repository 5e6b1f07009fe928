import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ADMIN_OPERATORS, ADMIN_TOTP_SETUP } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminDataTable/storyAdmin';
import { AdminOperatorsScreen } from './AdminOperatorsScreen';

const CREATED = {
  operator: { id: 3, username: 'sahar', totpEnabled: false, createdAt: '2026-05-21T10:00:00.000Z', lastLoginAt: null },
  password: 'k7Qw-9fRt-2mXp-Lz4v',
};

const meta = {
  title: 'Admin/Operators',
  component: AdminOperatorsScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    operators: ADMIN_OPERATORS,
    onRetry: fn(),
    me: { username: 'bahram', totpEnabled: false },
    onAdd: fn(async () => CREATED),
    onRemove: fn(async () => undefined),
    onTotpSetup: fn(async () => ADMIN_TOTP_SETUP),
    onTotpEnable: fn(async () => undefined),
    onTotpDisable: fn(async () => undefined),
  },
} satisfies Meta<typeof AdminOperatorsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** The signed-in operator has one-time codes on: a code turns them off. */
export const TotpOn: Story = { args: { me: { username: 'alice', totpEnabled: true } } };
/** Enrolment: the secret as a QR code and as text, then a code. */
export const TotpSetup: Story = {
  args: { initial: { setup: ADMIN_TOTP_SETUP } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('svg[data-qr]')).toHaveAttribute('data-qr', ADMIN_TOTP_SETUP.otpauthUrl);
  },
};
export const Loading: Story = { args: { status: 'loading', operators: null } };
export const Error: Story = { args: { status: 'error', operators: null } };
export const AddDialog: Story = { args: { initial: { adding: true } } };
export const ConfirmRemove: Story = { args: { initial: { removing: 'alice' } } };
/** A new operator's password, shown once. */
export const PasswordShownOnce: Story = { args: { initial: { created: CREATED } } };
export const Mobile: Story = { args: { initial: { setup: ADMIN_TOTP_SETUP } }, parameters: { mobile: true } };

/** Adding checks the fields, then sends them and shows the generated password. */
export const AddValidatesAndCreates: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getAllByRole('button')[0]!);
    const dialog = within(await within(document.body).findByRole('dialog'));
    const [name, password] = dialog.getAllByRole('textbox');
    await userEvent.type(name!, 'x');
    await userEvent.type(password!, 'short');
    const create = dialog.getAllByRole('button').at(-1)!;
    await userEvent.click(create);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.clear(name!);
    await userEvent.type(name!, 'sahar');
    await userEvent.clear(password!);
    await userEvent.click(create);
    await waitFor(() => expect(args.onAdd).toHaveBeenCalledWith({ username: 'sahar' }));
    await waitFor(() => expect(document.body.querySelector('dialog[open] code')).toHaveTextContent(CREATED.password));
  },
};

/** A wrong code is refused before sending; six digits (Persian too) turn the codes on. */
export const EnableWithCode: Story = {
  parameters: { screenshot: false },
  args: { initial: { setup: ADMIN_TOTP_SETUP } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox');
    await userEvent.type(field, '12345{Enter}');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onTotpEnable).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '۱۲۳ ۴۵۶{Enter}');
    await waitFor(() => expect(args.onTotpEnable).toHaveBeenCalledWith('123456'));
  },
};

export const EnableRefused: Story = {
  args: {
    initial: { setup: ADMIN_TOTP_SETUP },
    onTotpEnable: fn(async () => Promise.reject({ status: 401, data: { message: 'Wrong code', code: 'bad_otp' } })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), '654321{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Wrong code');
  },
};
