import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/** A fixed-window counter kept in the database, so every server process shares it. */
export interface ThrottleState {
  /** Attempts in the current window, this one included. */
  count: number;
  blocked: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt for the key and says whether it is over the limit: one atomic statement, so
 * that attempts made in parallel are all counted before any of them does its work (a peek before
 * and a count after would let every parallel attempt through). A new window starts when the last
 * one ended.
 */
export async function countAttempt(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<ThrottleState> {
  const start = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const result = await sql<{ count: number; window_start: string }>`
    insert into throttle (key, count, window_start) values (${key}, 1, ${start})
    on conflict (key) do update set
      count = case when throttle.window_start <= ${cutoff} then 1 else throttle.count + 1 end,
      window_start = case when throttle.window_start <= ${cutoff} then ${start} else throttle.window_start end
    returning count, window_start`.execute(db);
  const row = result.rows[0];
  const count = Number(row?.count ?? 1);
  const ends = Date.parse(row?.window_start ?? start) + windowMs;
  return { count, blocked: count > limit, retryAfterSeconds: Math.max(1, (ends - now.getTime()) / 1000) };
}

/** Takes one attempt back (a login that succeeded, or one the server could not serve). */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('throttle')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

/** Forgets the key (after a successful login). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}

/** Deletes windows that ended: no limit is longer than a day. */
export async function purgeThrottle(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const result = await db.deleteFrom('throttle').where('window_start', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
