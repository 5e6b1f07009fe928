import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { AdminApiToken, AdminWebhook, AdminWebhookDelivery } from '@separ/domain';
import { InAdmin } from '../AdminStory';
import { AdminAutomationScreen, type AdminDeliveryLog } from './AdminAutomationScreen';

const TOKENS: AdminApiToken[] = [
  {
    name: 'accounting-script',
    role: 'support',
    createdAt: '2026-05-02T08:00:00.000Z',
    createdBy: 'alice',
    lastUsedAt: '2026-05-21T09:40:00.000Z',
  },
  { name: 'crm.sync', role: 'admin', createdAt: '2026-05-10T14:30:00.000Z', createdBy: 'alice', lastUsedAt: null },
];

const WEBHOOKS: AdminWebhook[] = [
  {
    id: 1,
    url: 'https://hooks.example.com/separ',
    events: ['order.paid', 'user.created'],
    createdAt: '2026-05-03T10:00:00.000Z',
    createdBy: 'alice',
    pending: 0,
    lastDeliveredAt: '2026-05-21T09:55:00.000Z',
  },
  {
    id: 2,
    url: 'http://10.0.0.5:8080/alerts',
    events: ['node.silent', 'node.back', 'gateway.failing'],
    createdAt: '2026-05-12T07:20:00.000Z',
    createdBy: 'alice',
    pending: 2,
    lastDeliveredAt: null,
  },
];

const DELIVERIES: AdminWebhookDelivery[] = [
  {
    id: 14,
    event: 'order.paid',
    state: 'pending',
    attempts: 2,
    lastStatus: 500,
    lastError: 'HTTP 500: upstream unavailable',
    createdAt: '2026-05-21T09:58:00.000Z',
    nextAttemptAt: '2026-05-21T10:00:00.000Z',
    deliveredAt: null,
  },
  {
    id: 12,
    event: 'user.created',
    state: 'delivered',
    attempts: 3,
    lastStatus: 200,
    lastError: null,
    createdAt: '2026-05-21T09:50:00.000Z',
    nextAttemptAt: null,
    deliveredAt: '2026-05-21T09:55:00.000Z',
  },
  {
    id: 9,
    event: 'test',
    state: 'delivered',
    attempts: 1,
    lastStatus: 204,
    lastError: null,
    createdAt: '2026-05-20T12:00:00.000Z',
    nextAttemptAt: null,
    deliveredAt: '2026-05-20T12:00:01.000Z',
  },
  {
    id: 3,
    event: 'order.paid',
    state: 'failed',
    attempts: 41,
    lastStatus: 302,
    lastError: 'Redirect to https://login.example.com/ not followed.',
    createdAt: '2026-05-14T08:00:00.000Z',
    nextAttemptAt: null,
    deliveredAt: null,
  },
];

const LOG: AdminDeliveryLog = {
  webhookId: 1,
  status: 'ready',
  data: { items: DELIVERIES, total: DELIVERIES.length, page: 1, pageSize: 25 },
  query: {},
  onQueryChange: fn(),
  onRetry: fn(),
};

const CREATED_TOKEN = {
  name: 'reports',
  role: 'sales' as const,
  token: 'separ_q9XvA2mN7tR4kL8pW3zY6cB1dF5gH0jS2eU7iO4aK9',
};
const CREATED_WEBHOOK = {
  webhook: { ...WEBHOOKS[0]!, id: 3, pending: 0, lastDeliveredAt: null },
  secret: 'whsec_3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e2b4d6f0a1c3e5b7d',
};

/** A page tall enough for a dialog (the screenshot takes the story's own box). */
const tall: Decorator = (Story) => <div style={{ minBlockSize: 980 }}>{Story()}</div>;

const meta = {
  title: 'Admin/Automation',
  component: AdminAutomationScreen,
  decorators: [(Story) => <InAdmin>{Story()}</InAdmin>],
  args: {
    tokensStatus: 'ready',
    tokens: TOKENS,
    onRetryTokens: fn(),
    onAddToken: fn(async () => CREATED_TOKEN),
    onRevokeToken: fn(async () => undefined),
    webhooksStatus: 'ready',
    webhooks: WEBHOOKS,
    onRetryWebhooks: fn(),
    onAddWebhook: fn(async () => CREATED_WEBHOOK),
    onRemoveWebhook: fn(async () => undefined),
    onTestWebhook: fn(async () => undefined),
    onShowDeliveries: fn(),
  },
} satisfies Meta<typeof AdminAutomationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = {
  args: { tokensStatus: 'loading', tokens: null, webhooksStatus: 'loading', webhooks: null },
};
export const Error: Story = { args: { tokensStatus: 'error', tokens: null, webhooksStatus: 'error', webhooks: null } };
export const Empty: Story = { args: { tokens: [], webhooks: [] } };
/** A webhook's delivery log: delivered, retrying, given up, each with its attempts and last answer. */
export const DeliveryLog: Story = { args: { deliveries: LOG } };
/** The test button: the event is queued and the log opens. */
export const TestSent: Story = {
  args: { deliveries: LOG },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: /test event to http:\/\/10\.0\.0\.5|آزمایشی به http:\/\/10\.0\.0\.5/ }),
    );
    await expect(args.onTestWebhook).toHaveBeenCalledWith(2);
    await expect(args.onShowDeliveries).toHaveBeenCalledWith(2);
    await expect(await canvas.findByRole('status')).toBeInTheDocument();
  },
};
export const AddToken: Story = { decorators: [tall], args: { initial: { addingToken: true } } };
/** The token is shown once, with a copy button. */
export const TokenCreated: Story = { decorators: [tall], args: { initial: { createdToken: CREATED_TOKEN } } };
export const ConfirmRevoke: Story = { decorators: [tall], args: { initial: { revoking: 'crm.sync' } } };
export const AddWebhook: Story = { decorators: [tall], args: { initial: { addingWebhook: true } } };
/** A URL that is not http(s) and no event: each field says what is wrong, nothing is sent. */
export const AddWebhookInvalid: Story = {
  decorators: [tall],
  args: { initial: { addingWebhook: true } },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox'), 'ftp://files.example.com');
    await userEvent.click(dialog.getByRole('checkbox', { checked: true }));
    await userEvent.click(dialog.getByRole('button', { name: /Create webhook|ساخت وب‌هوک/ }));
    await expect(args.onAddWebhook).not.toHaveBeenCalled();
    await expect(dialog.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  },
};
/** The owner adds a webhook for two events: the secret is shown once. */
export const WebhookCreated: Story = {
  decorators: [tall],
  args: { initial: { addingWebhook: true } },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox'), 'https://hooks.example.com/separ');
    await userEvent.click(dialog.getByRole('checkbox', { name: /user\.created/ }));
    await userEvent.click(dialog.getByRole('button', { name: /Create webhook|ساخت وب‌هوک/ }));
    await expect(args.onAddWebhook).toHaveBeenCalledWith({
      url: 'https://hooks.example.com/separ',
      events: ['order.paid', 'user.created'],
    });
    await expect(await within(document.body).findByText(CREATED_WEBHOOK.secret)).toBeInTheDocument();
  },
};
export const ConfirmRemove: Story = { decorators: [tall], args: { initial: { removing: 2 } } };
export const Mobile: Story = { args: { deliveries: LOG }, parameters: { mobile: true } };
