import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { Card, Grid, Ltr } from './Layout.styles';
import { Section } from './Section';

function Demo() {
  const { t } = useTranslation(['home', 'payment']);
  return (
    <Section title={t('features.title')} subtitle={t('features.subtitle')} tone="muted">
      <Grid $min={240}>
        <Card>{t('features.benefits.privacy.text')}</Card>
        <Card>{t('features.benefits.freedom.text')}</Card>
        <Card>
          {t('payment:result.fields.username')}: <Ltr>sp482913</Ltr>
        </Card>
      </Grid>
    </Section>
  );
}

const meta = { title: 'Components/Layout', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const SectionWithCards: StoryObj<typeof meta> = {};
