/**
 * Discount codes and gift codes (CONTRACTS §12): checking a code before paying, and redeeming a
 * gift code into the signed-in account's wallet. Both are throttled per client and per account.
 */
import type { ErrorCode } from './errors.ts';
import { AdminOrderState, Page } from './admin.ts';
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

/**
 * Why a referred order paid its inviter nothing: it has not completed (pending, failed, expired);
 * it made or renewed the inviter's own account; it was bought with the inviter's e-mail; the shop's
 * referral percent was 0 when it completed; or the inviter's account is gone.
 */
export const REFERRAL_NO_REWARD_REASONS = [
  'notCompleted',
  'ownAccount',
  'ownEmail',
  'percentOff',
  'inviterGone',
] as const;
export type ReferralNoRewardReason = (typeof REFERRAL_NO_REWARD_REASONS)[number];

/** A referred order as the console lists it: who invited, who bought, the order, and what the inviter got. */
export const AdminReferral = Type.Object({
  resNum: Type.String(),
  state: AdminOrderState,
  /** The inviter's username (null: the account is gone). */
  inviter: Nullable(Type.String()),
  /** The account the order made or renewed (null until it completes). */
  buyerUsername: Nullable(Type.String()),
  /** The e-mail the order was placed with. */
  buyerEmail: Type.String(),
  /** Tomans paid for the order (after any discount code). */
  amount: Type.Integer({ minimum: 0 }),
  /** A crypto order's dollars, in cents (null: paid in rials). */
  usdCents: Nullable(Type.Integer({ minimum: 0 })),
  createdAt: Type.String(),
  paidAt: Nullable(Type.String()),
  /** Tomans the inviter's wallet gained for it (0: none). */
  reward: Type.Integer({ minimum: 0 }),
  /** Why there was no reward (null when there was one). */
  noReward: Nullable(
    Type.Union([
      Type.Literal('notCompleted'),
      Type.Literal('ownAccount'),
      Type.Literal('ownEmail'),
      Type.Literal('percentOff'),
      Type.Literal('inviterGone'),
    ]),
  ),
});
export type AdminReferral = Static<typeof AdminReferral>;
REFERRAL_NO_REWARD_REASONS satisfies ReadonlyArray<NonNullable<AdminReferral['noReward']>>;

/** An inviter with the completed purchases it brought and the tomans it was paid for them. */
export const AdminReferralInviter = Type.Object({
  inviter: Nullable(Type.String()),
  /** Completed referred orders. */
  referrals: Type.Integer({ minimum: 0 }),
  /** Tomans paid to its wallet as referral rewards. */
  paid: Type.Integer({ minimum: 0 }),
});
export type AdminReferralInviter = Static<typeof AdminReferralInviter>;

/** `GET /api/admin/referrals`: a page of referred orders, newest first, the totals and the top inviters. */
export const AdminReferralsAnswer = Type.Object({
  ...Page(AdminReferral).properties,
  /** The shop's referral percent now (`referralPercent`; 0: rewards are off). */
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Over every referred order: how many, how many completed, and the tomans paid to inviters. */
  totals: Type.Object({
    referrals: Type.Integer({ minimum: 0 }),
    completed: Type.Integer({ minimum: 0 }),
    paid: Type.Integer({ minimum: 0 }),
  }),
  /** The inviters who were paid the most (then who brought the most), at most {@link TOP_INVITERS}. */
  topInviters: Type.Array(AdminReferralInviter),
});
export type AdminReferralsAnswer = Static<typeof AdminReferralsAnswer>;

/** How many inviters the referrals answer ranks. */
export const TOP_INVITERS = 10;

const ADMIN_TAGS = ['admin'] as const;

export const GROWTH_ADMIN_ROUTES = {
  referrals: route({
    method: 'GET',
    url: '/api/admin/referrals',
    summary:
      'A page of referred orders, newest first: the inviter, the buyer, the order and the reward paid (or why none), with the totals, the top inviters and the referral percent. q finds an order number, an e-mail or a username (inviter or buyer).',
    tags: ADMIN_TAGS,
    querystring: Type.Object({
      q: Type.Optional(Type.String({ maxLength: 100 })),
      page: Type.Optional(Type.String({ maxLength: 7, [M]: 'page must be a whole number.' })),
      pageSize: Type.Optional(Type.String({ maxLength: 4, [M]: 'pageSize must be a whole number.' })),
    }),
    answer: AdminReferralsAnswer,
  }),
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
