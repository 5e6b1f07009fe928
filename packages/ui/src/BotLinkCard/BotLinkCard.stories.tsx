import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BotLinkCard } from './BotLinkCard';

const meta = {
  title: 'Components/BotLinkCard',
  component: BotLinkCard,
  args: { state: 'idle', onCreate: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BotLinkCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
    await expect(args.onCreate).toHaveBeenCalledOnce();
  },
};
export const Loading: Story = { args: { state: 'loading' } };
export const Ready: Story = { args: { state: 'ready', code: '48213907', minutes: 10 } };
export const Failed: Story = { args: { state: 'error' } };
