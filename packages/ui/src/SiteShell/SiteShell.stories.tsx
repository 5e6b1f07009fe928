import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../PageHeader';
import { InShell } from './storyShell';

function Demo({ cookieBanner }: { cookieBanner: boolean }) {
  const { t } = useTranslation('support');
  return (
    <InShell cookieBanner={cookieBanner}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
    </InShell>
  );
}

const meta = { title: 'Components/SiteShell', component: Demo, args: { cookieBanner: true } } satisfies Meta<
  typeof Demo
>;
export default meta;
type Story = StoryObj<typeof meta>;
export const FirstVisit: Story = {};
export const ConsentGiven: Story = { args: { cookieBanner: false } };
