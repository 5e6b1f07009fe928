import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import { PlanCard } from './PlanCard';

function Demo() {
  const { t } = useTranslation(['plans', 'home']);
  const format = useFormat();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 300px)', gap: 24, padding: 32 }}>
      <PlanCard
        name="یک ماهه ۵۰ گیگ"
        price={format.toman(120000)}
        features={[format.data(51200), format.devices(1), format.duration(30)]}
        cta={{ label: t('card.select'), to: '/payment?plan_id=1' }}
      />
      <PlanCard
        name="سه ماهه ۱۵۰ گیگ"
        price={format.toman(290000)}
        originalPrice={format.toman(320000)}
        discount={t('card.discount', { percent: 9 })}
        features={[format.data(153600), format.devices(2), format.duration(90)]}
        cta={{ label: t('card.select'), to: '/payment?plan_id=2' }}
        badge={t('card.popularAndroid')}
      />
      <PlanCard
        name={t('home:pricing.fallback.premium.name')}
        price={format.usd(4.99)}
        period={t('home:pricing.perMonth')}
        features={[
          t('home:pricing.fallback.premium.features.speed'),
          t('home:pricing.fallback.premium.features.devices'),
        ]}
        cta={{ label: t('home:pricing.fallback.premium.cta'), to: '/buy' }}
      />
    </div>
  );
}

const meta = { title: 'Components/PlanCard', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
export const Cards: StoryObj<typeof meta> = {};
