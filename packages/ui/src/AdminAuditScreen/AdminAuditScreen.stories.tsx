import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ADMIN_AUDIT, ADMIN_AUDIT_PAGE } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminDataTable/storyAdmin';
import { AdminAuditScreen } from './AdminAuditScreen';

const meta = {
  title: 'Admin/Audit',
  component: AdminAuditScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: { status: 'ready', data: ADMIN_AUDIT_PAGE, query: {}, onQueryChange: fn(), onRetry: fn() },
} satisfies Meta<typeof AdminAuditScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each row shows only the fields that changed: the plan's price and state, not its title. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    const plan = rows[2]!;
    await expect(plan.querySelectorAll('ins')).toHaveLength(2);
    await expect(plan).not.toHaveTextContent('Six months');
  },
};
export const Searched: Story = {
  args: {
    query: { q: 'alice', sort: 'at', dir: 'desc' },
    data: { items: ADMIN_AUDIT.filter((entry) => entry.operator === 'alice'), total: 3, page: 1, pageSize: 25 },
  },
};
export const NoMatch: Story = {
  args: { query: { q: 'mallory' }, data: { items: [], total: 0, page: 1, pageSize: 25 } },
};
export const Empty: Story = { args: { data: { items: [], total: 0, page: 1, pageSize: 25 } } };
export const Loading: Story = { args: { status: 'loading', data: null } };
export const Error: Story = { args: { status: 'error', data: null } };
export const Mobile: Story = { parameters: { mobile: true } };
