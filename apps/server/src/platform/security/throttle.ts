import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { isAppError } from '../errors.ts';

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

/**
 * Takes one attempt back for each key (logins that succeeded, or that the server could not serve):
 * one statement per key, so that a refund holds one row's lock at a time. As one statement over
 * both rows, it locked them in whatever order the table was scanned while a count locked them in
 * key order, and PostgreSQL broke the resulting deadlocks with a 500.
 */
async function refundAttempts(db: Db, keys: string[]): Promise<void> {
  for (const key of [...keys].sort()) {
    await db
      .updateTable('throttle')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }
}

/** A counter of {@link throttledAttempt}. */
export interface AttemptCounter extends Counter {
  /** The attempt stays counted here even when another counter refuses it (a login's client counter). */
  keptWhenRefused?: boolean;
}

/** What {@link throttledAttempt} found: a passed check with its value, or a failed one (still counted). */
export type Attempted<T> =
  | { passed: true; value: T; states: ThrottleState[]; refund(): Promise<void> }
  | { passed: false; states: ThrottleState[] };

/**
 * The throttle's one pattern, for every check a guesser could repeat (logins, password changes,
 * one-time codes, the bot's link codes): count, check, refund.
 * 1. One attempt is counted under every counter, in one statement (countAttempts), before anything
 *    is checked, so that parallel attempts cannot all pass.
 * 2. The first counter over its limit, in the order given, refuses the attempt: it is taken back
 *    from the other counters (but those `keptWhenRefused`), and what `refuse` makes is thrown.
 * 3. `check` runs; null means wrong. When the server could not serve it (`overloaded`), the attempt
 *    does not count: it is taken back from every counter.
 * 4. A wrong attempt stays counted. A right one comes with `refund`, which takes it back from every
 *    counter (once), when the caller says so.
 */
export async function throttledAttempt<T>(
  db: Db,
  now: Date,
  counters: AttemptCounter[],
  refuse: (refusedBy: number, states: ThrottleState[]) => Error | Promise<Error>,
  check: () => Promise<T | null>,
): Promise<Attempted<T>> {
  const states = await countAttempts(db, counters, now);
  const refusedBy = states.findIndex((state) => state.blocked);
  if (refusedBy >= 0) {
    const others = counters.filter((counter, index) => index !== refusedBy && !counter.keptWhenRefused);
    await refundAttempts(
      db,
      others.map((counter) => counter.key),
    );
    throw await refuse(refusedBy, states);
  }
  const keys = counters.map((counter) => counter.key);
  let value: T | null;
  try {
    value = await check();
  } catch (error) {
    // Not served, so the attempt does not count.
    if (isAppError(error, 'overloaded')) await refundAttempts(db, keys);
    throw error;
  }
  if (value === null) return { passed: false, states };
  let refunded = false;
  return {
    passed: true,
    value,
    states,
    async refund() {
      if (refunded) return;
      refunded = true;
      await refundAttempts(db, keys);
    },
  };
}

/** Deletes the windows that have ended. */
export async function purgeThrottle(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('throttle')
    .where((eb) => eb(eb.fn.coalesce('window_ends', eb.val('')), '<=', now.toISOString()))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
