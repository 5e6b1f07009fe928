/**
 * Discount codes, referrals and gift codes (CONTRACTS §12): the rules, as pure functions. The
 * server keeps the codes and counts their uses; what a code takes off a price, whether it applies,
 * and what a referral pays are decided here.
 */
import type { ErrorCode } from './contract/errors.ts';
import { toLatinDigits } from './format.ts';

/**
 * A discount code as typed: 3 to 32 Latin letters, digits, `-` and `_`; matched without case. Its
 * digits may be typed as Persian or Arabic-Indic ones (a Persian keyboard's number row).
 */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const COUPON_CODE_MAX = 32;

/**
 * The code as it is kept and compared: trimmed, Latin digits, upper-case; null when it is not a
 * code's shape.
 */
export function normalizeCouponCode(value: string): string | null {
  const code = toLatinDigits(value).trim();
  return COUPON_CODE_PATTERN.test(code) ? code.toUpperCase() : null;
}

/** The least a discounted price may come to, in tomans: a gateway takes no smaller payment. */
export const COUPON_MIN_PRICE = 1_000;

/** What a discount code takes off: a percent (1 to 100) or fixed tomans. */
export type CouponValue = { percent: number; amount?: undefined } | { amount: number; percent?: undefined };

/**
 * A price after a code, in tomans: a percent takes that share off, rounded down to whole tomans;
 * a fixed amount takes itself off. The price never goes below {@link COUPON_MIN_PRICE} (nor below
 * itself when it already is).
 */
export function applyCoupon(price: number, value: CouponValue): { price: number; discount: number } {
  const wanted =
    value.percent !== undefined ? Math.floor((price * value.percent) / 100) : Math.max(0, Math.floor(value.amount));
  const discount = Math.max(0, Math.min(wanted, price - COUPON_MIN_PRICE));
  return { price: price - discount, discount };
}

/** A discount code's limits, as the server keeps them (dates as ISO texts). */
export interface CouponLimits {
  disabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  uses: number;
  perUser: number | null;
  firstPurchase: boolean;
  /** The plans it is for (null: every plan). */
  plans: readonly number[] | null;
}

/** What a check knows of the buyer: their uses of the code, and whether they bought before (null: unknown yet). */
export interface CouponBuyer {
  usesByBuyer: number | null;
  boughtBefore: boolean | null;
}

/**
 * Why a code does not apply to a purchase, in the contract's order (disabled reads as unknown), or
 * null when it does. What is not known of the buyer yet (a visitor who gave no e-mail) is checked
 * when the order is placed.
 */
export function couponRefusal(
  coupon: CouponLimits,
  purchase: { planId: number; now: Date },
  buyer: CouponBuyer,
): ErrorCode | null {
  const now = purchase.now.toISOString();
  if (coupon.disabled) return 'couponUnknown';
  if (coupon.endsAt !== null && coupon.endsAt <= now) return 'couponExpired';
  if (coupon.startsAt !== null && coupon.startsAt > now) return 'couponNotYetValid';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'couponUsedUp';
  if (coupon.plans !== null && !coupon.plans.includes(purchase.planId)) return 'couponNotForPlan';
  if (coupon.firstPurchase && buyer.boughtBefore === true) return 'couponFirstPurchaseOnly';
  if (coupon.perUser !== null && buyer.usesByBuyer !== null && buyer.usesByBuyer >= coupon.perUser)
    return 'couponPerUserLimit';
  return null;
}

/** The shop's referral percent when it sets none (`referralPercent`; 0 turns rewards off). */
export const DEFAULT_REFERRAL_PERCENT = 10;

/** What a referred purchase pays the referrer: `percent` % of the tomans paid, rounded down. */
export function referralReward(paidToman: number, percent: number): number {
  if (!(paidToman > 0) || !(percent > 0)) return 0;
  return Math.floor((Math.floor(paidToman) * Math.min(100, percent)) / 100);
}

/** A referral code: 10 lower-case letters and digits (the link `{origin}/?ref={code}`). */
export const REFERRAL_CODE_PATTERN = /^[a-z0-9]{10}$/;

export function isReferralCode(value: unknown): value is string {
  return typeof value === 'string' && REFERRAL_CODE_PATTERN.test(value);
}

/** How long the referral cookie lasts: a purchase within this many days carries the referrer. */
export const REFERRAL_COOKIE_DAYS = 30;

/**
 * A gift code as printed: `G-` and 16 characters of Crockford's base 32 in four groups (80 random
 * bits). Read without case, dashes and spaces, and Crockford's look-alikes (I, L → 1; O → 0).
 */
export const GIFT_CODE_BITS = 80;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A gift code from 10 random bytes. */
export function giftCodeOf(bytes: Uint8Array): string {
  if (bytes.length * 8 < GIFT_CODE_BITS) throw new Error(`A gift code takes ${GIFT_CODE_BITS / 8} bytes.`);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes.subarray(0, GIFT_CODE_BITS / 8)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return `G-${out.match(/.{4}/g)!.join('-')}`;
}

/** A gift code as typed, in its one spelling (`G` and the 16 characters); null when it is not one's shape. */
export function normalizeGiftCode(value: string): string | null {
  if (value.length > 64) return null;
  const plain = value.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const body = plain.length === 17 && plain.startsWith('G') ? plain.slice(1) : plain;
  return new RegExp(`^[${CROCKFORD}]{16}$`).test(body) ? `G${body}` : null;
}
