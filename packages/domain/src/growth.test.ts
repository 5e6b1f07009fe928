import { describe, expect, it } from 'vitest';
import {
  applyCoupon,
  COUPON_MIN_PRICE,
  couponRefusal,
  giftCodeOf,
  isReferralCode,
  normalizeCouponCode,
  normalizeGiftCode,
  referralReward,
  type CouponLimits,
} from './growth.ts';

const open: CouponLimits = {
  disabled: false,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  perUser: null,
  firstPurchase: false,
  plans: null,
};
const now = new Date('2026-06-01T12:00:00Z');
const purchase = { planId: 1, now };
const unknownBuyer = { usesByBuyer: null, boughtBefore: null };

describe('discount codes', () => {
  it('reads a code without case or surrounding spaces, and nothing else', () => {
    expect(normalizeCouponCode(' spring-26 ')).toBe('SPRING-26');
    expect(normalizeCouponCode('ab')).toBeNull();
    expect(normalizeCouponCode('a b c')).toBeNull();
    expect(normalizeCouponCode('x'.repeat(33))).toBeNull();
    expect(normalizeCouponCode('کد۱۰')).toBeNull();
  });

  it('reads Persian and Arabic-Indic digits as Latin ones, as a Persian keyboard types them', () => {
    expect(normalizeCouponCode('bahar-۱۴۰۵')).toBe('BAHAR-1405');
    expect(normalizeCouponCode(' NOROOZ٢٠ ')).toBe('NOROOZ20');
  });

  it('takes a percent, rounded down, or fixed tomans off, never below the least price', () => {
    expect(applyCoupon(45_000, { percent: 10 })).toEqual({ price: 40_500, discount: 4_500 });
    expect(applyCoupon(45_005, { percent: 10 })).toEqual({ price: 40_505, discount: 4_500 });
    expect(applyCoupon(45_000, { amount: 5_000 })).toEqual({ price: 40_000, discount: 5_000 });
    expect(applyCoupon(45_000, { percent: 100 })).toEqual({ price: COUPON_MIN_PRICE, discount: 44_000 });
    expect(applyCoupon(45_000, { amount: 90_000 })).toEqual({ price: COUPON_MIN_PRICE, discount: 44_000 });
    expect(applyCoupon(500, { amount: 100 })).toEqual({ price: 500, discount: 0 });
    expect(applyCoupon(45_000, { amount: -5 })).toEqual({ price: 45_000, discount: 0 });
  });

  it('says each reason a code does not apply, in the contract’s order', () => {
    expect(couponRefusal(open, purchase, unknownBuyer)).toBeNull();
    expect(couponRefusal({ ...open, disabled: true }, purchase, unknownBuyer)).toBe('couponUnknown');
    expect(couponRefusal({ ...open, endsAt: '2026-06-01T12:00:00.000Z' }, purchase, unknownBuyer)).toBe(
      'couponExpired',
    );
    expect(couponRefusal({ ...open, endsAt: '2026-06-02T00:00:00.000Z' }, purchase, unknownBuyer)).toBeNull();
    expect(couponRefusal({ ...open, startsAt: '2026-06-02T00:00:00.000Z' }, purchase, unknownBuyer)).toBe(
      'couponNotYetValid',
    );
    expect(couponRefusal({ ...open, maxUses: 3, uses: 3 }, purchase, unknownBuyer)).toBe('couponUsedUp');
    expect(couponRefusal({ ...open, maxUses: 3, uses: 2 }, purchase, unknownBuyer)).toBeNull();
    expect(couponRefusal({ ...open, plans: [2, 3] }, purchase, unknownBuyer)).toBe('couponNotForPlan');
    expect(couponRefusal({ ...open, plans: [1] }, purchase, unknownBuyer)).toBeNull();
    const first = { ...open, firstPurchase: true };
    expect(couponRefusal(first, purchase, { usesByBuyer: null, boughtBefore: true })).toBe('couponFirstPurchaseOnly');
    expect(couponRefusal(first, purchase, { usesByBuyer: null, boughtBefore: false })).toBeNull();
    expect(couponRefusal(first, purchase, unknownBuyer)).toBeNull();
    const once = { ...open, perUser: 1 };
    expect(couponRefusal(once, purchase, { usesByBuyer: 1, boughtBefore: null })).toBe('couponPerUserLimit');
    expect(couponRefusal(once, purchase, { usesByBuyer: 0, boughtBefore: null })).toBeNull();
    expect(couponRefusal(once, purchase, unknownBuyer)).toBeNull();
    // An expired code that is also used up says expired: the first reason wins.
    expect(
      couponRefusal({ ...open, endsAt: '2026-01-01T00:00:00.000Z', maxUses: 1, uses: 1 }, purchase, unknownBuyer),
    ).toBe('couponExpired');
  });
});

describe('referrals', () => {
  it('pays the percent of what was paid, rounded down, and nothing at 0 %', () => {
    expect(referralReward(45_000, 10)).toBe(4_500);
    expect(referralReward(45_005, 10)).toBe(4_500);
    expect(referralReward(33_333, 7)).toBe(2_333);
    expect(referralReward(45_000, 0)).toBe(0);
    expect(referralReward(0, 10)).toBe(0);
    expect(referralReward(45_000, 250)).toBe(45_000);
  });

  it('knows a referral code by its shape', () => {
    expect(isReferralCode('abcd2345xy')).toBe(true);
    expect(isReferralCode('ABCD2345XY')).toBe(false);
    expect(isReferralCode('abc')).toBe(false);
    expect(isReferralCode(12)).toBe(false);
  });
});

describe('gift codes', () => {
  it('prints 80 random bits as four groups, and reads them back however typed', () => {
    const code = giftCodeOf(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(code).toMatch(/^G-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(giftCodeOf(new Uint8Array(10).fill(255))).toBe('G-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(giftCodeOf(new Uint8Array(10))).toBe('G-0000-0000-0000-0000');
    const normalized = normalizeGiftCode(code);
    expect(normalized).toBe(`G${code.slice(2).replaceAll('-', '')}`);
    expect(normalizeGiftCode(code.toLowerCase())).toBe(normalized);
    expect(normalizeGiftCode(code.slice(2).replaceAll('-', ' '))).toBe(normalized);
    expect(normalizeGiftCode('G-OOOO-IIII-LLLL-0000')).toBe('G0000111111110000');
    expect(normalizeGiftCode('G-UUUU-0000-0000-0000')).toBeNull();
    expect(normalizeGiftCode('G-0000')).toBeNull();
    expect(normalizeGiftCode('x'.repeat(65))).toBeNull();
    expect(() => giftCodeOf(new Uint8Array(4))).toThrow();
  });
});
