import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ADMIN_ORDERS_PAGE, ADMIN_RECONCILE } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminOrdersScreen } from './AdminOrdersScreen';

const meta = {
  title: 'Admin/Orders',
  component: AdminOrdersScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    data: ADMIN_ORDERS_PAGE,
    query: {},
    onQueryChange: fn(),
    onRetry: fn(),
    orderTo: (resNum: string) => `/admin/orders/${resNum}`,
    userTo: (username: string) => `/admin/users/${username}`,
    onReconcile: fn(async () => ADMIN_RECONCILE),
  },
} satisfies Meta<typeof AdminOrdersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** State, gate and a date range applied (the dates also read in the calendar of the language). */
export const Filtered: Story = {
  args: {
    query: { state: 'paid', gate: 'ird', from: '2026-05-01', to: '2026-05-21', q: 'example.com' },
    data: { items: ADMIN_ORDERS_PAGE.items.slice(0, 1), total: 1, page: 1, pageSize: 25 },
  },
};
export const NoMatch: Story = {
  args: { query: { state: 'expired', gate: 'ird' }, data: { items: [], total: 0, page: 1, pageSize: 25 } },
};
export const Empty: Story = { args: { data: { items: [], total: 0, page: 1, pageSize: 25 } } };
export const Loading: Story = { args: { status: 'loading', data: null } };
export const Error: Story = { args: { status: 'error', data: null } };
export const ReconcileSummary: Story = { args: { initialSummary: ADMIN_RECONCILE } };
export const Mobile: Story = { parameters: { mobile: true } };

/** Reconcile now shows the bank's answer; a failure says so. */
export const ReconcileNow: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('button')[0]!);
    await expect(args.onReconcile).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvasElement.querySelector('[data-key="checked"] dd')).toBeTruthy());
  },
};

export const ReconcileFailed: Story = {
  args: { onReconcile: fn(async () => Promise.reject(new globalThis.Error('Gateway timed out'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('button')[0]!);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Gateway timed out');
  },
};

/** A range that ends before it starts is refused and not sent. */
export const BadDateRange: Story = {
  args: { query: { from: '2026-05-10' } },
  play: async ({ canvasElement, args }) => {
    const to = canvasElement.querySelectorAll<HTMLInputElement>('input[type="date"]')[1]!;
    await userEvent.type(to, '2026-05-01');
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onQueryChange).not.toHaveBeenCalledWith(expect.objectContaining({ to: '2026-05-01' }));
  },
};

/** Filters report the whole query from the first page. */
export const FilterChange: Story = {
  parameters: { screenshot: false },
  args: { query: { page: 3 } },
  play: async ({ canvasElement, args }) => {
    const [state] = within(canvasElement).getAllByRole('combobox');
    await userEvent.selectOptions(state!, 'failed');
    await expect(args.onQueryChange).toHaveBeenLastCalledWith({ page: 1, state: 'failed' });
  },
};
