import { dataVolume, duration, UNLIMITED_MB, type DataVolume, type Duration } from './format.ts';

/** The price quantity key that every displayable plan must carry. */
export const PRICE_KEY = '100';

/** The Persian word for "unlimited", which marks a recommended plan by its title. */
export const UNLIMITED_WORD_FA = 'نامحدود';

/** A plan as the plans service sends it; price_* are JSON text such as '{"100":120000}'. */
export interface RawPlan {
  id: number;
  title: string;
  active: number;
  ios: number;
  allowedMB: number;
  subsDays: number;
  allowedDevices: number;
  discount?: number | string | null;
  price_toman: string;
  price_credit: string;
  /** CONTRACTS §12: with the shop's tomanPerUsd set, the toman price in dollars, rounded to cents. */
  price_usd?: number;
}

/** The platform tab a plan belongs to: ios 1 is iOS and other platforms, ios 0 Android/Windows. */
export type Platform = 'ios' | 'android';

/** A raw plan with its parsed prices and derived display values. */
export interface Plan extends RawPlan {
  pricing: { toman: Record<string, number>; credit: Record<string, number> };
  bestPrice: number | null;
  /**
   * The dollar price the shop sends (`price_usd`, CONTRACTS §12) when its toman-per-dollar rate is
   * set and the price is above 0; null otherwise. English pages show it instead of tomans.
   */
  priceUsd: number | null;
  originalPrice: number | null;
  discountPercent: number | null;
  platform: Platform;
  dataVolume: DataVolume;
  duration: Duration;
}

const NUMERIC_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!NUMERIC_TEXT.test(text)) return null;
    const parsed = Number(text);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Parses a price map from JSON text (or an already parsed object); unparseable or non-object -> {}; keeps only finite numeric values. */
export function parsePriceMap(json: unknown): Record<string, number> {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const prices: Record<string, number> = {};
  for (const [key, raw] of Object.entries(value)) {
    const price = toFiniteNumber(raw);
    if (price !== null) prices[key] = price;
  }
  return prices;
}

/** The price at key "100" if positive, else the smallest positive price, else null. */
export function bestPrice(prices: Record<string, number>): number | null {
  const main = prices[PRICE_KEY];
  if (main !== undefined && Number.isFinite(main) && main > 0) return main;
  let best: number | null = null;
  for (const price of Object.values(prices)) {
    if (Number.isFinite(price) && price > 0 && (best === null || price < best)) best = price;
  }
  return best;
}

/**
 * Math.round((toman - credit) / toman * 100), only when toman > credit and credit > 0, else null.
 * A discount that rounds to 0 % is no discount (null), and one that rounds to 100 % is shown as 99 %,
 * since a price above zero is never free: the result is always within 1..99.
 */
export function discountPercent(toman: number, credit: number): number | null {
  if (!Number.isFinite(toman) || !Number.isFinite(credit)) return null;
  if (!(toman > credit && credit > 0)) return null;
  const percent = Math.round(((toman - credit) / toman) * 100);
  if (percent < 1) return null;
  return Math.min(percent, 99);
}

function hasPositiveMainPrice(prices: Record<string, number>): boolean {
  const main = prices[PRICE_KEY];
  return main !== undefined && main > 0;
}

/** True when the plan is active (1) and both its toman and credit prices at key "100" are above 0. */
export function isPlanDisplayable(raw: RawPlan): boolean {
  return (
    Number(raw.active) === 1 &&
    hasPositiveMainPrice(parsePriceMap(raw.price_toman)) &&
    hasPositiveMainPrice(parsePriceMap(raw.price_credit))
  );
}

function numberOr(value: unknown, fallback: number): number {
  return toFiniteNumber(value) ?? fallback;
}

/** A plan's `price_usd` as a dollar amount above 0 with at most cents, else null. */
function usdOf(value: unknown): number | null {
  const usd = toFiniteNumber(value);
  return usd !== null && usd > 0 && usd < 1e9 ? Math.round(usd * 100) / 100 : null;
}

/** Parses a raw plan's prices and adds its best price, discount, platform, data volume and duration. */
export function normalizePlan(raw: RawPlan): Plan {
  const toman = parsePriceMap(raw.price_toman);
  const credit = parsePriceMap(raw.price_credit);
  const mainToman = toman[PRICE_KEY];
  const mainCredit = credit[PRICE_KEY];
  const percent = mainToman !== undefined && mainCredit !== undefined ? discountPercent(mainToman, mainCredit) : null;
  const allowedMB = numberOr(raw.allowedMB, 0);
  const subsDays = numberOr(raw.subsDays, 0);
  return {
    ...raw,
    pricing: { toman, credit },
    bestPrice: bestPrice(toman),
    priceUsd: usdOf(raw.price_usd),
    originalPrice: percent !== null && mainToman !== undefined ? mainToman : null,
    discountPercent: percent,
    platform: Number(raw.ios) === 1 ? 'ios' : 'android',
    dataVolume: dataVolume(allowedMB),
    duration: duration(subsDays),
  };
}

/** The plans of one platform tab, in their original order. */
export function filterByPlatform(plans: Plan[], platform: Platform): Plan[] {
  return plans.filter((plan) => plan.platform === platform);
}

/** A plan is marked popular when it is discounted, has unlimited data, or allows more than one device. */
export function isPopularPlan(plan: Plan): boolean {
  return (plan.discountPercent ?? 0) > 0 || plan.allowedMB === UNLIMITED_MB || plan.allowedDevices > 1;
}

/** Sorts ascending by best price (plans without a price last) or by duration; stable, returns a new array. */
export function sortPlans(plans: Plan[], by: 'price' | 'duration'): Plan[] {
  const key =
    by === 'price' ? (plan: Plan) => plan.bestPrice ?? Number.POSITIVE_INFINITY : (plan: Plan) => plan.subsDays;
  return [...plans].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka === kb ? 0 : ka < kb ? -1 : 1;
  });
}

/** Groups plans by their subscription days, ascending by days; each group keeps the input order. */
export function groupByDuration(plans: Plan[]): Array<{ days: number; plans: Plan[] }> {
  const groups = new Map<number, Plan[]>();
  for (const plan of plans) {
    const group = groups.get(plan.subsDays);
    if (group) group.push(plan);
    else groups.set(plan.subsDays, [plan]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([days, list]) => ({ days, plans: list }));
}

/** The plans worth recommending: discounted, unlimited data, or a title containing 'نامحدود'. */
export function recommendedPlans(plans: Plan[]): Plan[] {
  return plans.filter(
    (plan) =>
      (plan.discountPercent ?? 0) > 0 ||
      plan.allowedMB === UNLIMITED_MB ||
      String(plan.title ?? '').includes(UNLIMITED_WORD_FA),
  );
}

/** Keeps the current duration if it is still available, else picks the shortest, else null. */
export function pickDuration(available: number[], current: number | null): number | null {
  if (current !== null && available.includes(current)) return current;
  if (available.length === 0) return null;
  return Math.min(...available);
}

/** The distinct durations (in days) of the given plans, ascending. */
export function availableDurations(plans: Plan[]): number[] {
  return [...new Set(plans.map((plan) => plan.subsDays))].sort((a, b) => a - b);
}
