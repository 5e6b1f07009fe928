import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AdminNodeHost } from '@separ/domain';
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

/** The second node's extra addresses (CONTRACTS §14): a CDN with its own SNI and host header, a clean IP, a relay paused. */
const NODE_HOSTS: AdminNodeHost[] = [
  {
    id: 1,
    nodeId: 2,
    address: 'cdn.separ.example',
    port: 443,
    sni: 'ams1.separ.example',
    host: 'ams1.separ.example',
    remark: 'CDN',
    paused: false,
    sort: 0,
    createdAt: '2026-11-20T09:30:00.000Z',
  },
  {
    id: 2,
    nodeId: 2,
    address: '203.0.113.24',
    port: null,
    sni: null,
    host: null,
    remark: null,
    paused: false,
    sort: 1,
    createdAt: '2026-11-21T14:05:00.000Z',
  },
  {
    id: 3,
    nodeId: 2,
    address: 'relay.separ.example',
    port: 2053,
    sni: null,
    host: null,
    remark: 'Relay',
    paused: true,
    sort: 2,
    createdAt: '2026-11-22T18:40:00.000Z',
  },
];
/** The add form of the hosts panel (the node's own form has a port and an address too). */
const hostForm = (canvasElement: HTMLElement) =>
  within(canvasElement.querySelector('[aria-labelledby="nodeHosts-add-title"]') as HTMLElement);
const hostsArgs = {
  editingNode: ADMIN_NODES[1]!,
  nodeHosts: ready(NODE_HOSTS),
  onRetryNodeHosts: fn(),
  onAddNodeHost: fn(),
  onSetNodeHostPaused: fn(),
  onRemoveNodeHost: fn(),
};
/** Under an existing node's form: its extra addresses, active and paused. */
export const NodeHosts: Story = { args: hostsArgs };
export const NodeHostsEmpty: Story = { args: { ...hostsArgs, nodeHosts: ready([]) } };
export const NodeHostsLoading: Story = { args: { ...hostsArgs, nodeHosts: { status: 'loading', items: [] } } };
export const NodeHostsError: Story = { args: { ...hostsArgs, nodeHosts: { status: 'error', items: [] } } };
export const NodeHostAddFailed: Story = { args: { ...hostsArgs, nodeHostError: 'invalid' } };
/** Junk is refused before it is sent: an address that is none, a port out of range. */
export const NodeHostFormWithErrors: Story = {
  args: hostsArgs,
  play: async ({ canvasElement, args }) => {
    const canvas = hostForm(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^(Address|نشانی)$/), 'not an address');
    await userEvent.type(canvas.getByLabelText(/^(Port|پورت)/), '70000');
    await userEvent.click(canvas.getByRole('button', { name: /^(Add address|افزودن نشانی)$/ }));
    await expect(canvas.getByLabelText(/^(Address|نشانی)$/)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText(/^(Port|پورت)/)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAddNodeHost).not.toHaveBeenCalled();
  },
};
/** A valid address is sent, lower-cased, the empty fields left to the node. */
export const AddNodeHost: Story = {
  args: hostsArgs,
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = hostForm(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^(Address|نشانی)$/), 'Edge.Separ.Example');
    await userEvent.type(canvas.getByLabelText(/^(Remark|توضیح)/), 'Edge');
    await userEvent.click(canvas.getByRole('button', { name: /^(Add address|افزودن نشانی)$/ }));
    await expect(args.onAddNodeHost).toHaveBeenCalledWith({
      address: 'edge.separ.example',
      port: null,
      sni: null,
      host: null,
      remark: 'Edge',
    });
  },
};
/** Pausing needs no confirmation (it can be undone); removing asks first. */
export const NodeHostRemoveConfirm: Story = {
  args: hostsArgs,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(Pause|توقف): CDN$/ }));
    await expect(args.onSetNodeHostPaused).toHaveBeenCalledWith(NODE_HOSTS[0], true);
    await userEvent.click(canvas.getByRole('button', { name: /^(Remove|حذف): Relay$/ }));
    const dialog = within(canvasElement.ownerDocument.querySelector('dialog[open]') as HTMLElement);
    await expect(dialog.getByRole('heading')).toBeVisible();
    await expect(args.onRemoveNodeHost).not.toHaveBeenCalled();
  },
};
export const NodeHostRemove: Story = {
  args: hostsArgs,
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(Remove|حذف): Relay$/ }));
    const dialog = within(canvasElement.ownerDocument.querySelector('dialog[open]') as HTMLElement);
    await userEvent.click(dialog.getByRole('button', { name: /^(Remove address|حذف نشانی)$/ }));
    await expect(args.onRemoveNodeHost).toHaveBeenCalledWith(NODE_HOSTS[2]);
  },
};
export const NodeHostsMobile: Story = { args: hostsArgs, parameters: { mobile: true } };
