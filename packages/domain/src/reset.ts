/**
 * Traffic that resets (CONTRACTS §14): a plan's data may start again every day, week or month of
 * the subscription, counted from its start. Pure: callers pass the subscription's start and `now`.
 */

export const RESET_PERIODS = ['none', 'day', 'week', 'month'] as const;
export type ResetPeriod = (typeof RESET_PERIODS)[number];

export function isResetPeriod(value: unknown): value is ResetPeriod {
  return typeof value === 'string' && (RESET_PERIODS as readonly string[]).includes(value);
}

const DAY = 86_400_000;

/**
 * The `k`-th boundary after `start`: k days, k weeks, or k calendar months later (UTC; a start on the
 * 31st resets on the last day of a shorter month, and on the 31st again when the month has one).
 */
export function resetBoundary(start: Date, period: Exclude<ResetPeriod, 'none'>, k: number): Date {
  if (period === 'day') return new Date(start.getTime() + k * DAY);
  if (period === 'week') return new Date(start.getTime() + k * 7 * DAY);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + k;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), last),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** How many boundaries after `start` are at or before `now` (0 before the first). */
export function resetsPassed(start: Date, period: Exclude<ResetPeriod, 'none'>, now: Date): number {
  const elapsed = now.getTime() - start.getTime();
  if (elapsed < 0) return 0;
  if (period === 'day') return Math.floor(elapsed / DAY);
  if (period === 'week') return Math.floor(elapsed / (7 * DAY));
  let k = (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + (now.getUTCMonth() - start.getUTCMonth());
  while (k > 0 && resetBoundary(start, period, k) > now) k--;
  while (resetBoundary(start, period, k + 1) <= now) k++;
  return Math.max(0, k);
}

/**
 * The next reset of a subscription that started at `start` and has had `done` resets, or null when
 * the plan does not reset or that moment is not before the expiry (`expire`, when known).
 */
export function nextReset(start: Date, period: ResetPeriod, done: number, expire: Date | null): Date | null {
  if (period === 'none') return null;
  const next = resetBoundary(start, period, done + 1);
  return expire && next >= expire ? null : next;
}
