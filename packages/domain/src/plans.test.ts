import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  availableDurations,
  bestPrice,
  discountPercent,
  filterByPlatform,
  groupByDuration,
  isPlanDisplayable,
  isPopularPlan,
  normalizePlan,
  parsePriceMap,
  pickDuration,
  recommendedPlans,
  sortPlans,
  type RawPlan,
} from './plans.ts';

function rawPlan(overrides: Partial<RawPlan> = {}): RawPlan {
  return {
    id: 1,
    title: 'یک ماهه',
    active: 1,
    ios: 0,
    allowedMB: 51200,
    subsDays: 30,
    allowedDevices: 1,
    price_toman: '{"100":120000}',
    price_credit: '{"100":120000}',
    ...overrides,
  };
}

describe('parsePriceMap', () => {
  it('parses JSON text mapping quantity keys to prices', () => {
    expect(parsePriceMap('{"100":120000,"200":230000}')).toEqual({ '100': 120000, '200': 230000 });
  });

  it('parses numeric strings and drops values that are not finite numbers', () => {
    expect(parsePriceMap('{"100":"99000","50":"abc","20":null,"30":true,"40":"","60":[1],"70":" 5 "}')).toEqual({
      '100': 99000,
      '70': 5,
    });
  });

  it('keeps zero and negative values: they are numbers, other rules reject them', () => {
    expect(parsePriceMap('{"100":0,"200":-5}')).toEqual({ '100': 0, '200': -5 });
  });

  it('accepts an already parsed object', () => {
    expect(parsePriceMap({ '100': 5, '200': '6' })).toEqual({ '100': 5, '200': 6 });
  });

  it.each([['not json'], [''], ['[1,2]'], ['null'], ['42'], ['"{}"'], [null], [undefined], [42], [[1]]])(
    'gives {} for unparseable or non-object input %j',
    (input) => {
      expect(parsePriceMap(input)).toEqual({});
    },
  );

  it('never throws and only ever returns finite numbers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue()), (input) => {
        const map = parsePriceMap(input);
        for (const value of Object.values(map)) expect(Number.isFinite(value)).toBe(true);
      }),
    );
  });
});

describe('bestPrice', () => {
  it('takes the price at key 100 when it is positive', () => {
    expect(bestPrice({ '100': 120000, '50': 1000 })).toBe(120000);
  });

  it('otherwise takes the smallest positive price', () => {
    expect(bestPrice({ '100': 0, '50': 3000, '20': 2000, '10': -1 })).toBe(2000);
    expect(bestPrice({ '50': 3000 })).toBe(3000);
  });

  it('is null when no price is positive', () => {
    expect(bestPrice({})).toBeNull();
    expect(bestPrice({ '100': 0, '5': -3 })).toBeNull();
  });

  it('is always one of the positive prices, or null when there is none', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('100', '50', '200', '1', 'x'), fc.double({ min: -1e7, max: 1e7, noNaN: true })),
        (prices) => {
          const best = bestPrice(prices);
          const positives = Object.values(prices).filter((p) => p > 0);
          if (positives.length === 0) expect(best).toBeNull();
          else expect(positives).toContain(best);
          const main = prices['100'];
          if (main !== undefined && main > 0) expect(best).toBe(main);
          else if (best !== null) expect(best).toBe(Math.min(...positives));
        },
      ),
    );
  });
});

describe('discountPercent', () => {
  it('rounds (toman - credit) / toman to a whole percent', () => {
    expect(discountPercent(200000, 150000)).toBe(25);
    expect(discountPercent(300000, 200000)).toBe(33);
    expect(discountPercent(120000, 99000)).toBe(18);
  });

  it('is null unless toman exceeds credit and credit is above 0', () => {
    expect(discountPercent(100, 100)).toBeNull();
    expect(discountPercent(100, 150)).toBeNull();
    expect(discountPercent(100, 0)).toBeNull();
    expect(discountPercent(100, -10)).toBeNull();
    expect(discountPercent(0, 0)).toBeNull();
    expect(discountPercent(Number.NaN, 5)).toBeNull();
    expect(discountPercent(Number.POSITIVE_INFINITY, 5)).toBeNull();
  });

  it('keeps a discount that would round to 0 % or 100 % within 1..99', () => {
    expect(discountPercent(1000, 999)).toBeNull();
    expect(discountPercent(1000, 1)).toBe(99);
  });

  it('is within 1..99 whenever present', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        (t, c) => {
          const percent = discountPercent(t, c);
          if (percent === null) return;
          expect(Number.isInteger(percent)).toBe(true);
          expect(percent).toBeGreaterThanOrEqual(1);
          expect(percent).toBeLessThanOrEqual(99);
          expect(t).toBeGreaterThan(c);
          expect(c).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('isPlanDisplayable (SPEC §5 plan display)', () => {
  it('shows an active plan with both prices at key 100 above 0', () => {
    expect(isPlanDisplayable(rawPlan())).toBe(true);
  });

  it('hides an inactive plan', () => {
    expect(isPlanDisplayable(rawPlan({ active: 0 }))).toBe(false);
  });

  it('hides a plan whose toman or credit price at key 100 is missing, zero or unparseable', () => {
    expect(isPlanDisplayable(rawPlan({ price_toman: '{"200":1000}' }))).toBe(false);
    expect(isPlanDisplayable(rawPlan({ price_credit: '{"100":0}' }))).toBe(false);
    expect(isPlanDisplayable(rawPlan({ price_toman: 'oops' }))).toBe(false);
    expect(isPlanDisplayable(rawPlan({ price_credit: '{"100":"abc"}' }))).toBe(false);
  });
});

describe('normalizePlan', () => {
  it('keeps the raw fields and adds pricing, best price, platform, data volume and duration', () => {
    const plan = normalizePlan(rawPlan({ ios: 1, allowedMB: -1, subsDays: 90 }));
    expect(plan).toMatchObject({
      id: 1,
      title: 'یک ماهه',
      ios: 1,
      pricing: { toman: { '100': 120000 }, credit: { '100': 120000 } },
      bestPrice: 120000,
      originalPrice: null,
      discountPercent: null,
      platform: 'ios',
      dataVolume: { kind: 'unlimited' },
      duration: { value: 3, unit: 'month' },
    });
  });

  it('marks a discount with the original toman price', () => {
    const plan = normalizePlan(rawPlan({ price_toman: '{"100":200000}', price_credit: '{"100":150000}' }));
    expect(plan.discountPercent).toBe(25);
    expect(plan.originalPrice).toBe(200000);
    expect(plan.bestPrice).toBe(200000);
    expect(plan.platform).toBe('android');
    expect(plan.dataVolume).toEqual({ kind: 'amount', value: 50, unit: 'GB' });
  });

  it('keeps the dollar price the shop sends (rounded to cents), and null without one or for junk', () => {
    expect(normalizePlan(rawPlan({})).priceUsd).toBeNull();
    expect(normalizePlan(rawPlan({ price_usd: 4.99 })).priceUsd).toBe(4.99);
    expect(normalizePlan(rawPlan({ price_usd: 2.345 })).priceUsd).toBe(2.35);
    for (const junk of [0, -1, Number.NaN, 1e12] as number[])
      expect(normalizePlan(rawPlan({ price_usd: junk })).priceUsd).toBeNull();
  });

  it('treats broken price JSON as empty prices', () => {
    const plan = normalizePlan(rawPlan({ price_toman: '{broken', price_credit: '{"100":1}' }));
    expect(plan.pricing.toman).toEqual({});
    expect(plan.bestPrice).toBeNull();
    expect(plan.discountPercent).toBeNull();
    expect(plan.originalPrice).toBeNull();
  });
});

const plans = [
  normalizePlan(rawPlan({ id: 1, subsDays: 90, price_toman: '{"100":300000}', price_credit: '{"100":300000}' })),
  normalizePlan(rawPlan({ id: 2, subsDays: 30, price_toman: '{"100":120000}', price_credit: '{"100":120000}' })),
  normalizePlan(
    rawPlan({ id: 3, subsDays: 30, ios: 1, price_toman: '{"100":150000}', price_credit: '{"100":120000}' }),
  ),
  normalizePlan(
    rawPlan({ id: 4, subsDays: 365, allowedMB: -1, price_toman: '{"100":900000}', price_credit: '{"100":900000}' }),
  ),
  normalizePlan(rawPlan({ id: 5, subsDays: 30, title: 'نامحدود یک ماهه', price_toman: '{}', price_credit: '{}' })),
  normalizePlan(
    rawPlan({ id: 6, subsDays: 90, allowedDevices: 2, price_toman: '{"100":120000}', price_credit: '{"100":120000}' }),
  ),
];

describe('filterByPlatform (SPEC §5 platform filter)', () => {
  it('keeps ios 1 plans for the iOS tab and ios 0 plans for Android/Windows', () => {
    expect(filterByPlatform(plans, 'ios').map((p) => p.id)).toEqual([3]);
    expect(filterByPlatform(plans, 'android').map((p) => p.id)).toEqual([1, 2, 4, 5, 6]);
  });
});

describe('isPopularPlan', () => {
  it('is popular when discounted, unlimited, or for more than one device', () => {
    expect(isPopularPlan(plans[2]!)).toBe(true);
    expect(isPopularPlan(plans[3]!)).toBe(true);
    expect(isPopularPlan(plans[5]!)).toBe(true);
    expect(isPopularPlan(plans[0]!)).toBe(false);
    expect(isPopularPlan(plans[1]!)).toBe(false);
  });
});

describe('sortPlans', () => {
  it('sorts by best price ascending, plans without a price last', () => {
    expect(sortPlans(plans, 'price').map((p) => p.id)).toEqual([2, 6, 3, 1, 4, 5]);
  });

  it('sorts by duration ascending, keeping the order of equal durations', () => {
    expect(sortPlans(plans, 'duration').map((p) => p.id)).toEqual([2, 3, 5, 1, 6, 4]);
  });

  it('returns a new array and leaves the input alone', () => {
    const before = plans.map((p) => p.id);
    const sorted = sortPlans(plans, 'price');
    expect(sorted).not.toBe(plans);
    expect(plans.map((p) => p.id)).toEqual(before);
  });

  it('is stable and pure for any input', () => {
    const arbPlan = fc
      .record({
        id: fc.nat(),
        subsDays: fc.constantFrom(7, 30, 90, 365),
        price: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      })
      .map(({ id, subsDays, price }) =>
        normalizePlan(
          rawPlan({
            id,
            subsDays,
            price_toman: price === undefined ? '{}' : `{"100":${price}}`,
            price_credit: price === undefined ? '{}' : `{"100":${price}}`,
          }),
        ),
      );
    fc.assert(
      fc.property(
        fc.array(arbPlan, { maxLength: 30 }),
        fc.constantFrom('price' as const, 'duration' as const),
        (list, by) => {
          const copy = [...list];
          const sorted = sortPlans(list, by);
          expect(list).toEqual(copy);
          expect(sorted).toHaveLength(list.length);
          const key = (p: (typeof list)[number]) => (by === 'price' ? (p.bestPrice ?? Infinity) : p.subsDays);
          for (let i = 1; i < sorted.length; i++) {
            const a = sorted[i - 1]!;
            const b = sorted[i]!;
            expect(key(a)).toBeLessThanOrEqual(key(b));
            if (key(a) === key(b)) expect(list.indexOf(a)).toBeLessThan(list.indexOf(b));
          }
          expect(sortPlans(list, by)).toEqual(sorted);
        },
      ),
    );
  });
});

describe('groupByDuration', () => {
  it('groups by days ascending, each group in input order', () => {
    expect(groupByDuration(plans).map((g) => [g.days, g.plans.map((p) => p.id)])).toEqual([
      [30, [2, 3, 5]],
      [90, [1, 6]],
      [365, [4]],
    ]);
    expect(groupByDuration([])).toEqual([]);
  });
});

describe('availableDurations', () => {
  it('lists each duration once, ascending', () => {
    expect(availableDurations(plans)).toEqual([30, 90, 365]);
  });
});

describe('recommendedPlans', () => {
  it('keeps discounted, unlimited and "نامحدود" plans', () => {
    expect(recommendedPlans(plans).map((p) => p.id)).toEqual([3, 4, 5]);
  });
});

describe('pickDuration (SPEC §4 plans page)', () => {
  it('keeps the current duration when it is still available', () => {
    expect(pickDuration([30, 90, 365], 90)).toBe(90);
  });

  it('defaults to the shortest otherwise', () => {
    expect(pickDuration([90, 30, 365], null)).toBe(30);
    expect(pickDuration([90, 365], 30)).toBe(90);
  });

  it('is null when nothing is available', () => {
    expect(pickDuration([], 30)).toBeNull();
    expect(pickDuration([], null)).toBeNull();
  });
});
