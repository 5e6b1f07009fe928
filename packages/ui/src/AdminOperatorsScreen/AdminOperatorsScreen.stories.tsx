import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { AdminOperatorRow } from '@separ/domain';
import { ADMIN_OPERATORS, ADMIN_TOTP_SETUP } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminOperatorsScreen } from './AdminOperatorsScreen';

const CREATED = {
  operator: {
    id: 3,
    username: 'sahar',
    role: 'sales' as const,
    totpEnabled: false,
    createdAt: '2026-05-21T10:00:00.000Z',
    lastLoginAt: null,
  },
  password: 'k7Qw-9fRt-2mXp-Lz4v',
};

/** reza typed five wrong one-time codes: locked until another operator unlocks them. */
const WITH_LOCKED: AdminOperatorRow[] = [
  ...ADMIN_OPERATORS,
  {
    id: 4,
    username: 'reza',
    role: 'support',
    totpEnabled: true,
    createdAt: '2026-04-30T09:00:00.000Z',
    lastLoginAt: '2026-05-20T16:10:00.000Z',
    locked: true,
  },
];

/** How the container rejects a refused call: the admin API's answer, its code read by the screen. */
const refused = (status: number, code: string, message: string) => () =>
  Promise.reject({ status, data: { code, message } });

/**
 * A page tall enough for the add dialog with a code and its error: the screenshot takes the story's
 * own box, and the dialog (centred in the viewport) would be cut at the list's end.
 */
const tall: Decorator = (Story) => <div style={{ minBlockSize: 960 }}>{Story()}</div>;

const meta = {
  title: 'Admin/Operators',
  component: AdminOperatorsScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    operators: ADMIN_OPERATORS,
    onRetry: fn(),
    me: { username: 'bahram', totpEnabled: false, role: 'owner' },
    onAdd: fn(async () => CREATED),
    onRemove: fn(async () => undefined),
    onUnlock: fn(async () => undefined),
    onSetRole: fn(async () => undefined),
    onTotpSetup: fn(async () => ADMIN_TOTP_SETUP),
    onTotpEnable: fn(async () => undefined),
    onTotpDisable: fn(async () => undefined),
  },
} satisfies Meta<typeof AdminOperatorsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** The signed-in operator has one-time codes on: a code turns them off. */
export const TotpOn: Story = { args: { me: { username: 'alice', totpEnabled: true, role: 'owner' } } };
/** Enrolment: the secret as a QR code and as text, then a code. */
export const TotpSetup: Story = {
  args: { initial: { setup: ADMIN_TOTP_SETUP } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('svg[data-qr]')).toHaveAttribute('data-qr', ADMIN_TOTP_SETUP.otpauthUrl);
  },
};
export const Loading: Story = { args: { status: 'loading', operators: null } };
export const Error: Story = { args: { status: 'error', operators: null } };
/** The add dialog whole (its role choice at the end was cut off below the story's box). */
export const AddDialog: Story = { decorators: [tall], args: { initial: { adding: true } } };
export const ConfirmRemove: Story = { args: { initial: { removing: 'alice' } } };
/** The owner gives another operator a new role: the choice says what the role may do. */
export const ChangeRole: Story = {
  args: { operators: WITH_LOCKED, initial: { roleOf: 'reza' } },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    const select = dialog.getByRole('combobox');
    await expect(select).toHaveValue('support');
    await userEvent.selectOptions(select, 'sales');
    await userEvent.click(dialog.getByRole('button', { name: /Save role|ذخیرهٔ نقش/ }));
    await waitFor(() => expect(args.onSetRole).toHaveBeenCalledWith('reza', 'sales'));
  },
};
/** An operator who is not the owner sees only their own one-time codes here (the owner manages operators). */
export const NotOwner: Story = {
  args: { me: { username: 'reza', totpEnabled: false, role: 'support' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Add an operator|افزودن اپراتور/ })).toBeNull();
    await expect(canvas.getByText(/Support|پشتیبانی/)).toBeVisible();
  },
};
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
    await waitFor(() => expect(args.onAdd).toHaveBeenCalledWith({ username: 'sahar', role: 'admin' }));
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

/** A wrong code from the new secret: said at the field, in the screen's language (not the server's English). */
export const EnableRefused: Story = {
  args: {
    initial: { setup: ADMIN_TOTP_SETUP },
    onTotpEnable: fn(refused(401, 'bad_otp', 'Wrong code')),
  },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('textbox');
    await userEvent.type(field, '654321{Enter}');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await expect(canvasElement).not.toHaveTextContent('Wrong code');
  },
};

/** A locked operator (five wrong codes): a badge, and Unlock beside Remove; never on one's own row. */
export const LockedOperator: Story = {
  args: { operators: WITH_LOCKED, me: { username: 'alice', totpEnabled: true, role: 'owner' } },
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    await expect(rows.filter((row) => row.querySelector('button[aria-label$="reza"]'))).toHaveLength(1);
    // Role and Remove on bahram's row; Role, Unlock and Remove on reza's; nothing on one's own.
    await expect(rows.flatMap((row) => [...row.querySelectorAll('button')])).toHaveLength(5);
  },
};
export const ConfirmUnlock: Story = { args: { operators: WITH_LOCKED, initial: { unlocking: 'reza' } } };
/** Unlock asks first, then sends the operator's name. */
export const UnlockConfirmed: Story = {
  parameters: { screenshot: false },
  args: { operators: WITH_LOCKED },
  play: async ({ canvasElement, args }) => {
    const row = within(canvasElement)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('reza'))!;
    await userEvent.click(within(row).getByRole('button', { name: /Unlock|باز کردن|رفع قفل/ }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(args.onUnlock).not.toHaveBeenCalled();
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onUnlock).toHaveBeenCalledWith('reza'));
    await waitFor(() => expect(document.body.querySelector('dialog[open]')).toBeNull());
  },
};

/** With codes on, adding an operator asks for the signed-in operator's current code. */
export const AddWithCode: Story = {
  decorators: [tall],
  args: { me: { username: 'alice', totpEnabled: true, role: 'owner' }, initial: { adding: true } },
};
/** The code is checked here (six digits, Persian ones too) and sent as `code`. */
export const AddSendsCode: Story = {
  parameters: { screenshot: false },
  args: { me: { username: 'alice', totpEnabled: true, role: 'owner' }, initial: { adding: true } },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    const [name, , code] = dialog.getAllByRole('textbox');
    await userEvent.type(name!, 'sahar');
    await userEvent.type(code!, '12345');
    const create = dialog.getAllByRole('button').at(-1)!;
    await userEvent.click(create);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.clear(code!);
    await userEvent.type(code!, '۱۲۳ ۴۵۶');
    await userEvent.click(create);
    await waitFor(() => expect(args.onAdd).toHaveBeenCalledWith({ username: 'sahar', role: 'admin', code: '123456' }));
  },
};
/** The server refused the code (bad_otp): said at the code field, the dialog stays open. */
export const AddBadOtp: Story = {
  decorators: [tall],
  args: {
    me: { username: 'alice', totpEnabled: true, role: 'owner' },
    initial: { adding: true },
    onAdd: fn(refused(401, 'bad_otp', 'The one-time code is not right. Try the next one.')),
  },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    const [name, , code] = dialog.getAllByRole('textbox');
    await userEvent.type(name!, 'sahar');
    await userEvent.type(code!, '654321');
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(args.onAdd).toHaveBeenCalled());
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
  },
};
/** Codes turned on elsewhere: the server asks (otp_required) and the dialog grows the code field. */
export const AddOtpRequired: Story = {
  decorators: [tall],
  args: { initial: { adding: true }, onAdd: fn(refused(401, 'otp_required', 'Enter the one-time code.')) },
  play: async () => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getAllByRole('textbox')).toHaveLength(2);
    await userEvent.type(dialog.getAllByRole('textbox')[0]!, 'sahar');
    await userEvent.click(dialog.getAllByRole('button').at(-1)!);
    await waitFor(() => expect(dialog.getAllByRole('textbox')).toHaveLength(3));
    await expect(dialog.getAllByRole('textbox')[2]).toHaveAttribute('aria-invalid', 'true');
  },
};

/** With codes on, a new phone needs the current code; then the new secret to scan, the old codes working till then. */
export const RenewWithCode: Story = {
  parameters: { screenshot: false },
  args: { me: { username: 'alice', totpEnabled: true, role: 'owner' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const renew = canvas.getAllByRole('button').at(-1)!;
    await userEvent.click(renew);
    await expect(canvas.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onTotpSetup).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox'), '۶۵۴۳۲۱');
    await userEvent.click(renew);
    await waitFor(() => expect(args.onTotpSetup).toHaveBeenCalledWith('654321'));
    await waitFor(() => expect(canvasElement.querySelector('svg[data-qr]')).not.toBeNull());
    await expect(args.onTotpDisable).not.toHaveBeenCalled();
  },
};
/** The new secret while the codes are on: the old ones keep working; Cancel goes back. */
export const RenewEnrol: Story = {
  args: { me: { username: 'alice', totpEnabled: true, role: 'owner' }, initial: { setup: ADMIN_TOTP_SETUP } },
};
/** Turning codes off with a wrong current code: said at the field. */
export const DisableBadOtp: Story = {
  args: {
    me: { username: 'alice', totpEnabled: true, role: 'owner' },
    onTotpDisable: fn(refused(401, 'bad_otp', 'The one-time code is not right. Try the next one.')),
  },
  play: async ({ canvasElement, args }) => {
    const field = within(canvasElement).getByRole('textbox');
    await userEvent.type(field, '111111{Enter}');
    await waitFor(() => expect(args.onTotpDisable).toHaveBeenCalledWith('111111'));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  },
};
/** The fifth wrong code locked the operator (423): who can unlock, under the card. */
export const DisableLocked: Story = {
  args: {
    me: { username: 'alice', totpEnabled: true, role: 'owner' },
    onTotpDisable: fn(refused(423, 'operator_locked', 'Too many wrong one-time codes: this operator is locked.')),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), '222222{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('separ-admin operators unlock');
  },
};
/** The phone's width: Unlock and Remove wrap within the row. */
export const LockedMobile: Story = {
  args: { operators: WITH_LOCKED, me: { username: 'alice', totpEnabled: true, role: 'owner' } },
  parameters: { mobile: true },
};
