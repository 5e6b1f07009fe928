import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { AdminBulkOutcome, AdminBulkRequest } from '@separ/domain';
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

// --- Bulk actions (admin and owner): the stories below give the screen `onBulk` -----------------

const bulk = {
  onBulk: fn(async (request: AdminBulkRequest): Promise<AdminBulkOutcome> => ({
    action: request.action,
    matched: 12,
    count: request.action === 'delete-expired' ? 9 : 11,
    skipped: request.action === 'delete-expired' ? 3 : 1,
    dryRun: request.dryRun === true,
  })),
};
const twoUsernames = ADMIN_USERS_PAGE.items.slice(0, 2).map((row) => row.username);
const pageUsernames = ADMIN_USERS_PAGE.items.map((row) => row.username);
const dialog = () => within(document.body).findByRole('dialog');

/** Two accounts ticked: the bar with their count and the actions. */
export const BulkSelected: Story = { args: { ...bulk, initialSelection: twoUsernames } };
/** The whole page ticked while the search finds more: the bar offers to take them all. */
export const BulkPageSelected: Story = { args: { ...bulk, initialSelection: pageUsernames } };
/** Every account the search finds, taken at once. */
export const BulkAllMatching: Story = {
  args: { ...bulk, query: { q: 'sp' }, initialSelection: pageUsernames, initialMatching: true },
};
export const BulkExtend: Story = {
  args: { ...bulk, initialSelection: twoUsernames, initialBulkDialog: { action: 'extend' } },
};
export const BulkAddData: Story = {
  args: { ...bulk, initialSelection: pageUsernames, initialMatching: true, initialBulkDialog: { action: 'add-data' } },
};
export const BulkSuspend: Story = {
  args: { ...bulk, initialSelection: twoUsernames, initialBulkDialog: { action: 'suspend' } },
};
/** Deleting first asks how long ago the accounts expired, and counts them (a dry run). */
export const BulkDeleteFind: Story = {
  args: {
    ...bulk,
    initialSelection: pageUsernames,
    initialMatching: true,
    initialBulkDialog: { action: 'delete-expired' },
  },
};
/** Then the count must be typed (Persian digits too); a wrong number deletes nothing. */
export const BulkDeleteConfirm: Story = {
  args: {
    ...bulk,
    initialSelection: pageUsernames,
    initialMatching: true,
    initialBulkDialog: { action: 'delete-expired', found: 9 },
  },
  play: async ({ args }) => {
    const box = within(await dialog());
    await userEvent.type(box.getByRole('textbox'), '8');
    await userEvent.keyboard('{Enter}');
    // The refusal is drawn after the key's event: waited for, as a loaded machine draws it later.
    await waitFor(() => expect(box.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true'));
    await expect(args.onBulk).not.toHaveBeenCalled();
  },
};
export const BulkDeleteSent: Story = {
  parameters: { screenshot: false },
  args: {
    ...bulk,
    query: { q: 'sp' },
    initialSelection: pageUsernames,
    initialMatching: true,
    initialBulkDialog: { action: 'delete-expired', found: 9 },
  },
  play: async ({ args }) => {
    const box = within(await dialog());
    await userEvent.type(box.getByRole('textbox'), '۹');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onBulk).toHaveBeenCalledWith({
        action: 'delete-expired',
        filter: { q: 'sp' },
        days: 30,
        confirm: '9',
      }),
    );
  },
};
export const BulkNothingToDelete: Story = {
  args: { ...bulk, initialSelection: twoUsernames, initialBulkDialog: { action: 'delete-expired', found: 0 } },
};
/** Done: the result's count, and those left as they were. */
export const BulkDone: Story = {
  args: { ...bulk, initialOutcome: { action: 'add-data', matched: 12, count: 11, skipped: 1, dryRun: false } },
};
/** A refused action keeps the dialog open with the server's message. */
export const BulkFailed: Story = {
  args: {
    initialSelection: twoUsernames,
    initialBulkDialog: { action: 'unsuspend' },
    onBulk: fn(async (_request: AdminBulkRequest): Promise<AdminBulkOutcome> =>
      Promise.reject({ status: 404, data: { ok: false, message: 'No user named "sp482913".', code: 'not_found' } }),
    ),
  },
  play: async () => {
    const box = within(await dialog());
    await userEvent.click(box.getAllByRole('button').at(-1)!);
    await expect(await box.findByRole('alert')).toHaveTextContent('sp482913');
  },
};
export const BulkMobile: Story = { parameters: { mobile: true }, args: { ...bulk, initialSelection: twoUsernames } };
