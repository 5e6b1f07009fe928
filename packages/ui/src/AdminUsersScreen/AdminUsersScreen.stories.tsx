import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ADMIN_USERS_PAGE } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminUsersScreen } from './AdminUsersScreen';

const meta = {
  title: 'Admin/Users',
  component: AdminUsersScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    data: ADMIN_USERS_PAGE,
    query: {},
    onQueryChange: fn(),
    onRetry: fn(),
    userTo: (username: string) => `/admin/users/${username}`,
  },
} satisfies Meta<typeof AdminUsersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** A search and a sort applied, on the second page of 50. */
export const SearchedAndSorted: Story = {
  args: {
    query: { q: 'example.com', sort: 'usedBytes', dir: 'desc', page: 2, pageSize: 50 },
    data: { ...ADMIN_USERS_PAGE, total: 57, page: 2, pageSize: 50 },
  },
};
export const Loading: Story = { args: { status: 'loading', data: null } };
export const Empty: Story = { args: { data: { items: [], total: 0, page: 1, pageSize: 25 } } };
export const NoMatch: Story = {
  args: { query: { q: 'nobody' }, data: { items: [], total: 0, page: 1, pageSize: 25 } },
};
export const Error: Story = { args: { status: 'error', data: null } };
export const Mobile: Story = { parameters: { mobile: true } };
