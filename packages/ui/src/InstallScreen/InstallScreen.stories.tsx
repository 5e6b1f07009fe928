import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { InShell } from '../SiteShell/storyShell';
import { InstallScreen, type InstallScreenProps } from './InstallScreen';

function Demo(props: InstallScreenProps) {
  return (
    <InShell>
      <InstallScreen {...props} />
    </InShell>
  );
}

const meta = { title: 'Screens/Install', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {};
export const AndroidOpen: Story = { args: { initiallyOpen: ['android'] } };
/** Screenshots that fail to load fall back to a text. */
export const MissingImages: Story = {
  args: { initiallyOpen: ['ios'], imageBase: '/no-such-folder' },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('#install-ios') as HTMLElement;
    await waitFor(() => expect(list.querySelectorAll('img')).toHaveLength(0));
  },
};
export const Mobile: Story = { args: { initiallyOpen: ['windows'] }, parameters: { mobile: true } };

/** A card expands to its steps, and a screenshot opens full screen. */
export const ScreenshotFullScreen: Story = {
  args: { initiallyOpen: [] },
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getAllByRole('button', { expanded: false })[0]!;
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = canvasElement.querySelector('#install-android') as HTMLElement;
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const shot = await within(list).findAllByRole('button');
    await userEvent.click(shot[0]!);
    const dialog = await within(document.body).findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('img')).toBeVisible());
  },
};
