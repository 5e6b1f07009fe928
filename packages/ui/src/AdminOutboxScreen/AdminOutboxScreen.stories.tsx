import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ADMIN_OUTBOX, ADMIN_OUTBOX_PAGE } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminOutboxScreen } from './AdminOutboxScreen';

const meta = {
  title: 'Admin/Outbox',
  component: AdminOutboxScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    data: ADMIN_OUTBOX_PAGE,
    query: {},
    onQueryChange: fn(),
    onRetry: fn(),
    onResend: fn(async () => undefined),
  },
} satisfies Meta<typeof AdminOutboxScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** Only the messages still waiting. */
export const Waiting: Story = {
  args: { query: { state: 'waiting' }, data: { items: ADMIN_OUTBOX.slice(0, 1), total: 1, page: 1, pageSize: 25 } },
};
export const Empty: Story = { args: { data: { items: [], total: 0, page: 1, pageSize: 25 } } };
export const NoneWaiting: Story = {
  args: { query: { state: 'waiting' }, data: { items: [], total: 0, page: 1, pageSize: 25 } },
};
export const Loading: Story = { args: { status: 'loading', data: null } };
export const Error: Story = { args: { status: 'error', data: null } };
export const Mobile: Story = { parameters: { mobile: true } };

/** Resend queues the message again and says so on its row; a refusal shows there too. */
export const Resent: Story = {
  play: async ({ canvasElement, args }) => {
    const table = within(canvasElement.querySelector('table')!);
    await userEvent.click(table.getAllByRole('button', { name: /Resend|ارسال دوباره/ })[0]!);
    await expect(args.onResend).toHaveBeenCalledWith(88);
    await waitFor(() => expect(table.getAllByRole('status')[0]).not.toBeEmptyDOMElement());
  },
};

export const ResendFailed: Story = {
  args: { onResend: fn(async () => Promise.reject({ status: 404, data: { message: 'Message not found' } })) },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement.querySelector('table')!);
    await userEvent.click(table.getAllByRole('button', { name: /Resend|ارسال دوباره/ })[0]!);
    await waitFor(() => expect(table.getAllByRole('status')[0]).toHaveTextContent('Message not found'));
  },
};

/** The filter chips report the state from the first page. */
export const FilterSent: Story = {
  parameters: { screenshot: false },
  args: { query: { page: 2 } },
  play: async ({ canvasElement, args }) => {
    const group = within(within(canvasElement).getByRole('group'));
    await userEvent.click(group.getAllByRole('button')[2]!);
    await expect(args.onQueryChange).toHaveBeenLastCalledWith({ page: 1, state: 'sent' });
  },
};
