import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { REFERRAL_LINK } from '../fixtures';
import { InviteCard } from './InviteCard';

const meta = {
  title: 'Components/InviteCard',
  component: InviteCard,
  args: { link: REFERRAL_LINK },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 880, padding: 16, minHeight: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof InviteCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two friends' purchases have paid into the wallet: their sum and count. */
export const WithEarnings: Story = { args: { earnings: { total: 62_500, count: 2 } } };
/** The wallet is on, but no friend has bought yet. */
export const NothingEarnedYet: Story = { args: { earnings: { total: 0, count: 0 } } };
/** The wallet is off (or not loaded): no earnings line. */
export const WithoutEarnings: Story = {};
/**
 * Copy puts the link on the clipboard and says so (the toast held for the screenshot). The clipboard
 * is a spy: a headless page without focus may refuse the real one.
 */
export const Copied: Story = {
  args: { earnings: { total: 50_000, count: 1 }, toastMs: 60_000 },
  // As tall as the viewport, so that the screenshot holds the toast at its foot.
  decorators: [
    (Story) => (
      <div style={{ minHeight: 'calc(100vh - 32px)' }}>
        <Story />
      </div>
    ),
  ],
  beforeEach: () => {
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => writeText.mockRestore();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button'));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(REFERRAL_LINK);
    await waitFor(() => expect(canvas.getByRole('status').textContent).not.toBe(''));
  },
};
export const Mobile: Story = { args: { earnings: { total: 62_500, count: 2 } }, parameters: { mobile: true } };
