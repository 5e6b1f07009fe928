import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

const meta = { title: 'Components/Button', component: Button, args: { children: 'Button' } } satisfies Meta<
  typeof Button
>;
export default meta;
type Story = StoryObj<typeof meta>;

function AllVariants() {
  const { t } = useTranslation('home');
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, padding: 24 }}>
      <Button>{t('hero.ctaPrimary')}</Button>
      <Button variant="secondary" iconEnd="arrowForward">
        {t('pricing.viewAll')}
      </Button>
      <Button variant="ghost">{t('devices.viewAll')}</Button>
      <Button variant="danger" size="sm">
        {t('pricing.select')}
      </Button>
      <Button loading>{t('pricing.select')}</Button>
      <Button disabled>{t('pricing.select')}</Button>
      <Button size="lg" icon="download">
        {t('devices.download')}
      </Button>
    </div>
  );
}

export const Variants: Story = { render: () => <AllVariants /> };

function OnDark() {
  const { t } = useTranslation('home');
  return (
    <div style={{ background: '#0b1b3a', padding: 24, display: 'flex', gap: 12 }}>
      <Button>{t('hero.ctaPrimary')}</Button>
      <Button variant="light">{t('hero.ctaSecondary')}</Button>
    </div>
  );
}

export const OnHero: Story = { render: () => <OnDark /> };
