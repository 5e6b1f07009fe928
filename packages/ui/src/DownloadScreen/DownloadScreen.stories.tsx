import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { InShell } from '../SiteShell/storyShell';
import { DownloadScreen, type DownloadScreenProps } from './DownloadScreen';

const LINKS = {
  android: 'https://dl.separ.example/separ-android.apk',
  windows: 'https://dl.separ.example/separ-windows-setup.exe',
};

function Demo(props: DownloadScreenProps) {
  return (
    <InShell>
      <DownloadScreen {...props} />
    </InShell>
  );
}

const meta = { title: 'Screens/Download', component: Demo, args: { appLinks: LINKS } } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
/** Android and Windows wait for the app info; iOS does not. */
export const AppInfoLoading: Story = { args: { appLinks: 'loading' } };
export const IosClientsModal: Story = { args: { initiallyShowClients: true } };
export const Mobile: Story = { parameters: { mobile: true } };

/** The iOS card opens the client modal; Close closes it. */
export const OpensClients: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = canvasElement.querySelector('main') as HTMLElement;
    const downloads = [...main.querySelectorAll('a[target="_blank"]')];
    await expect(downloads).toHaveLength(2);
    await userEvent.click(canvas.getByTestId('ios-clients'));
    const dialog = await within(document.body).findByRole('dialog');
    await expect(within(dialog).getAllByRole('link')).toHaveLength(4);
    await userEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    await expect((dialog as HTMLDialogElement).open).toBe(false);
  },
};
