/**
 * Discount codes and gift codes (CONTRACTS §12): checking a code before paying, and redeeming a
 * gift code into the signed-in account's wallet. Both are throttled per client and per account.
 */
import type { ErrorCode } from './errors.ts';
import { MESSAGE_KEYWORD as M, Nullable, QueryText, route, Type, type Static } from './common.ts';

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
  /**
   * With the shop's tomanPerUsd set (CONTRACTS §12): `price` in dollars at the rate, rounded to
   * cents, as /getTelPlans' `price_usd` says a plan's (English pages show it).
   */
  price_usd: Type.Optional(Type.Number({ minimum: 0 })),
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
      'Check a discount code for a plan before paying: the price after it and the discount (tomans), with the price in dollars (price_usd) when the shop has a rate, or a 4xx saying why not. Throttled per client and per account.',
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

// ---- the operators' side (the same functions as `separ-admin coupons` and `gifts`, audited)

/** A discount code as the console lists it. */
export const AdminCoupon = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  percent: Nullable(Type.Integer()),
  /** Tomans off (a fixed code). */
  amount: Nullable(Type.Integer()),
  maxUses: Nullable(Type.Integer()),
  perUser: Nullable(Type.Integer()),
  firstPurchase: Type.Boolean(),
  plans: Nullable(Type.Array(Type.Integer())),
  from: Nullable(Type.String()),
  until: Nullable(Type.String()),
  /** Completed orders that used it. */
  uses: Type.Integer(),
  disabled: Type.Boolean(),
  createdAt: Type.String(),
});
export type AdminCoupon = Static<typeof AdminCoupon>;

const Count = (what: string, max: number) =>
  Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: max, [M]: `${what} must be a whole number from 1 to ${max}.` })),
  );
const DateText = (what: string) =>
  Type.Optional(Nullable(Type.String({ maxLength: 40, [M]: `${what} must be a date such as 2026-12-31.` })));

/** A new discount code: a percent or an amount in tomans, and its limits. */
export const AdminCouponInput = Type.Object({
  code: Type.String({ maxLength: 32, [M]: 'code is required: 3 to 32 Latin letters, digits, - or _.' }),
  percent: Count('percent', 100),
  amount: Count('amount', 500_000_000),
  maxUses: Count('maxUses', 1_000_000_000),
  perUser: Count('perUser', 1_000_000_000),
  firstPurchase: Type.Optional(Type.Boolean()),
  plans: Type.Optional(
    Nullable(Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), { maxItems: 100 })),
  ),
  from: DateText('from'),
  until: DateText('until'),
});
export type AdminCouponInput = Static<typeof AdminCouponInput>;

/** A batch of gift codes: the codes, shown this once. */
export const AdminGiftBatch = Type.Object({
  codes: Type.Array(Type.String()),
  amount: Type.Integer(),
  expiresAt: Nullable(Type.String()),
});
export type AdminGiftBatch = Static<typeof AdminGiftBatch>;

const ADMIN_TAGS = ['admin'] as const;

export const GROWTH_ADMIN_ROUTES = {
  coupons: route({
    method: 'GET',
    url: '/api/admin/coupons',
    summary: 'The discount codes, newest first, with their uses.',
    tags: ADMIN_TAGS,
    answer: Type.Object({ items: Type.Array(AdminCoupon) }),
  }),
  addCoupon: route({
    method: 'POST',
    url: '/api/admin/coupons',
    summary: 'Add a discount code (a percent or tomans off, and its limits). Audited coupon.add.',
    tags: ADMIN_TAGS,
    body: AdminCouponInput,
    bodyRequired: true,
    answer: AdminCoupon,
  }),
  disableCoupon: route({
    method: 'POST',
    url: '/api/admin/coupons/:code/disable',
    summary: 'Disable a discount code: new orders refuse it. Audited coupon.disable.',
    tags: ADMIN_TAGS,
    params: Type.Object({ code: Type.String({ maxLength: 64 }) }),
    answer: AdminCoupon,
  }),
  addGifts: route({
    method: 'POST',
    url: '/api/admin/gifts',
    summary: 'Make single-use gift codes for an amount in tomans, shown this once. Audited gift.add.',
    tags: ADMIN_TAGS,
    body: Type.Object({
      amount: Type.Integer({ minimum: 1, maximum: 500_000_000, [M]: 'amount must be a whole number of tomans.' }),
      count: Count('count', 1_000),
      until: DateText('until'),
    }),
    bodyRequired: true,
    answer: AdminGiftBatch,
  }),
};
