import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { fn } from 'storybook/test';
import { PageHeader } from '../PageHeader';
import { InShell } from '../SiteShell/storyShell';
import { PanelLayout } from './PanelLayout';

function Demo({ ios, upgrade, onLogout }: { ios: number; upgrade?: boolean; onLogout: () => void }) {
  const { t } = useTranslation('panel');
  return (
    <InShell loggedIn>
      <PageHeader title={t('title')} />
      <PanelLayout active="devices" ios={ios} onLogout={onLogout} initiallyShowUpgrade={upgrade}>
        <p>{t('devices.subtitle')}</p>
      </PanelLayout>
    </InShell>
  );
}

const meta = { title: 'Components/PanelLayout', component: Demo, args: { ios: 1, onLogout: fn() } } satisfies Meta<
  typeof Demo
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const IosAccount: Story = {};
/** Android accounts have no Servers item. */
export const AndroidAccount: Story = { args: { ios: 0 } };
export const UpgradeModal: Story = { args: { upgrade: true } };
export const Mobile: Story = { parameters: { mobile: true } };
