/**
 * Dollar prices (CONTRACTS §12): with the shop's `tomanPerUsd` set, a plan's dollar price is its
 * toman price / `tomanPerUsd`, rounded to cents. The crypto gateways (OxaPay, NOWPayments) invoice
 * in dollars; an order keeps its amount in cents and the rate it was made at.
 */

/** The rate the operator may set: whole tomans per dollar (0 turns dollar prices off). */
export const TOMAN_PER_USD_BOUNDS = { min: 1, max: 100_000_000 } as const;

/** True for a rate the shop may keep: 0 (off), or a whole number within the bounds. */
export function isTomanPerUsd(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    (value === 0 || (value >= TOMAN_PER_USD_BOUNDS.min && value <= TOMAN_PER_USD_BOUNDS.max))
  );
}

/** A toman amount in whole US cents at the rate, rounded; null when either is not above 0. */
export function usdCents(toman: number, tomanPerUsd: number): number | null {
  if (!(Number.isFinite(toman) && toman > 0 && Number.isFinite(tomanPerUsd) && tomanPerUsd > 0)) return null;
  // Whole tomans and a whole rate: the quotient is exact before its one rounding.
  return Math.round((toman * 100) / tomanPerUsd);
}

/** A toman amount in dollars, rounded to cents (a number, e.g. 2.5); null when there is no rate. */
export function usdPrice(toman: number, tomanPerUsd: number): number | null {
  const cents = usdCents(toman, tomanPerUsd);
  return cents === null ? null : cents / 100;
}

/** Cents as the decimal text of dollars the gateways are sent and answer (1234 -> "12.34"). */
export function centsText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** A gateway's dollar amount (a number or its text) in whole cents; null when it is not one. */
export function centsOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,12}(?:\.\d+)?$/.test(text)) return null;
  const cents = Number(text) * 100;
  // 12.34 is 1233.9999… in binary: a gateway's amount that is not whole cents is not the order's.
  const rounded = Math.round(cents);
  return Math.abs(cents - rounded) < 1e-6 ? rounded : null;
}
