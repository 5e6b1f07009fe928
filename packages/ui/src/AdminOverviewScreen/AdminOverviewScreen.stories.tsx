import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ADMIN_OVERVIEW, ADMIN_OVERVIEW_EMPTY } from '../AdminLayout/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminOverviewScreen, type AdminOverviewScreenProps } from './AdminOverviewScreen';

function Demo(props: AdminOverviewScreenProps) {
  return (
    <InAdmin section="overview">
      <AdminOverviewScreen {...props} />
    </InAdmin>
  );
}

const meta = {
  title: 'Admin/AdminOverviewScreen',
  component: Demo,
  args: { status: 'ready', overview: ADMIN_OVERVIEW, onRetry: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { status: 'loading', overview: undefined } };
export const Error: Story = { args: { status: 'error', overview: undefined } };
export const Retrying: Story = { args: { status: 'error', overview: undefined, retrying: true } };
/** A new shop: no sales and no traffic yet. */
export const Empty: Story = { args: { overview: ADMIN_OVERVIEW_EMPTY } };
export const Mobile: Story = { parameters: { mobile: true } };

/** CONTRACTS §14: the subscription links' current origin, and an older one that still answers. */
export const SubscriptionOrigins: Story = {
  args: {
    overview: {
      ...ADMIN_OVERVIEW,
      subscriptionOrigins: { current: 'https://sub2.example.org', others: ['https://shop.example.com'] },
    },
  },
};
