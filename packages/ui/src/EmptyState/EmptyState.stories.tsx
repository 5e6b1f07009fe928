import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

function Demo() {
  const { t } = useTranslation('panel');
  return <EmptyState icon="receipt" title={t('payments.emptyTitle')} message={t('payments.emptyMessage')} />;
}

const meta = { title: 'Components/EmptyState', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const NoPayments: StoryObj<typeof meta> = {};
