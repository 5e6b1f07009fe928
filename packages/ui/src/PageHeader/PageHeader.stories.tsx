import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';

function Demo({ withBack }: { withBack?: boolean }) {
  const { t } = useTranslation('plans');
  return (
    <PageHeader
      title={t('title')}
      subtitle={t('subtitle')}
      back={withBack ? { to: '/', label: t('tabs.label') } : undefined}
    />
  );
}

const meta = { title: 'Components/PageHeader', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Default: Story = {};
export const WithBack: Story = { args: { withBack: true } };
