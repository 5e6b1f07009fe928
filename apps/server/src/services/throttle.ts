import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/** A fixed-window counter kept in the database, so every server process shares it. */
export interface ThrottleState {
  blocked: boolean;
  retryAfterSeconds: number;
}

/** Whether the key has used up `limit` within the window that contains `now`. */
export async function peekThrottle(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<ThrottleState> {
  const row = await db
    .selectFrom('throttle')
    .select(['count', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return { blocked: false, retryAfterSeconds: 0 };
  const ends = Date.parse(row.window_start) + windowMs;
  if (ends <= now.getTime()) return { blocked: false, retryAfterSeconds: 0 };
  return { blocked: row.count >= limit, retryAfterSeconds: (ends - now.getTime()) / 1000 };
}

/** Counts one more event for the key (starting a new window when the last one ended). */
export async function hitThrottle(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const start = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const result = await sql<{ count: number }>`
    insert into throttle (key, count, window_start) values (${key}, 1, ${start})
    on conflict (key) do update set
      count = case when throttle.window_start <= ${cutoff} then 1 else throttle.count + 1 end,
      window_start = case when throttle.window_start <= ${cutoff} then ${start} else throttle.window_start end
    returning count`.execute(db);
  return Number(result.rows[0]?.count ?? 1);
}

/** Forgets the key (after a successful login). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}
