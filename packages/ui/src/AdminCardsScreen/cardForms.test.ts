import { describe, expect, it } from 'vitest';
import { REJECT_REASON_MAX } from '@separ/domain';
import { cardRefusal, checkNewCard, checkRejectReason } from './cardForms';

describe('a new card’s fields', () => {
  it('takes 16 digits passing the Luhn check, Persian digits and spaces too', () => {
    expect(checkNewCard('6037 9975 1234 5670', 'Maryam', '')).toEqual({});
    expect(checkNewCard('۶۰۳۷-۹۹۷۵-۱۲۳۴-۵۶۷۰', 'مریم', 'ملی')).toEqual({});
  });

  it('says whether the number is missing, short or fails the check', () => {
    expect(checkNewCard('  ', 'x', '').number).toBe('numberRequired');
    expect(checkNewCard('6037 9975 1234 567', 'x', '').number).toBe('numberLength');
    expect(checkNewCard('6037 9975 1234 56701', 'x', '').number).toBe('numberLength');
    expect(checkNewCard('6037 9975 1234 5671', 'x', '').number).toBe('numberCheck');
    expect(checkNewCard('6037 9975 abcd 5670', 'x', '').number).toBe('numberLength');
  });

  it('needs a holder, and bounds the holder and the bank', () => {
    expect(checkNewCard('6037997512345670', ' ', '').holder).toBe('holderRequired');
    expect(checkNewCard('6037997512345670', 'x'.repeat(101), '').holder).toBe('holderLong');
    expect(checkNewCard('6037997512345670', 'x', 'y'.repeat(101)).bank).toBe('bankLong');
    expect(checkNewCard('6037997512345670', 'x'.repeat(100), 'y'.repeat(100))).toEqual({});
  });
});

describe('a rejection’s reason', () => {
  it('is required and bounded by REJECT_REASON_MAX', () => {
    expect(checkRejectReason(' \n ')).toBe('reasonRequired');
    expect(checkRejectReason('x'.repeat(REJECT_REASON_MAX))).toBeNull();
    expect(checkRejectReason('x'.repeat(REJECT_REASON_MAX + 1))).toBe('reasonLong');
  });
});

describe('a refused card call', () => {
  it('is read by its code, from the container’s error or the answer’s body', () => {
    expect(cardRefusal({ code: 'conflict', message: 'Order 1 is approved already.' })).toBe('conflict');
    expect(cardRefusal({ status: 400, data: { code: 'invalid', message: 'x' } })).toBe('invalid');
    expect(cardRefusal({ code: 'throttled' })).toBeNull();
    expect(cardRefusal(new Error('conflict'))).toBeNull();
    expect(cardRefusal(null)).toBeNull();
  });
});
