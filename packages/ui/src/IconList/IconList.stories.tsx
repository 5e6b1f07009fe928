import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { IconList } from './IconList';

const PROMISES = { moneyBack: 'refund', noLogs: 'eyeOff', support: 'support' } as const;

function Demo() {
  const { t } = useTranslation('home');
  return (
    <div style={{ padding: 24, maxWidth: 760 }}>
      <IconList gap={6} icons={PROMISES} text={(key) => t(`pricing.trust.${key}`)} />
    </div>
  );
}

const meta = { title: 'Components/IconList', component: Demo } satisfies Meta<typeof Demo>;
export default meta;

export const PricingPromises: StoryObj<typeof meta> = {};
