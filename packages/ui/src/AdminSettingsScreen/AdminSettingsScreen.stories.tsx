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
/** Turning free accounts off sends the whole settings. */
export const Save: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: /^(Save settings|ذخیرهٔ تنظیمات)$/ }));
    await expect(args.onSave).toHaveBeenCalledWith({ ...ADMIN_SETTINGS, freeEnabled: false });
  },
};
export const Mobile: Story = { args: { saved: true }, parameters: { mobile: true } };
