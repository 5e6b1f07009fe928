import { useTranslation } from 'react-i18next';
import type { Plan } from '@separ/domain';
import { useFormat } from '../format';
import type { PlanCardProps } from '../PlanCard';

/** A plan from the plans service as card content: its price (discounted when it is), data, devices and duration. */
export function usePlanCardContent(): (plan: Plan) => Omit<PlanCardProps, 'badge'> {
  const { t } = useTranslation('plans');
  const format = useFormat();
  return (plan) => {
    const discounted = plan.discountPercent !== null ? plan.pricing.credit['100'] : undefined;
    const price = discounted ?? plan.bestPrice;
    return {
      name: plan.title,
      price: price === null || price === undefined ? '—' : format.toman(price),
      originalPrice:
        plan.originalPrice !== null && discounted !== undefined ? format.toman(plan.originalPrice) : undefined,
      discount: plan.discountPercent !== null ? t('card.discount', { percent: plan.discountPercent }) : undefined,
      features: [format.data(plan.dataVolume), format.devices(plan.allowedDevices), format.duration(plan.duration)],
      cta: { label: t('card.select'), to: `/payment?plan_id=${plan.id}` },
    };
  };
}
