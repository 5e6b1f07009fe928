import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { QrCode } from './QrCode';

const meta = {
  title: 'Components/QrCode',
  component: QrCode,
  args: { value: 'https://shop.example.com/sub/Xk3pQ9vRtY2mWb7nLs4dHf8c', label: 'QR code of your subscription link' },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SubscriptionLink: Story = {
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg[role="img"]')!;
    await expect(svg.getAttribute('aria-label')).toBe('QR code of your subscription link');
    await expect(svg.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(1000);
  },
};
export const Small: Story = { args: { size: 140 } };
