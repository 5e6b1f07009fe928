/**
 * Discount codes and gift codes (CONTRACTS §12): checking a code before paying, and redeeming a
 * gift code into the signed-in account's wallet. Both are throttled per client and per account.
 */
import type { ErrorCode } from './errors.ts';
import { QueryText, route, Type, type Static } from './common.ts';

/** Every reason a discount code does not apply, each its own code (the purchase answers the same). */
export const COUPON_REFUSALS = [
  'couponUnknown',
  'couponExpired',
  'couponNotYetValid',
  'couponUsedUp',
  'couponNotForPlan',
  'couponFirstPurchaseOnly',
  'couponPerUserLimit',
] as const satisfies readonly ErrorCode[];

/** `POST /api/site/coupon`: the code, the plan's price after it and what it took off, in tomans. */
export const CouponAnswer = Type.Object({
  ok: Type.Literal(true),
  code: Type.String(),
  price: Type.Integer({ minimum: 0 }),
  discount: Type.Integer({ minimum: 0 }),
});
export type CouponAnswer = Static<typeof CouponAnswer>;

/** `POST /api/site/wallet/redeem`: the tomans added and the balance after them. */
export const GiftRedeemAnswer = Type.Object({
  ok: Type.Literal(true),
  amount: Type.Integer({ minimum: 1 }),
  balance: Type.Integer({ minimum: 0 }),
});
export type GiftRedeemAnswer = Static<typeof GiftRedeemAnswer>;

export const GROWTH_ROUTES = {
  coupon: route({
    method: 'POST',
    url: '/api/site/coupon',
    summary:
      'Check a discount code for a plan before paying: the price after it and the discount (tomans), or a 4xx saying why not. Throttled per client and per account.',
    tags: ['payments'],
    querystring: Type.Object({
      code: Type.Optional(QueryText('The discount code.')),
      plan_id: Type.Optional(QueryText('The plan’s id.')),
      email: Type.Optional(QueryText('The buyer’s e-mail, when not signed in (per-user and first-purchase limits).')),
    }),
    answer: CouponAnswer,
    errors: ['missingParameter', 'parameterTooLong', 'planNotFound', 'tooManyAttempts', ...COUPON_REFUSALS],
  }),
  redeem: route({
    method: 'POST',
    url: '/api/site/wallet/redeem',
    summary:
      'Redeem a gift code into the signed-in account’s wallet: one gift entry, once. Throttled per client and per account.',
    tags: ['panel'],
    querystring: Type.Object({ code: Type.Optional(QueryText('The gift code.')) }),
    answer: GiftRedeemAnswer,
    errors: [
      'loginRequired',
      'sessionEnded',
      'missingParameter',
      'parameterTooLong',
      'walletDisabled',
      'tooManyAttempts',
      'giftUnknown',
      'giftUsed',
      'giftExpired',
    ],
  }),
};
