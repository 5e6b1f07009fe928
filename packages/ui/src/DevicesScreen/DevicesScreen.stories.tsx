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
