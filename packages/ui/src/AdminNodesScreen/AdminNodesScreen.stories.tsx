import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  ADMIN_COUNTRIES,
  ADMIN_NODE_SECRET,
  ADMIN_NODES,
  ADMIN_RADIUS_CLIENTS,
  ADMIN_SERVERS,
} from '../AdminLayout/adminFixtures';
import { InAdmin } from '../AdminStory';
import { AdminNodesScreen, type AdminNodesScreenProps } from './AdminNodesScreen';

function Demo(props: AdminNodesScreenProps) {
  return (
    <InAdmin section="nodes">
      <AdminNodesScreen {...props} />
    </InAdmin>
  );
}

const ready = <T,>(items: T[]) => ({ status: 'ready' as const, items });

const meta = {
  title: 'Admin/AdminNodesScreen',
  component: Demo,
  args: {
    tab: 'nodes',
    onTabChange: fn(),
    onRetry: fn(),
    nodes: ready(ADMIN_NODES),
    editingNode: null,
    onEditNode: fn(),
    onCancelNode: fn(),
    onSaveNode: fn(),
    onRotateToken: fn(),
    onDeleteNode: fn(),
    secret: null,
    onCloseSecret: fn(),
    radiusClients: ready(ADMIN_RADIUS_CLIENTS),
    onAddRadiusClient: fn(),
    onRemoveRadiusClient: fn(),
    countries: ready(ADMIN_COUNTRIES),
    onAddCountry: fn(),
    onRemoveCountry: fn(),
    servers: ready(ADMIN_SERVERS),
    onAddServer: fn(),
    onRemoveServer: fn(),
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Nodes: Story = {};
export const NodesLoading: Story = { args: { nodes: { status: 'loading', items: [] } } };
export const NodesError: Story = { args: { nodes: { status: 'error', items: [] } } };
export const NodesEmpty: Story = { args: { nodes: ready([]) } };
export const NewNode: Story = { args: { editingNode: 'new' } };
export const EditNode: Story = { args: { editingNode: ADMIN_NODES[1]! } };
/** Sent empty: the REALITY fields a new VLESS node needs are asked for. */
export const NodeFormWithErrors: Story = {
  args: { editingNode: 'new' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(Create node|ساخت نود)$/ }));
    await expect(canvas.getAllByRole('alert').length).toBeGreaterThan(0);
    await expect(args.onSaveNode).not.toHaveBeenCalled();
  },
};
/** Rotating a token asks first, then reports the node. */
export const RotateConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(New token|توکن تازه): de-fra-1$/ }));
    const dialog = within(canvasElement.ownerDocument.querySelector('dialog[open]') as HTMLElement);
    await expect(dialog.getByRole('heading')).toBeVisible();
    await expect(args.onRotateToken).not.toHaveBeenCalled();
  },
};
export const Rotate: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(New token|توکن تازه): de-fra-1$/ }));
    const dialog = within(canvasElement.ownerDocument.querySelector('dialog[open]') as HTMLElement);
    await userEvent.click(dialog.getByRole('button', { name: /^(Make a new token|ساخت توکن تازه)$/ }));
    await expect(args.onRotateToken).toHaveBeenCalledWith(ADMIN_NODES[0]);
  },
};
/** After a create or a rotation: the token and V2bX config, once. */
export const TokenShownOnce: Story = { args: { secret: ADMIN_NODE_SECRET } };
export const Radius: Story = { args: { tab: 'radius' } };
export const RadiusWarning: Story = {
  args: {
    tab: 'radius',
    radiusWarning: 'This client does not require Message-Authenticator: update ocserv and turn it on.',
  },
};
export const RadiusEmpty: Story = { args: { tab: 'radius', radiusClients: ready([]) } };
/** The add form refuses a host name and a short secret. */
export const RadiusFormWithErrors: Story = {
  args: { tab: 'radius' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^(IP address|نشانی IP)$/), 'ocserv.example');
    await userEvent.type(canvas.getByLabelText(/^(Shared secret|رمز مشترک)$/), 'short');
    await userEvent.click(canvas.getByRole('button', { name: /^(Add client|افزودن کلاینت)$/ }));
    await expect(args.onAddRadiusClient).not.toHaveBeenCalled();
  },
};
export const Countries: Story = { args: { tab: 'countries' } };
export const CountriesLoading: Story = { args: { tab: 'countries', countries: { status: 'loading', items: [] } } };
/** A country already in the list is refused before it is sent. */
export const CountryDuplicate: Story = {
  args: { tab: 'countries' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^(Country code|کد کشور)$/), 'de');
    await userEvent.click(canvas.getByRole('button', { name: /^(Add country|افزودن کشور)$/ }));
    await expect(args.onAddCountry).not.toHaveBeenCalled();
  },
};
/** A valid country is sent, its code in capitals. */
export const AddCountry: Story = {
  args: { tab: 'countries' },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^(Country code|کد کشور)$/), 'se');
    await userEvent.type(canvas.getByLabelText(/^(Persian name|نام فارسی)$/), 'سوئد');
    await userEvent.type(canvas.getByLabelText(/^(English name|نام انگلیسی)$/), 'Sweden');
    await userEvent.click(canvas.getByRole('button', { name: /^(Add country|افزودن کشور)$/ }));
    await expect(args.onAddCountry).toHaveBeenCalledWith({ code: 'SE', title: 'Sweden', titleFa: 'سوئد' });
  },
};
export const Servers: Story = { args: { tab: 'servers' } };
export const ServersError: Story = { args: { tab: 'servers', servers: { status: 'error', items: [] } } };
export const ServerAddFailed: Story = { args: { tab: 'servers', serverError: 'conflict' } };
export const Mobile: Story = { parameters: { mobile: true } };
export const MobileForm: Story = { args: { editingNode: ADMIN_NODES[0]! }, parameters: { mobile: true } };
