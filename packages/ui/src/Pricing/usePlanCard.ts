import { useTranslation } from 'react-i18next';
import type { Plan } from '@separ/domain';
import { useFormat } from '../format';
import type { PlanCardProps } from '../PlanCard';

/**
 * A plan from the plans service as card content: its price (discounted when it is), data, devices
 * and duration.
 *
 * In English, a plan the shop prices in dollars (`priceUsd`, the shop's toman-per-dollar rate set:
 * CONTRACTS §12) shows its dollar price, with no struck-through price and no discount: the dollar
 * price is the toman price converted, which is what a dollar invoice asks, while the discounted
 * price is the credit price, paid from the wallet in tomans. A "was" price in dollars would claim a
 * discount that no dollar payer gets. Persian, and English without a rate, show tomans as before.
 */
export function usePlanCardContent(): (plan: Plan) => Omit<PlanCardProps, 'badge'> {
  const { t } = useTranslation('plans');
  const format = useFormat();
  return (plan) => {
    const features = [
      format.data(plan.dataVolume),
      format.devices(plan.allowedDevices),
      format.duration(plan.duration),
    ];
    const cta = { label: t('card.select'), to: `/payment?plan_id=${plan.id}` };
    if (format.language === 'en' && plan.priceUsd !== null)
      return { name: plan.title, price: format.usd(plan.priceUsd), features, cta };
    const discounted = plan.discountPercent !== null ? plan.pricing.credit['100'] : undefined;
    const price = discounted ?? plan.bestPrice;
    return {
      name: plan.title,
      price: price === null || price === undefined ? '—' : format.toman(price),
      originalPrice:
        plan.originalPrice !== null && discounted !== undefined ? format.toman(plan.originalPrice) : undefined,
      discount: plan.discountPercent !== null ? t('card.discount', { percent: plan.discountPercent }) : undefined,
      features,
      cta,
    };
  };
}
