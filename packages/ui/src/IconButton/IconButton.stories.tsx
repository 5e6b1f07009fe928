import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton';

function Buttons() {
  const { t } = useTranslation('common');
  return (
    <div style={{ display: 'flex', gap: 8, padding: 24 }}>
      <IconButton icon="menu" label={t('header.openMenu')} />
      <IconButton icon="x" label={t('header.closeMenu')} />
      <IconButton icon="arrowBack" label={t('actions.back')} />
    </div>
  );
}

const meta = { title: 'Components/IconButton', component: Buttons } satisfies Meta<typeof Buttons>;
export default meta;
export const Default: StoryObj<typeof meta> = {};
