import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ACCOUNT } from '../fixtures';
import { InPanel } from '../PanelLayout/storyPanel';
import { DevicesScreen, type DevicesScreenProps } from './DevicesScreen';

function Demo(props: DevicesScreenProps) {
  return (
    <InPanel active="devices">
      <DevicesScreen {...props} />
    </InPanel>
  );
}

const meta = {
  title: 'Screens/Devices',
  component: Demo,
  args: { status: 'ready', devices: ACCOUNT.devices, allowed: 5, onDisconnect: fn(), onRetry: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Disconnecting: Story = { args: { disconnecting: 'd1' } };
export const NoDevices: Story = { args: { devices: [] } };
/** An OpenConnect connection counts as a device, and ends only when its device disconnects: no button. */
export const WithOpenConnect: Story = {
  args: {
    devices: [
      ...ACCOUNT.devices,
      { id: 'openconnect-7', deviceInfo: 'OpenConnect;9.01-3', loginAt: '2026-05-28T18:42:00.000Z' },
    ],
  },
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    const last = rows[rows.length - 1]!;
    await expect(within(last).queryByRole('button')).toBeNull();
  },
};
/**
 * Apps that send a hardware id with the subscription (Happ, v2RayTun) count as devices too, with the
 * model they name; the account's own devices have none.
 */
export const WithSubscriptionDevices: Story = {
  args: {
    allowed: 3,
    devices: [
      ...ACCOUNT.devices,
      { id: 'hw-1', deviceInfo: 'iOS;18.1', loginAt: '2026-05-30T07:05:00.000Z', model: 'iPhone 15 Pro' },
    ],
  },
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    const last = rows[rows.length - 1]!;
    await expect(within(last).getByText('iPhone 15 Pro')).toBeInTheDocument();
    await expect(within(last).getByRole('button')).toBeInTheDocument();
  },
};
export const Loading: Story = { args: { status: 'loading' } };
export const Error: Story = { args: { status: 'error' } };
export const Mobile: Story = { parameters: { mobile: true } };

/** Disconnect reports the device's id. */
export const Disconnect: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const table = within(canvasElement.querySelector('table') as HTMLElement);
    await userEvent.click(table.getAllByRole('button')[1]!);
    await expect(args.onDisconnect).toHaveBeenCalledWith('d2');
  },
};
