import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/** A fixed-window counter kept in the database, so every server process shares it. */
export interface ThrottleState {
  /** Attempts in the current window, this one included. */
  count: number;
  blocked: boolean;
  retryAfterSeconds: number;
}

/** One key to count, its limit and its window. */
export interface Counter {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt for each key and says whether each is over its limit: one atomic statement for
 * all of them, so that attempts made in parallel are all counted before any of them does its work
 * (a peek before and a count after would let every parallel attempt through), and a login costs
 * one write here, not one per key. A new window starts when the last one ended.
 */
export async function countAttempts(db: Db, counters: Counter[], now: Date): Promise<ThrottleState[]> {
  const start = now.toISOString();
  // Rows are locked in the order of their keys, whoever counts them: two logins counting the same
  // client and account never wait for each other's second row (a deadlock on PostgreSQL, measured
  // under 50 connections of failing logins before this).
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = sorted.map((c) => sql`(${c.key}, 1, ${start}, ${new Date(now.getTime() + c.windowMs).toISOString()})`);
  // A row whose window has ended starts a new one (old rows without an end count as ended).
  const ended = sql`coalesce(throttle.window_ends, '') <= ${start}`;
  const result = await sql<{ key: string; count: number; window_ends: string }>`
    insert into throttle (key, count, window_start, window_ends) values ${sql.join(rows)}
    on conflict (key) do update set
      count = case when ${ended} then 1 else throttle.count + 1 end,
      window_start = case when ${ended} then excluded.window_start else throttle.window_start end,
      window_ends = case when ${ended} then excluded.window_ends else throttle.window_ends end
    returning key, count, window_ends`.execute(db);
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  return counters.map((c) => {
    const row = byKey.get(c.key);
    const count = Number(row?.count ?? 1);
    const ends = Date.parse(row?.window_ends ?? start);
    return { count, blocked: count > c.limit, retryAfterSeconds: Math.max(1, (ends - now.getTime()) / 1000) };
  });
}

/** Counts one attempt for one key (see countAttempts). */
export async function countAttempt(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<ThrottleState> {
  const [state] = await countAttempts(db, [{ key, limit, windowMs }], now);
  return state!;
}

/**
 * Takes one attempt back for each key (logins that succeeded, or that the server could not serve):
 * one statement per key, so that a refund holds one row's lock at a time. As one statement over
 * both rows, it locked them in whatever order the table was scanned while a count locked them in
 * key order, and PostgreSQL broke the resulting deadlocks with a 500.
 */
export async function refundAttempts(db: Db, keys: string[]): Promise<void> {
  for (const key of [...keys].sort()) await refundAttempt(db, key);
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

/** Deletes the windows that have ended. */
export async function purgeThrottle(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('throttle')
    .where((eb) => eb(eb.fn.coalesce('window_ends', eb.val('')), '<=', now.toISOString()))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
