import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { fn } from 'storybook/test';
import { ErrorView } from './ErrorView';

function Demo({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('errors');
  return (
    <ErrorView
      title={t('plans.loadTitle')}
      message={t('plans.loadMessage')}
      retryLabel={t('actions.tryAgain')}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

const meta = { title: 'Components/ErrorView', component: Demo, args: { onRetry: fn() } } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;
export const WithRetry: Story = {};
export const Retrying: Story = { args: { retrying: true } };
