import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '@separ/domain';
import {
  checkGifts,
  checkNewCoupon,
  couponState,
  EMPTY_COUPON_FORM,
  EMPTY_GIFT_FORM,
  typedDay,
  typedNumber,
} from './couponForm';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const coupon: AdminCoupon = {
  id: 1,
  code: 'NOWRUZ',
  percent: 20,
  amount: null,
  maxUses: 10,
  perUser: null,
  firstPurchase: false,
  plans: null,
  from: null,
  until: null,
  uses: 3,
  disabled: false,
  createdAt: '2026-11-01T00:00:00Z',
};

describe('a discount code’s state', () => {
  it('is disabled first, then expired, used up, not yet valid, else active', () => {
    expect(couponState(coupon, NOW)).toBe('active');
    expect(couponState({ ...coupon, disabled: true, uses: 10 }, NOW)).toBe('disabled');
    expect(couponState({ ...coupon, until: '2026-11-26T12:00:00Z', uses: 10 }, NOW)).toBe('expired');
    expect(couponState({ ...coupon, until: '2026-11-27T00:00:00Z' }, NOW)).toBe('active');
    expect(couponState({ ...coupon, uses: 10 }, NOW)).toBe('usedUp');
    expect(couponState({ ...coupon, maxUses: null, uses: 10_000 }, NOW)).toBe('active');
    expect(couponState({ ...coupon, from: '2026-12-01T00:00:00Z' }, NOW)).toBe('scheduled');
  });
});

describe('what an operator types', () => {
  it('reads numbers in Persian or Latin digits, with separators', () => {
    expect(typedNumber('۵۰٬۰۰۰')).toBe(50_000);
    expect(typedNumber(' 1,250 ')).toBe(1250);
    expect(typedNumber('12.5')).toBeNull();
    expect(typedNumber('-3')).toBeNull();
    expect(typedNumber('')).toBeNull();
  });

  it('reads days as 2026-12-31 or 2026/12/31, in either digits, and no impossible day', () => {
    expect(typedDay('۱۴۰۵-۰۱-۰۱')).toBe('1405-01-01');
    expect(typedDay('۲۰۲۶/۱۲/۳۱')).toBe('2026-12-31');
    expect(typedDay(' 2026-12-31 ')).toBe('2026-12-31');
    expect(typedDay('2026-02-30')).toBeNull();
    expect(typedDay('31/12/2026')).toBeNull();
  });
});

describe('a new discount code', () => {
  it('says what is wrong, field by field', () => {
    expect(checkNewCoupon(EMPTY_COUPON_FORM).errors).toEqual({ code: 'codeRequired', value: 'valueRequired' });
    expect(
      checkNewCoupon({
        ...EMPTY_COUPON_FORM,
        code: 'تخفیف',
        value: '150',
        maxUses: '0',
        perUser: 'x',
        from: '2026-13-01',
        until: 'soon',
      }).errors,
    ).toEqual({
      code: 'codeShape',
      value: 'percentRange',
      maxUses: 'wholeNumber',
      perUser: 'wholeNumber',
      from: 'dateShape',
      until: 'dateShape',
    });
    expect(checkNewCoupon({ ...EMPTY_COUPON_FORM, code: 'AB1', kind: 'amount', value: '600,000,000' }).errors).toEqual({
      value: 'amountRange',
    });
    expect(
      checkNewCoupon({ ...EMPTY_COUPON_FORM, code: 'AB1', value: '5', from: '2026-12-02', until: '2026-12-01' }).errors,
    ).toEqual({ until: 'untilBeforeFrom' });
  });

  it('sends the code upper-cased, a percent or an amount, and only the limits given', () => {
    expect(checkNewCoupon({ ...EMPTY_COUPON_FORM, code: ' welcome ', value: '۲۰' }).input).toEqual({
      code: 'WELCOME',
      percent: 20,
      maxUses: null,
      perUser: null,
      firstPurchase: false,
      plans: null,
      from: null,
      until: null,
    });
    expect(
      checkNewCoupon({
        ...EMPTY_COUPON_FORM,
        code: 'yalda-1405',
        kind: 'amount',
        value: '۵۰٬۰۰۰',
        maxUses: '100',
        perUser: '1',
        firstPurchase: true,
        plans: [2, 5],
        from: '2026-12-21',
        until: '2026-12-21',
      }).input,
    ).toEqual({
      code: 'YALDA-1405',
      amount: 50_000,
      maxUses: 100,
      perUser: 1,
      firstPurchase: true,
      plans: [2, 5],
      from: '2026-12-21',
      until: '2026-12-21',
    });
  });
});

describe('a batch of gift codes', () => {
  it('needs an amount in tomans and at most 1000 codes', () => {
    expect(checkGifts(EMPTY_GIFT_FORM).errors).toEqual({ amount: 'valueRequired' });
    expect(checkGifts({ amount: '0', count: '1001', until: 'x' }).errors).toEqual({
      amount: 'amountRange',
      count: 'countRange',
      until: 'dateShape',
    });
    expect(checkGifts({ amount: '۱۰۰٬۰۰۰', count: '', until: '' }).input).toEqual({
      amount: 100_000,
      count: 1,
      until: null,
    });
    expect(checkGifts({ amount: '20000', count: '۲۵', until: '2027-01-31' }).input).toEqual({
      amount: 20_000,
      count: 25,
      until: '2027-01-31',
    });
  });
});
