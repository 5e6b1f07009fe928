import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { AdminListQuery, AdminPage, AdminUserRow } from '@separ/domain';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { AdminDataTable } from './AdminDataTable';
import { ADMIN_USERS_PAGE } from './adminFixtures';

interface DemoProps {
  status: 'loading' | 'error' | 'ready';
  data: AdminPage<AdminUserRow> | null;
  initialQuery: AdminListQuery;
  onQueryChange(query: AdminListQuery): void;
  onRetry(): void;
}

/** The table with generic columns; the query is kept here, as a container would. */
function Demo({ status, data, initialQuery, onQueryChange, onRetry }: DemoProps) {
  const format = useFormat();
  const [query, setQuery] = useState(initialQuery);
  return (
    <div style={{ padding: 24 }}>
      <AdminDataTable
        caption="Accounts"
        status={status}
        data={data}
        query={query}
        onQueryChange={(next) => {
          setQuery(next);
          onQueryChange(next);
        }}
        onRetry={onRetry}
        searchLabel="Search"
        emptyTitle="Nothing found"
        emptyMessage="Try another search."
        rowKey={(row) => String(row.id)}
        columns={[
          {
            key: 'username',
            header: 'Username',
            sort: { sort: 'username' },
            cell: (row) => <Ltr>{row.username}</Ltr>,
          },
          { key: 'email', header: 'E-mail', cell: (row) => <Ltr>{row.email ?? '—'}</Ltr> },
          {
            key: 'created',
            header: 'Created',
            sort: { sort: 'createdAt', firstDir: 'desc' },
            cell: (row) => format.date(row.createdAt),
          },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Admin/DataTable',
  component: Demo,
  args: { status: 'ready', data: ADMIN_USERS_PAGE, initialQuery: {}, onQueryChange: fn(), onRetry: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

/** The sorted header says so (aria-sort); the others are plain. */
export const Sorted: Story = {
  args: {
    initialQuery: { sort: 'createdAt', dir: 'desc', page: 3, pageSize: 50 },
    data: { ...ADMIN_USERS_PAGE, page: 3, pageSize: 50 },
  },
  play: async ({ canvasElement }) => {
    const headers = within(canvasElement).getAllByRole('columnheader');
    await expect(headers[2]).toHaveAttribute('aria-sort', 'descending');
    await expect(headers[0]).not.toHaveAttribute('aria-sort');
  },
};

export const Loading: Story = { args: { status: 'loading', data: null } };
export const Empty: Story = { args: { data: { items: [], total: 0, page: 1, pageSize: 25 } } };
export const EmptySearch: Story = {
  args: { data: { items: [], total: 0, page: 1, pageSize: 25 }, initialQuery: { q: 'nobody' } },
};
export const Error: Story = { args: { status: 'error', data: null } };
export const Mobile: Story = { parameters: { mobile: true } };

/** A click on a header sorts by it from the first page; a second turns it; the pager moves and resizes. */
export const SortAndPage: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Username/ }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith({ sort: 'username', dir: 'asc', page: 1 });
    await expect(canvas.getAllByRole('columnheader')[0]).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(canvas.getByRole('button', { name: /Username/ }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith({ sort: 'username', dir: 'desc', page: 1 });
    const pager = within(canvas.getByRole('navigation'));
    await expect(pager.getAllByRole('button')[0]).toBeDisabled();
    await userEvent.click(pager.getAllByRole('button')[1]!);
    await expect(args.onQueryChange).toHaveBeenLastCalledWith({ sort: 'username', dir: 'desc', page: 2 });
    await userEvent.selectOptions(pager.getByRole('combobox'), '100');
    await expect(args.onQueryChange).toHaveBeenLastCalledWith({
      sort: 'username',
      dir: 'desc',
      page: 1,
      pageSize: 100,
    });
    await userEvent.type(canvas.getByRole('searchbox'), 'a');
    await expect(args.onQueryChange).toHaveBeenLastCalledWith({
      sort: 'username',
      dir: 'desc',
      page: 1,
      pageSize: 100,
      q: 'a',
    });
  },
};
