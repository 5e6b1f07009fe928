/**
 * The static plans the home page's pricing section shows when the plans service fails or returns nothing
 * (SPEC §9). Names, periods and features are texts of the UI; here are the tiers and their prices.
 */

/** The home page's pricing tabs. */
export type PricingTab = 'android-windows' | 'other';

/** One static plan card: its tier (a translation key), tab, prices in dollars and tomans, and popularity. */
export interface FallbackPlan {
  tier: 'free' | 'premium' | 'family' | 'multiPlatform' | 'ultimate';
  tab: PricingTab;
  priceUsd: number;
  priceToman: number;
  devices: number;
  popular: boolean;
}

/** Per tab: the free plan, then two paid tiers; the second card is the popular one. */
export const FALLBACK_PLANS: readonly FallbackPlan[] = [
  { tier: 'free', tab: 'android-windows', priceUsd: 0, priceToman: 0, devices: 1, popular: false },
  { tier: 'premium', tab: 'android-windows', priceUsd: 4.99, priceToman: 120_000, devices: 5, popular: true },
  { tier: 'family', tab: 'android-windows', priceUsd: 7.99, priceToman: 200_000, devices: 10, popular: false },
  { tier: 'free', tab: 'other', priceUsd: 0, priceToman: 0, devices: 1, popular: false },
  { tier: 'multiPlatform', tab: 'other', priceUsd: 8.99, priceToman: 220_000, devices: 5, popular: true },
  { tier: 'ultimate', tab: 'other', priceUsd: 12.99, priceToman: 320_000, devices: 10, popular: false },
];

/** The static plans of one tab, in card order. */
export function fallbackPlansFor(tab: PricingTab): FallbackPlan[] {
  return FALLBACK_PLANS.filter((plan) => plan.tab === tab);
}
