import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { Badge } from './Badge';

function Tones() {
  const { t } = useTranslation(['panel', 'home']);
  return (
    <div style={{ display: 'flex', gap: 12, padding: 24, flexWrap: 'wrap' }}>
      <Badge tone="success" icon="check">
        {t('payments.states.success')}
      </Badge>
      <Badge tone="danger" icon="x">
        {t('payments.states.failed')}
      </Badge>
      <Badge tone="warning" icon="clock">
        {t('payments.states.pending')}
      </Badge>
      <Badge tone="info">{t('servers.types.v2ray')}</Badge>
      <Badge tone="accent">{t('servers.types.openconnect')}</Badge>
      <Badge tone="neutral">{t('servers.types.unknown')}</Badge>
      <Badge tone="popular" icon="star">
        {t('home:pricing.mostPopular')}
      </Badge>
    </div>
  );
}

const meta = { title: 'Components/Badge', component: Tones } satisfies Meta<typeof Tones>;
export default meta;
export const AllTones: StoryObj<typeof meta> = {};
