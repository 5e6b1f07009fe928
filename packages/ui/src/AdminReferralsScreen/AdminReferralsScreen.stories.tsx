import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { AdminReferral, AdminReferralsAnswer } from '@separ/domain';
import { InAdmin } from '../AdminStory';
import { AdminReferralsScreen } from './AdminReferralsScreen';

/** Referred orders of each kind the list shows, newest first, with fixed dates. */
const ROWS: AdminReferral[] = [
  {
    resNum: 'S20261121-4829137705',
    state: 'pending',
    inviter: 'sara_k',
    buyerUsername: null,
    buyerEmail: 'late.buyer@example.com',
    amount: 145_000,
    usdCents: null,
    createdAt: '2026-11-21T18:40:00.000Z',
    paidAt: null,
    reward: 0,
    noReward: 'notCompleted',
  },
  {
    resNum: 'S20261121-1180462291',
    state: 'paid',
    inviter: 'sara_k',
    buyerUsername: 'u58213',
    buyerEmail: 'nima.r@example.com',
    amount: 390_000,
    usdCents: 650,
    createdAt: '2026-11-21T09:12:00.000Z',
    paidAt: '2026-11-21T09:20:00.000Z',
    reward: 39_000,
    noReward: null,
  },
  {
    resNum: 'S20261120-7712093345',
    state: 'paid',
    inviter: 'sara_k',
    buyerUsername: 'sara_k',
    buyerEmail: 'sara@example.com',
    amount: 145_000,
    usdCents: null,
    createdAt: '2026-11-20T16:05:00.000Z',
    paidAt: '2026-11-20T16:06:00.000Z',
    reward: 0,
    noReward: 'ownAccount',
  },
  {
    resNum: 'S20261119-3390157720',
    state: 'paid',
    inviter: 'mehdi_92',
    buyerUsername: 'u57990',
    buyerEmail: 'mehdi@example.com',
    amount: 145_000,
    usdCents: null,
    createdAt: '2026-11-19T11:30:00.000Z',
    paidAt: '2026-11-19T11:31:00.000Z',
    reward: 0,
    noReward: 'ownEmail',
  },
  {
    resNum: 'S20261118-6604218873',
    state: 'paid',
    inviter: 'mehdi_92',
    buyerUsername: 'u57871',
    buyerEmail: 'parisa.h@example.com',
    amount: 145_000,
    usdCents: null,
    createdAt: '2026-11-18T20:44:00.000Z',
    paidAt: '2026-11-18T20:45:00.000Z',
    reward: 0,
    noReward: 'percentOff',
  },
  {
    resNum: 'S20261117-2209871134',
    state: 'paid',
    inviter: 'mehdi_92',
    buyerUsername: 'u57702',
    buyerEmail: 'ali.m@example.com',
    amount: 290_000,
    usdCents: null,
    createdAt: '2026-11-17T08:02:00.000Z',
    paidAt: '2026-11-17T08:03:00.000Z',
    reward: 29_000,
    noReward: null,
  },
];

const ANSWER: AdminReferralsAnswer = {
  items: ROWS,
  total: ROWS.length,
  page: 1,
  pageSize: 25,
  percent: 10,
  totals: { referrals: ROWS.length, completed: 5, paid: 68_000 },
  topInviters: [
    { inviter: 'sara_k', referrals: 2, paid: 39_000 },
    { inviter: 'mehdi_92', referrals: 3, paid: 29_000 },
  ],
};

const EMPTY: AdminReferralsAnswer = {
  items: [],
  total: 0,
  page: 1,
  pageSize: 25,
  percent: 10,
  totals: { referrals: 0, completed: 0, paid: 0 },
  topInviters: [],
};

const meta = {
  title: 'Admin/Referrals',
  component: AdminReferralsScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    status: 'ready',
    data: ANSWER,
    query: {},
    onQueryChange: fn(),
    onRetry: fn(),
    settingsTo: '/admin/settings',
    userTo: (username: string) => `/admin/users/${username}`,
    orderTo: (resNum: string) => `/admin/orders/${resNum}`,
  },
} satisfies Meta<typeof AdminReferralsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each row's reward, or why none; the percent with its link to the settings; the top inviters. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: /settings|تنظیمات/i })).toHaveAttribute('href', '/admin/settings');
    const rows = canvas.getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(ROWS.length);
    // A reward or a reason on every row, never both.
    await expect(rows[2]).toHaveTextContent(/own account|حساب خود معرف/);
    await expect(rows[0]).toHaveTextContent(/Not completed|تکمیل نشده/);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};
/** The shop pays no referrals: said so, with the way to turn them on. */
export const RewardsOff: Story = {
  args: { data: { ...ANSWER, percent: 0 } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent(/rewards are off|پاداش معرفی خاموش است/);
  },
};
export const Searched: Story = {
  args: {
    query: { q: 'mehdi_92' },
    data: { ...ANSWER, items: ROWS.filter((row) => row.inviter === 'mehdi_92'), total: 3 },
  },
};
export const NoMatch: Story = {
  args: { query: { q: 'nobody' }, data: { ...ANSWER, items: [], total: 0 } },
};
export const Empty: Story = { args: { data: EMPTY } };
export const Loading: Story = { args: { status: 'loading', data: null } };
export const Error: Story = { args: { status: 'error', data: null } };
export const Mobile: Story = { parameters: { mobile: true } };
