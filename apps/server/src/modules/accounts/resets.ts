import { DAY_MS, isResetPeriod, nextReset, resetBoundary, resetsPassed, type ResetPeriod } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';

/**
 * Traffic that resets (CONTRACTS §14): a plan's data starts again every day, week or month of the
 * subscription, counted from its start (`users.reset_anchor`, set when the subscription starts).
 * The job below makes each reset once, and keeps the finished period's usage in `usage_periods`.
 */

type Periodic = Exclude<ResetPeriod, 'none'>;

/** The subscription's start: the one recorded, else its expiry less the plan's days (older accounts). */
function anchorOf(row: { reset_anchor: string | null; expire_date: string | null; plan_days: number }): Date | null {
  if (row.reset_anchor) return new Date(row.reset_anchor);
  if (!row.expire_date) return null;
  const expire = Date.parse(row.expire_date);
  return Number.isFinite(expire) ? new Date(expire - Number(row.plan_days) * DAY_MS) : null;
}

/** An account's reset period and next reset, for the panel (`POST /api/site/account`); {} when its plan does not reset. */
export async function accountReset(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ reset?: Periodic; nextResetAt?: string | null }> {
  const row = await db
    .selectFrom('users')
    .innerJoin('plans', 'plans.id', 'users.plan_id')
    .select([
      'plans.reset',
      'plans.subs_days as plan_days',
      'users.reset_anchor',
      'users.resets_done',
      'users.expire_date',
      'users.subs_days',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row || !isResetPeriod(row.reset) || row.reset === 'none') return {};
  const reset = row.reset;
  const anchor = Number(row.subs_days) > 0 ? null : anchorOf(row);
  if (!anchor) return { reset, nextResetAt: null };
  const expire = row.expire_date ? new Date(row.expire_date) : null;
  // The next boundary still ahead (a passed one the job has not reached yet is made within minutes).
  const done = Math.max(Number(row.resets_done), resetsPassed(anchor, reset, now));
  return { reset, nextResetAt: nextReset(anchor, reset, done, expire)?.toISOString() ?? null };
}

/**
 * Resets the data of every account whose plan resets and whose period ended: once per boundary
 * (a missed run makes one reset for all the boundaries passed since), only for boundaries before
 * the expiry. The finished period's usage is kept in `usage_periods`; bytes pushed meanwhile stay
 * in the new period. The nodes' user list moves by itself (its trigger sees the account usable
 * again). Returns the number of accounts reset.
 */
export async function runDataResets(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  // Accounts that expired in the last month may still owe a boundary from before their expiry.
  const since = new Date(now.getTime() - 32 * DAY_MS).toISOString();
  const rows = await ctx.db
    .selectFrom('users')
    .innerJoin('plans', 'plans.id', 'users.plan_id')
    .select([
      'users.id',
      'users.expire_date',
      'users.used_bytes',
      'users.reset_anchor',
      'users.resets_done',
      'plans.reset',
      'plans.subs_days as plan_days',
    ])
    .where('plans.reset', '!=', 'none')
    .where('users.subs_days', '=', 0)
    .where('users.expire_date', 'is not', null)
    .where('users.expire_date', '>', since)
    .orderBy('users.id')
    .execute();
  let count = 0;
  for (const row of rows) {
    if (!isResetPeriod(row.reset) || row.reset === 'none') continue;
    const period = row.reset;
    const anchor = anchorOf(row);
    const expire = Date.parse(row.expire_date ?? '');
    if (!anchor || !Number.isFinite(expire)) continue;
    const done = Number(row.resets_done);
    // Boundaries strictly before the expiry, up to now.
    const passed = resetsPassed(anchor, period, new Date(Math.min(now.getTime(), expire - 1)));
    if (passed <= done) {
      if (!row.reset_anchor)
        await ctx.db
          .updateTable('users')
          .set({ reset_anchor: anchor.toISOString() })
          .where('id', '=', row.id)
          .where('reset_anchor', 'is', null)
          .execute();
      continue;
    }
    const used = Number(row.used_bytes);
    const made = await ctx.db.transaction().execute(async (trx) => {
      // Once only: the row must still be where it was read (another process, or a second run, did not reset it).
      const result = await trx
        .updateTable('users')
        .set((eb) => ({
          used_bytes: eb('used_bytes', '-', used),
          resets_done: passed,
          reset_anchor: anchor.toISOString(),
          updated_at: now.toISOString(),
        }))
        .where('id', '=', row.id)
        .where('resets_done', '=', done)
        .where('used_bytes', '>=', used)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('usage_periods')
        .values({
          user_id: row.id,
          started_at: (done === 0 ? anchor : resetBoundary(anchor, period, done)).toISOString(),
          ended_at: resetBoundary(anchor, period, passed).toISOString(),
          used_bytes: used,
          created_at: now.toISOString(),
        })
        .execute();
      return true;
    });
    if (made) count++;
  }
  return count;
}

/** An account's finished data periods, newest first (its usage history, CONTRACTS §14). */
export async function usagePeriods(db: Db, userId: number) {
  const rows = await db
    .selectFrom('usage_periods')
    .select(['started_at', 'ended_at', 'used_bytes'])
    .where('user_id', '=', userId)
    .orderBy('ended_at', 'desc')
    .execute();
  return rows.map((r) => ({ startedAt: r.started_at, endedAt: r.ended_at, usedBytes: Number(r.used_bytes) }));
}
