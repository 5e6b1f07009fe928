import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ADMIN_SETTINGS } from '../AdminLayout/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminSettingsScreen, type AdminSettingsScreenProps } from './AdminSettingsScreen';

function Demo(props: AdminSettingsScreenProps) {
  return (
    <InAdmin section="settings">
      <AdminSettingsScreen {...props} />
    </InAdmin>
  );
}

const meta = {
  title: 'Admin/AdminSettingsScreen',
  component: Demo,
  args: { status: 'ready', settings: ADMIN_SETTINGS, onRetry: fn(), onSave: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { status: 'loading', settings: undefined } };
export const Error: Story = { args: { status: 'error', settings: undefined } };
export const Saving: Story = { args: { saving: true } };
export const Saved: Story = { args: { saved: true } };
export const SaveFailed: Story = { args: { saveError: 'network' } };
/** A link that is not an address and an empty support chat are refused before anything is sent. */
export const FormWithErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText(/^(Support chat|چت پشتیبانی)/));
    const channel = canvas.getByLabelText(/^(News channel|کانال اطلاع‌رسانی)/);
    await userEvent.clear(channel);
    await userEvent.type(channel, 't.me/separ_news');
    await userEvent.click(canvas.getByRole('button', { name: /^(Save settings|ذخیرهٔ تنظیمات)$/ }));
    await expect(canvas.getAllByRole('alert').length).toBeGreaterThan(0);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};
/** The wallet's top-up bounds: whole tomans, the smallest never above the largest. */
export const WalletBoundsInvalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const min = canvas.getByLabelText(/^(Smallest top-up|کمترین مبلغ شارژ)/);
    await userEvent.clear(min);
    await userEvent.type(min, '۶۰۰۰۰۰۰۰');
    const max = canvas.getByLabelText(/^(Largest top-up|بیشترین مبلغ شارژ)/);
    await userEvent.clear(max);
    await userEvent.type(max, '50000');
    await userEvent.click(canvas.getByRole('button', { name: /^(Save settings|ذخیرهٔ تنظیمات)$/ }));
    await expect(canvas.getByText(/(above the largest|بیشتر از بیشترین)/)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    min.scrollIntoView({ block: 'center' });
  },
};
/** Turning free accounts off sends the whole settings. */
export const Save: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: /^(Free accounts on|اکانت رایگان فعال)/ }));
    await userEvent.click(canvas.getByRole('checkbox', { name: /^(Wallet on|کیف پول فعال)/ }));
    const min = canvas.getByLabelText(/^(Smallest top-up|کمترین مبلغ شارژ)/);
    await userEvent.clear(min);
    await userEvent.type(min, '۲۰٬۰۰۰');
    await userEvent.click(canvas.getByRole('button', { name: /^(Save settings|ذخیرهٔ تنظیمات)$/ }));
    await expect(args.onSave).toHaveBeenCalledWith({
      ...ADMIN_SETTINGS,
      freeEnabled: false,
      walletEnabled: false,
      walletMinTopup: 20_000,
    });
  },
};
/** Delivery under blocking: a fragment value out of bounds and a missing one are named before anything is sent. */
export const DeliveryInvalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const packets = canvas.getByLabelText(/^(Fragment packets|فرگمنت: بسته‌ها)/);
    await userEvent.clear(packets);
    await userEvent.type(packets, '0-3');
    await userEvent.clear(canvas.getByLabelText(/^(Fragment interval|فرگمنت: فاصلهٔ تکه‌ها)/));
    await userEvent.click(canvas.getByRole('button', { name: /^(Save settings|ذخیرهٔ تنظیمات)$/ }));
    await expect(canvas.getByText(/(Enter tlshello|tlshello یا یک عدد)/)).toBeVisible();
    await expect(canvas.getByText(/(all three fragment values|هر سه مقدار فرگمنت)/)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    packets.scrollIntoView({ block: 'center' });
  },
};
/** Fragment off, mux on and Iran-direct off send the whole settings. */
export const SaveDelivery: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const label of [
      /^(Fragment packets|فرگمنت: بسته‌ها)/,
      /^(Fragment length|فرگمنت: اندازهٔ هر تکه)/,
      /^(Fragment interval|فرگمنت: فاصلهٔ تکه‌ها)/,
    ])
      await userEvent.clear(canvas.getByLabelText(label));
    await userEvent.click(canvas.getByRole('checkbox', { name: /^(Mux on|مالتی‌پلکس)/ }));
    await userEvent.click(
      canvas.getByRole('checkbox', { name: /^(Iranian sites and addresses direct|سایت‌ها و نشانی‌های ایرانی)/ }),
    );
    await userEvent.click(canvas.getByRole('button', { name: /^(Save settings|ذخیرهٔ تنظیمات)$/ }));
    await expect(args.onSave).toHaveBeenCalledWith({
      ...ADMIN_SETTINGS,
      fragmentPackets: '',
      fragmentLength: '',
      fragmentInterval: '',
      muxEnabled: true,
      iranDirect: false,
    });
  },
};
export const Mobile: Story = { args: { saved: true }, parameters: { mobile: true } };
