import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Header, type HeaderProps } from './Header';

/** The header over the dark page band it sits on. */
function Frame(props: HeaderProps) {
  const [open, setOpen] = useState(props.drawerOpen);
  return (
    <div
      style={{ position: 'relative', minHeight: open ? 640 : 200, background: props.scrolled ? '#f5f7fb' : '#0b1b3a' }}
    >
      <Header {...props} drawerOpen={open} onOpenDrawer={() => setOpen(true)} onCloseDrawer={() => setOpen(false)} />
    </div>
  );
}

const meta = {
  title: 'Components/Header',
  component: Frame,
  args: {
    scrolled: false,
    loggedIn: false,
    drawerOpen: false,
    onOpenDrawer: fn(),
    onCloseDrawer: fn(),
    onToggleLanguage: fn(),
  },
} satisfies Meta<typeof Frame>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OverHero: Story = {};
export const Scrolled: Story = { args: { scrolled: true } };
export const LoggedIn: Story = { args: { scrolled: true, loggedIn: true } };
export const Mobile: Story = { parameters: { mobile: true } };
export const MobileDrawerOpen: Story = { args: { drawerOpen: true }, parameters: { mobile: true } };

/** The drawer opens from the menu button and closes on the overlay and on a link. */
export const DrawerOpensAndCloses: Story = {
  parameters: { mobile: true, screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('button').at(-1)!);
    await expect(canvas.getByRole('dialog')).toBeVisible();
    await userEvent.click(canvas.getByTestId('drawer-overlay'));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.click(canvas.getAllByRole('button').at(-1)!);
    const drawer = canvas.getByRole('dialog');
    const link = within(drawer).getAllByRole('link')[2]!;
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};
