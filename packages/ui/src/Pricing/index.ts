export { Pricing, type PricingProps } from './Pricing';
export { usePlanCardContent } from './usePlanCard';
