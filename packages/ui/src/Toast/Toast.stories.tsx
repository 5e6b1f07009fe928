import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { Toast } from './Toast';

function Demo() {
  const { t } = useTranslation('panel');
  return (
    <div style={{ minHeight: 160 }}>
      <Toast visible>{t('servers.copied')}</Toast>
    </div>
  );
}

const meta = { title: 'Components/Toast', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const Visible: StoryObj<typeof meta> = {};
