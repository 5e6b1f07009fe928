import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CookieBanner } from './CookieBanner';

const meta = {
  title: 'Components/CookieBanner',
  component: CookieBanner,
  args: { onAccept: fn(), onReject: fn() },
  decorators: [(Story) => <div style={{ minHeight: 240 }}>{Story()}</div>],
} satisfies Meta<typeof CookieBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};
export const Mobile: Story = {
  parameters: { mobile: true },
  decorators: [(Story) => <div style={{ minHeight: 360 }}>{Story()}</div>],
};

/** Accept and Reject report the choice. */
export const Choice: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    await userEvent.click(buttons[1]!);
    await expect(args.onAccept).toHaveBeenCalledOnce();
    await userEvent.click(buttons[0]!);
    await expect(args.onReject).toHaveBeenCalledOnce();
  },
};
