import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs, tabIds } from './Tabs';

function Demo() {
  const { t } = useTranslation('home');
  const [tab, setTab] = useState<'android-windows' | 'other'>('android-windows');
  const items = [
    { id: 'android-windows' as const, label: t('pricing.tabs.androidWindows') },
    { id: 'other' as const, label: t('pricing.tabs.other') },
  ];
  return (
    <div style={{ padding: 24 }}>
      <Tabs items={items} value={tab} onChange={setTab} label={t('pricing.tabs.label')} idPrefix="demo" />
      <div
        role="tabpanel"
        id={tabIds('demo', tab).panel}
        aria-labelledby={tabIds('demo', tab).tab}
        style={{ paddingBlock: 16 }}
      >
        {tab === 'other' ? t('pricing.fallback.multiPlatform.name') : t('pricing.fallback.premium.name')}
      </div>
    </div>
  );
}

const meta = { title: 'Components/Tabs', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Clicking and the arrow keys change the tab, and the selection is kept. */
export const KeepsSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tabs = canvas.getAllByRole('tab');
    await userEvent.click(tabs[1]!);
    await expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tabs[1]!.id);
    await userEvent.keyboard('{Home}');
    await expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await expect(tabs[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
  },
};
