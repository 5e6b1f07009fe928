import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SUBSCRIPTION_URL } from '../fixtures';
import { InPanel } from '../PanelLayout/storyPanel';
import { ConnectScreen, type ConnectScreenProps } from './ConnectScreen';

function Demo(props: ConnectScreenProps) {
  return (
    <InPanel active="connect">
      <ConnectScreen {...props} />
    </InPanel>
  );
}

const meta = {
  title: 'Screens/Connect',
  component: Demo,
  args: {
    status: 'ready',
    subscriptionUrl: SUBSCRIPTION_URL,
    platform: 'android',
    onPlatformChange: fn(),
    onRetry: fn(),
    onReset: fn(),
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Android: Story = {
  play: async ({ canvasElement }) => {
    const v2rayng = canvasElement.querySelector('a[href^="v2rayng:"]')!;
    await expect(v2rayng.getAttribute('href')).toBe(
      `v2rayng://install-config?url=${encodeURIComponent(SUBSCRIPTION_URL)}#Separ`,
    );
    await expect(v2rayng.getAttribute('target')).toBeNull();
    await expect(canvasElement.querySelector('svg[data-qr]')?.getAttribute('data-qr')).toBe(SUBSCRIPTION_URL);
  },
};
export const Iphone: Story = { args: { platform: 'ios' } };
export const Windows: Story = { args: { platform: 'windows' } };
export const ConfirmNewLink: Story = { args: { initiallyConfirming: true } };
export const NewLinkMade: Story = { args: { resetResult: 'done' } };
export const NewLinkFailed: Story = { args: { resetResult: 'failed' } };
export const Loading: Story = { args: { status: 'loading' } };
export const LoadError: Story = { args: { status: 'error', subscriptionUrl: undefined } };
export const Mobile: Story = { parameters: { mobile: true } };
export const AsksBeforeANewLink: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /new link|لینک جدید/ }));
    const dialog = await within(document.body).findByRole('dialog');
    await expect(args.onReset).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: /Replace the link|عوض کردن لینک/ }));
    await expect(args.onReset).toHaveBeenCalledOnce();
  },
};
/** The subscription's links by name: a node's extra addresses (a CDN, a clean IP) after its own. */
export const WithHosts: Story = {
  args: { linkNames: ['de-fra-1', 'de-fra-1 - CDN', 'de-fra-1 - 203.0.113.24', 'nl-ams-1'] },
};
