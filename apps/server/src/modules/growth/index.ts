// The growth module's public face (CONTRACTS §12): discount codes, gift codes and referrals. Payments
// imports it to price an order with a code, to name its referrer, and to count the code and pay the
// referrer inside the order's exactly-once completion.
export {
  addCoupon,
  boughtBefore,
  couponByCode,
  disableCoupon,
  listCoupons,
  quoteCoupon,
  quoteFor,
  type Buyer,
  type CouponInfo,
  type CouponQuote,
} from './coupons.ts';
export { addGifts, redeemGift } from './gifts.ts';
export { REFERRAL_COOKIE, referralCookieHook, referrerOf, rewardReferrer } from './referrals.ts';
export { settleGrowth } from './settlement.ts';
export { listReferrals } from './referralsAdmin.ts';
export { growthRoutes, GUESS_LIMIT, GUESS_WINDOW_MS, purchasablePlan } from './routes.ts';
export { growthAdminRoutes } from './adminRoutes.ts';
export { GROWTH_COMMANDS, GROWTH_HELP, GROWTH_OPTION_SPECS } from './cli.ts';
