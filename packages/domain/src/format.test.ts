import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dataVolume, duration, roundToTenth, toLatinDigits, toPersianDigits } from './format.ts';

describe('dataVolume (SPEC §9 data format)', () => {
  it('reads -1 as unlimited', () => {
    expect(dataVolume(-1)).toEqual({ kind: 'unlimited' });
  });

  it('shows 1024 MB or more in GB, with one decimal', () => {
    expect(dataVolume(1024)).toEqual({ kind: 'amount', value: 1, unit: 'GB' });
    expect(dataVolume(1536)).toEqual({ kind: 'amount', value: 1.5, unit: 'GB' });
    expect(dataVolume(51200)).toEqual({ kind: 'amount', value: 50, unit: 'GB' });
    expect(dataVolume(1100)).toEqual({ kind: 'amount', value: 1.1, unit: 'GB' });
  });

  it('shows less than 1024 MB in MB, with one decimal', () => {
    expect(dataVolume(1023)).toEqual({ kind: 'amount', value: 1023, unit: 'MB' });
    expect(dataVolume(500.25)).toEqual({ kind: 'amount', value: 500.3, unit: 'MB' });
    expect(dataVolume(0)).toEqual({ kind: 'amount', value: 0, unit: 'MB' });
  });

  it('treats a value that is not a number as 0 MB', () => {
    expect(dataVolume(Number.NaN)).toEqual({ kind: 'amount', value: 0, unit: 'MB' });
  });

  it('never loses the unit boundary at 1024', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (mb) => {
        const volume = dataVolume(mb);
        expect(volume.kind).toBe('amount');
        if (volume.kind !== 'amount') return;
        expect(volume.unit).toBe(mb >= 1024 ? 'GB' : 'MB');
        if (volume.unit === 'GB') expect(volume.value).toBeGreaterThanOrEqual(1);
        const exact = volume.unit === 'GB' ? mb / 1024 : mb;
        expect(Math.abs(volume.value - exact)).toBeLessThanOrEqual(0.05 + 1e-9 * exact);
      }),
    );
  });
});

describe('roundToTenth', () => {
  it('keeps one decimal', () => {
    expect(roundToTenth(1.25)).toBe(1.3);
    expect(roundToTenth(2)).toBe(2);
  });
});

describe('duration (SPEC §9 duration format)', () => {
  it.each([
    [365, { value: 1, unit: 'year' }],
    [730, { value: 2, unit: 'year' }],
    [729, { value: 1, unit: 'year' }],
    [364, { value: 12, unit: 'month' }],
    [30, { value: 1, unit: 'month' }],
    [90, { value: 3, unit: 'month' }],
    [59, { value: 1, unit: 'month' }],
    [29, { value: 29, unit: 'day' }],
    [7, { value: 7, unit: 'day' }],
    [0, { value: 0, unit: 'day' }],
  ] as const)('%i days -> %o', (days, expected) => {
    expect(duration(days)).toEqual(expected);
  });

  it('always gives a whole number of its unit that does not exceed the days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (days) => {
        const { value, unit } = duration(days);
        expect(Number.isInteger(value)).toBe(true);
        const unitDays = unit === 'year' ? 365 : unit === 'month' ? 30 : 1;
        expect(value * unitDays).toBeLessThanOrEqual(days);
        expect((value + 1) * unitDays).toBeGreaterThan(days);
      }),
    );
  });
});

describe('toPersianDigits', () => {
  it('replaces every ASCII digit and leaves everything else', () => {
    expect(toPersianDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits('120,000 تومان')).toBe('۱۲۰,۰۰۰ تومان');
    expect(toPersianDigits(42)).toBe('۴۲');
    expect(toPersianDigits(1.5)).toBe('۱.۵');
    expect(toPersianDigits('abc ۳')).toBe('abc ۳');
    expect(toPersianDigits('')).toBe('');
  });

  it('round-trips through toLatinDigits', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const persian = toPersianDigits(text);
        expect(persian).not.toMatch(/[0-9]/);
        expect(persian.length).toBe(text.length);
      }),
    );
    expect(toLatinDigits(toPersianDigits('2025-09-23'))).toBe('2025-09-23');
    expect(toLatinDigits('٣٤')).toBe('34');
  });
});
