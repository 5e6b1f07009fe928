import { parseWhole } from '../AdminLayout/numbers';

/** What is wrong with a top-up amount: nothing typed, not a whole number, or outside the shop's bounds. */
export type TopupAmountError = 'required' | 'invalid' | 'range';

/** The quick-pick amounts of the top-up form, in tomans (those within the shop's bounds are offered). */
export const TOPUP_QUICK_AMOUNTS: readonly number[] = [100_000, 200_000, 500_000, 1_000_000];

/**
 * A top-up amount as typed (Persian or Latin digits, thousands separated or not): whole tomans
 * within `min`…`max`, or what is wrong with it.
 */
export function checkTopupAmount(
  text: string,
  min: number,
  max: number,
): { ok: true; amount: number } | { ok: false; error: TopupAmountError } {
  if (text.trim() === '') return { ok: false, error: 'required' };
  const amount = parseWhole(text);
  if (amount === null) return { ok: false, error: 'invalid' };
  if (amount < min || amount > max) return { ok: false, error: 'range' };
  return { ok: true, amount };
}
