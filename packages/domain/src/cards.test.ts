import { describe, expect, it } from 'vitest';
import {
  formatCardNumber,
  freeCardAmounts,
  isCardAmountFor,
  luhnValid,
  normalizeCardNumber,
  normalizeTracking,
} from './cards.ts';

describe('card numbers', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('6037990000000006')).toBe(true);
    expect(luhnValid('6037990000000007')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('41111111x1111111')).toBe(false);
  });

  it('reads Persian and Arabic digits, spaces and hyphens, and keeps 16 Luhn-valid digits only', () => {
    expect(normalizeCardNumber('۶۰۳۷ ۹۹۰۰ ۰۰۰۰ ۰۰۰۶')).toBe('6037990000000006');
    expect(normalizeCardNumber('٦٠٣٧-٩٩٠٠-٠٠٠٠-٠٠٠٦')).toBe('6037990000000006');
    expect(normalizeCardNumber(' 4111 1111 1111 1111 ')).toBe('4111111111111111');
    expect(normalizeCardNumber('6037 9900 0000 0007')).toBeNull();
    expect(normalizeCardNumber('603799000000006')).toBeNull();
    expect(normalizeCardNumber('60379900000000060')).toBeNull();
    expect(normalizeCardNumber('6037a90000000006')).toBeNull();
    expect(normalizeCardNumber(6037990000000006)).toBeNull();
    expect(normalizeCardNumber('1'.repeat(100))).toBeNull();
  });

  it('shows a number in groups of four', () => {
    expect(formatCardNumber('6037990000000006')).toBe('6037 9900 0000 0006');
  });
});

describe('tracking numbers', () => {
  it('reads one number however its digits are written, 6 to 20 digits', () => {
    expect(normalizeTracking('۱۲۳۴۵۶')).toBe('123456');
    expect(normalizeTracking('١٢٣ ٤٥٦')).toBe('123456');
    expect(normalizeTracking('123456')).toBe(normalizeTracking('۱۲۳۴۵۶'));
    expect(normalizeTracking('12345')).toBeNull();
    expect(normalizeTracking('1'.repeat(20))).toBe('1'.repeat(20));
    expect(normalizeTracking('1'.repeat(21))).toBeNull();
    expect(normalizeTracking('12345x')).toBeNull();
    expect(normalizeTracking(undefined)).toBeNull();
  });
});

describe('the unique amount', () => {
  it('asks the price in rials plus an offset of whole tomans below 100,000 rials', () => {
    expect(isCardAmountFor(150_000, 1_500_010)).toBe(true);
    expect(isCardAmountFor(150_000, 1_599_990)).toBe(true);
    expect(isCardAmountFor(150_000, 1_500_000)).toBe(false);
    expect(isCardAmountFor(150_000, 1_600_000)).toBe(false);
    expect(isCardAmountFor(150_000, 1_500_015)).toBe(false);
  });

  it('offers the smallest amounts no open order has', () => {
    const taken = new Set([1_500_010, 1_500_030]);
    expect(freeCardAmounts(150_000, taken, 3)).toEqual([1_500_020, 1_500_040, 1_500_050]);
    const all = new Set(Array.from({ length: 9999 }, (_, i) => 1_500_010 + i * 10));
    expect(freeCardAmounts(150_000, all, 3)).toEqual([]);
  });
});
