import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminLanguageButton, AdminLayout, type AdminLayoutProps } from './AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { AdminPanel } from './adminParts';
import { STORY_OPERATOR } from '../AdminStory';

function Demo(props: Omit<AdminLayoutProps, 'children' | 'languageSwitch'>) {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout {...props} languageSwitch={<AdminLanguageButton onToggle={() => undefined} />}>
      <AdminPageHeader title={t('sections.plans')} subtitle={t('plans.subtitle')} />
      <AdminPanel>
        <h2>{t('plans.tableCaption')}</h2>
      </AdminPanel>
    </AdminLayout>
  );
}

const meta = {
  title: 'Admin/AdminLayout',
  component: Demo,
  args: { section: 'plans', operator: STORY_OPERATOR, onSignOut: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};
export const SigningOut: Story = { args: { signingOut: true } };
/**
 * A sales operator (CONTRACTS §13): the menu holds only what the role may open (the overview,
 * plans, users, orders, receipts, and their own sign-in), and the role is named beside the name.
 */
export const SalesRole: Story = {
  args: { operator: { ...STORY_OPERATOR, username: 'sara', role: 'sales' } },
  play: async ({ canvasElement }) => {
    const menu = within(within(canvasElement).getByRole('navigation'));
    await expect(menu.getAllByRole('link')).toHaveLength(6);
    await expect(menu.queryByRole('link', { name: /Settings|تنظیمات/ })).toBeNull();
    await expect(within(canvasElement).getByText(/\((Sales|فروش)\)/)).toBeVisible();
  },
};
/** A support operator: users, orders and their own sign-in. */
export const SupportRole: Story = {
  args: { section: 'users', operator: { ...STORY_OPERATOR, username: 'sam', role: 'support' } },
  play: async ({ canvasElement }) => {
    await expect(within(within(canvasElement).getByRole('navigation')).getAllByRole('link')).toHaveLength(3);
  },
};
/** At 375 px the menu folds under a top bar. */
export const Mobile: Story = { parameters: { mobile: true } };
export const MobileMenuOpen: Story = {
  parameters: { mobile: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { expanded: false });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { current: 'page' })).toBeVisible();
  },
};
/** Sign out reports the press. */
export const SignOut: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const buttons = canvas.getAllByRole('button');
    await userEvent.click(buttons[buttons.length - 1]!);
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};
