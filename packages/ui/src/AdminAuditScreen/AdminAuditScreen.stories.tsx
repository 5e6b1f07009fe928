import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { AdminAuditEntry } from '@separ/domain';
import { ADMIN_AUDIT, ADMIN_AUDIT_PAGE } from '../AdminDataTable/adminFixtures';
import { InAdmin } from '../AdminStory';
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

/** A lock of wrong one-time codes, as the server writes it: failed sign-in, wrong codes, the lock, the unlock. */
const LOCK_ENTRIES: AdminAuditEntry[] = [
  {
    id: 610,
    at: '2026-05-21T10:02:00.000Z',
    operator: 'alice',
    action: 'operator.unlock',
    target: 'operator:reza',
    before: { locked: true },
    after: { locked: false },
  },
  {
    id: 609,
    at: '2026-05-21T09:41:00.000Z',
    operator: 'reza',
    action: 'operator.sign-in-failed',
    target: 'operator:reza',
    before: null,
    after: { reason: 'operator_locked', ip: '203.0.113.7' },
  },
  {
    id: 608,
    at: '2026-05-21T09:40:00.000Z',
    operator: 'reza',
    action: 'operator.lock',
    target: 'operator:reza',
    before: { locked: false },
    after: { locked: true, wrongCodes: 5 },
  },
  {
    id: 607,
    at: '2026-05-21T09:40:00.000Z',
    operator: 'reza',
    action: 'operator.otp-wrong',
    target: 'operator:reza',
    before: null,
    after: { ip: '203.0.113.7', wrongCodes: 5 },
  },
  {
    id: 606,
    at: '2026-05-21T09:30:00.000Z',
    operator: 'root@cli',
    action: 'operator.totp-off',
    target: 'operator:sahar',
    before: { totpEnabled: true },
    after: { totpEnabled: false },
  },
];

/** Each of these actions has its own label, with the server's code under it. */
export const OperatorLock: Story = {
  args: { data: { items: LOCK_ENTRIES, total: LOCK_ENTRIES.length, page: 1, pageSize: 25 } },
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(LOCK_ENTRIES.length);
    for (const [index, entry] of LOCK_ENTRIES.entries()) {
      // A known action: its label, and its code in small print under it.
      const code = [...rows[index]!.querySelectorAll('small')].find((small) => small.textContent === entry.action);
      await expect(code).toBeDefined();
    }
    await expect(canvasElement).not.toHaveTextContent('audit.actions');
  },
};
