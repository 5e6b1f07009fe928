import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { groupServersByCountry } from '@separ/domain';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { COUNTRIES, SERVERS } from '../fixtures';
import { InPanel } from '../PanelLayout/storyPanel';
import { ServersScreen, type ServersScreenProps } from './ServersScreen';

function Demo(props: Omit<ServersScreenProps, 'groups'> & { empty?: boolean }) {
  const { i18n } = useTranslation();
  const groups = props.empty ? [] : groupServersByCountry(SERVERS, COUNTRIES[i18n.language === 'en' ? 'en' : 'fa']);
  return (
    <InPanel active="servers">
      <ServersScreen {...props} groups={groups} />
    </InPanel>
  );
}

const meta = {
  title: 'Screens/Servers',
  component: Demo,
  args: { status: 'ready', onBack: fn(), onRetry: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {};
export const Expanded: Story = { args: { initiallyOpen: ['DE', 'GB'] } };
export const Loading: Story = { args: { status: 'loading' } };
export const Error: Story = { args: { status: 'error' } };
export const Retrying: Story = { args: { status: 'error', retrying: true } };
export const Empty: Story = { args: { empty: true } };
export const Mobile: Story = { args: { initiallyOpen: ['DE'] }, parameters: { mobile: true } };

/** Countries start collapsed; a click opens one; a server without links cannot be copied; copying shows the toast. */
export const ExpandAndCopy: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const main = within(canvasElement.querySelector('main') as HTMLElement);
    const toggles = main.getAllByRole('button', { expanded: false });
    await expect(toggles).toHaveLength(3);
    await userEvent.click(toggles[2]!);
    const broken = canvasElement.querySelector('#country-GB') as HTMLElement;
    for (const button of within(broken).getAllByRole('button')) await expect(button).toBeDisabled();
    await userEvent.click(toggles[0]!);
    const germany = canvasElement.querySelector('#country-DE') as HTMLElement;
    await userEvent.click(within(germany).getAllByRole('button')[0]!);
    await waitFor(() => expect(within(germany).getAllByRole('status')[0]!.textContent).not.toBe(''));
  },
};

/** A server's QR button opens its links' QR codes in the modal: each decodes to the link itself. */
export const ServerQrCode: Story = {
  args: { initiallyOpen: ['DE'] },
  play: async ({ canvasElement }) => {
    const germany = canvasElement.querySelector('#country-DE') as HTMLElement;
    const first = within(germany).getAllByRole('listitem')[0]!;
    const links = [...first.querySelectorAll('ul li')].map((item) => item.textContent);
    await userEvent.click(within(first).getByRole('button', { name: /QR/ }));
    const dialog = await within(document.body).findByRole('dialog');
    const codes = [...dialog.querySelectorAll('svg[data-qr]')].map((svg) => svg.getAttribute('data-qr'));
    await expect(codes).toEqual(links);
  },
};
