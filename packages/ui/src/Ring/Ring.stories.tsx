import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import { Ring } from './Ring';

function Rings() {
  const { t } = useTranslation('panel');
  const format = useFormat();
  return (
    <div style={{ display: 'flex', gap: 48, padding: 24, flexWrap: 'wrap' }}>
      <Ring
        percent={75}
        value={format.percent(75)}
        sub={t('dashboard.dataUsed', { used: format.data(12800), allowed: format.data(51200) })}
        caption={t('dashboard.dataRemaining')}
      />
      <Ring
        percent={40}
        tone="accent"
        value={t('dashboard.devicesValue', { count: 2, allowed: 5 })}
        caption={t('dashboard.activeDevices')}
      />
      <Ring percent={4} tone="danger" value={format.percent(4)} caption={t('dashboard.dataRemaining')} />
    </div>
  );
}

const meta = { title: 'Components/Ring', component: Rings } satisfies Meta<typeof Rings>;
export default meta;
export const Values: StoryObj<typeof meta> = {};
