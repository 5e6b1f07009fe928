import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { plainNumber, withSeparNumberFormat } from './useFormat';

const LOCALES = { fa: 'fa-IR', en: 'en-US' } as const;

/** Prices in toman, plan sizes in GB, counts, and the awkward halves of binary fractions. */
const VALUES = [
  0,
  1,
  7,
  12,
  999,
  1000,
  1234,
  45_000,
  120_000,
  999_999,
  1_000_000,
  99_000_000,
  1_234_567_890,
  0.5,
  1.05,
  1.25,
  1.35,
  2.5,
  9.95,
  10.05,
  0.1 + 0.2,
  1.005,
  19.999,
  1023.96,
  123456.789,
  Number.MAX_SAFE_INTEGER,
];

describe('plainNumber', () => {
  for (const language of ['fa', 'en'] as const) {
    const locale = LOCALES[language];
    for (const options of [
      undefined,
      { maximumFractionDigits: 0 },
      { maximumFractionDigits: 1 },
      { maximumFractionDigits: 2 },
    ]) {
      it(`writes what Intl.NumberFormat writes for ${locale} ${JSON.stringify(options ?? {})}`, () => {
        const intl = new Intl.NumberFormat(locale, options);
        const random = Array.from({ length: 500 }, (_, i) => Math.round(Math.random() * 10 ** (i % 10) * 1000) / 1000);
        for (const value of [...VALUES, ...random])
          expect(plainNumber(value, language, options), String(value)).toBe(intl.format(value));
      });
    }
  }

  it('leaves to Intl what it does not write itself', () => {
    expect(plainNumber(-5, 'fa')).toBeNull();
    expect(plainNumber(Number.NaN, 'en')).toBeNull();
    expect(plainNumber(Number.POSITIVE_INFINITY, 'en')).toBeNull();
    expect(plainNumber(1e21, 'en')).toBeNull();
    expect(plainNumber(12.5, 'en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBeNull();
    expect(plainNumber(12.5, 'fa', { style: 'percent' })).toBeNull();
  });

  it('uses Persian digits and separators for Persian', () => {
    expect(plainNumber(1234567.5, 'fa')).toBe('۱٬۲۳۴٬۵۶۷٫۵');
  });
});

describe('withSeparNumberFormat', () => {
  const resources = {
    fa: { common: { days: '{{count, number}} روز', fixed: '{{value, number(minimumFractionDigits: 2)}} دلار' } },
    en: { common: { days: '{{count, number}} days', fixed: '{{value, number(minimumFractionDigits: 2)}} dollars' } },
  };
  const make = async (fast: boolean) => {
    const instance = i18next.createInstance();
    await instance.init({ resources, lng: 'fa', defaultNS: 'common', interpolation: { escapeValue: false } });
    return fast ? withSeparNumberFormat(instance) : instance;
  };

  it("writes the translations' numbers as i18next's own Intl formatter does", async () => {
    const [own, fast] = await Promise.all([make(false), make(true)]);
    for (const lng of ['fa', 'en']) {
      for (const count of [0, 1, 7, 1500, 1234567, 2.5, -3]) {
        expect(fast.t('days', { lng, count })).toBe(own.t('days', { lng, count }));
        expect(fast.t('fixed', { lng, value: count })).toBe(own.t('fixed', { lng, value: count }));
      }
    }
    expect(fast.t('days', { lng: 'fa', count: 1500 })).toBe('۱٬۵۰۰ روز');
  });
});
