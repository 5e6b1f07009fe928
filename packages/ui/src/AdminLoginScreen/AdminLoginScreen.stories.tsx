import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminLanguageButton } from '../AdminLayout';
import { AdminLoginScreen } from './AdminLoginScreen';

const meta = {
  title: 'Admin/AdminLoginScreen',
  component: AdminLoginScreen,
  args: {
    step: 'credentials',
    submitting: false,
    error: null,
    onSubmit: fn(),
    onBack: fn(),
    languageSwitch: <AdminLanguageButton onToggle={() => undefined} />,
  },
} satisfies Meta<typeof AdminLoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Credentials: Story = {};
export const Submitting: Story = { args: { submitting: true, defaultUsername: 'alice' } };
export const BadCredentials: Story = { args: { error: 'bad_credentials', defaultUsername: 'alice' } };
export const Throttled: Story = { args: { error: 'throttled', defaultUsername: 'alice' } };
export const NetworkError: Story = { args: { error: 'network', defaultUsername: 'alice' } };
/** Sent with an empty field: the screen says so and sends nothing. */
export const MissingFields: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('button').at(-1)!);
    await expect(canvas.getByRole('alert')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
/** The password was right and the operator uses one-time codes. */
export const OtpStep: Story = { args: { step: 'otp', defaultUsername: 'alice' } };
export const BadOtp: Story = { args: { step: 'otp', error: 'bad_otp', defaultUsername: 'alice' } };
/** Too many wrong codes (423 operator_locked): who can unlock it, and the command on the server. */
export const Locked: Story = {
  args: { error: 'operator_locked', defaultUsername: 'Reza' },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert.querySelector('code')).toHaveTextContent('separ-admin operators unlock reza');
  },
};
export const LockedMobile: Story = {
  args: { error: 'operator_locked', defaultUsername: 'reza' },
  parameters: { mobile: true },
};
/** A code typed in Persian digits is sent in Latin ones; five digits are refused here. */
export const OtpSubmit: Story = {
  parameters: { screenshot: false },
  args: { step: 'otp', defaultUsername: 'alice' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox');
    await userEvent.type(input, '۱۲۳۴۵');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(input, '۶');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ username: 'alice', password: '', otp: '123456' });
  },
};
export const Mobile: Story = {
  args: { error: 'bad_credentials', defaultUsername: 'alice' },
  parameters: { mobile: true },
};
