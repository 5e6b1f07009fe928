import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ADMIN_PLANS } from '../AdminLayout/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminPlansScreen, type AdminPlansScreenProps } from './AdminPlansScreen';

function Demo(props: AdminPlansScreenProps) {
  return (
    <InAdmin section="plans">
      <AdminPlansScreen {...props} />
    </InAdmin>
  );
}

const meta = {
  title: 'Admin/AdminPlansScreen',
  component: Demo,
  args: {
    status: 'ready',
    plans: ADMIN_PLANS,
    editing: null,
    onRetry: fn(),
    onEdit: fn(),
    onCancelEdit: fn(),
    onSave: fn(),
    onToggleActive: fn(),
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** A sales operator reads the plans: no new plan, no edit, no activation (CONTRACTS §13). */
export const ReadOnlyForSales: Story = {
  render: (args) => (
    <InAdmin section="plans" operatorRole="sales">
      <AdminPlansScreen {...args} />
    </InAdmin>
  ),
  play: async ({ canvasElement }) => {
    const main = within(canvasElement.querySelector('main')!);
    await expect(main.getAllByRole('row').length).toBeGreaterThan(1);
    await expect(main.queryByRole('button')).toBeNull();
  },
};
export const Loading: Story = { args: { status: 'loading', plans: [] } };
export const Error: Story = { args: { status: 'error', plans: [] } };
export const Empty: Story = { args: { plans: [] } };
export const Toggling: Story = { args: { togglingId: 2 } };
export const ToggleFailed: Story = { args: { toggleError: 'network' } };
/** The form for a new plan, with the card buyers will see beside it. */
export const NewPlan: Story = { args: { editing: 'new' } };
/** A plan with a cheaper card-to-card price: the card shows the discount. */
export const EditPlan: Story = { args: { editing: ADMIN_PLANS[1]! } };
/** Sent empty: every field says what it needs, and nothing is saved. */
export const FormWithErrors: Story = {
  args: { editing: 'new' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^(Price \(|قیمت \()/), '12.5');
    await userEvent.clear(canvas.getByLabelText(/^(Length|مدت)/));
    await userEvent.click(canvas.getByRole('button', { name: /^(Create plan|ساخت پلن)$/ }));
    await expect(canvas.getAllByRole('alert').length).toBeGreaterThan(0);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};
/** A valid form sends the plan's input. */
export const Save: Story = {
  args: { editing: ADMIN_PLANS[0]! },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const devices = canvas.getByLabelText(/^(Devices|تعداد دستگاه)/);
    await userEvent.clear(devices);
    await userEvent.type(devices, '۲');
    await userEvent.click(canvas.getByRole('button', { name: /^(Save changes|ذخیرهٔ تغییرات)$/ }));
    await expect(args.onSave).toHaveBeenCalledWith(
      {
        title: 'یک ماهه ۵۰ گیگ',
        ios: false,
        allowedMB: 51200,
        days: 30,
        devices: 2,
        toman: 120000,
        credit: 120000,
        active: true,
        reset: 'none',
      },
      1,
    );
  },
};
/** CONTRACTS §14: a plan whose data starts again every month sends its period. */
export const SaveWithReset: Story = {
  args: { editing: ADMIN_PLANS[0]! },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText(/^(Data resets|شارژ دوبارهٔ حجم)/), 'month');
    await userEvent.click(canvas.getByRole('button', { name: /^(Save changes|ذخیرهٔ تغییرات)$/ }));
    await expect(args.onSave).toHaveBeenCalledWith(expect.objectContaining({ reset: 'month' }), 1);
  },
};
/** A plan whose data resets every week, opened for editing: the form shows its period. */
export const EditPlanWithReset: Story = { args: { editing: { ...ADMIN_PLANS[0]!, reset: 'week' } } };
export const Saving: Story = { args: { editing: ADMIN_PLANS[0]!, saving: true } };
export const SaveFailed: Story = { args: { editing: ADMIN_PLANS[0]!, saveError: 'conflict' } };
export const Mobile: Story = { parameters: { mobile: true } };
export const MobileForm: Story = { args: { editing: ADMIN_PLANS[1]! }, parameters: { mobile: true } };
