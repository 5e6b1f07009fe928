import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { clientKey } from '../http/clientKey.ts';
import { tooManyRequests } from '../http/errors.ts';
import { Overloaded } from '../security/workQueue.ts';
import { countAttempts, refundAttempts } from './throttle.ts';

const HOUR_MS = 60 * 60 * 1000;
const TOO_MANY = 'Too many login attempts. Please wait and try again.';
const MINUTE_MS = 60 * 1000;

/**
 * Checks a username and password, throttled per account (attempts an hour, ASVS) and per client
 * (attempts a minute; an IPv6 client by its /64). Returns the user, or null for wrong credentials;
 * throws 429 when throttled and Overloaded (503) when the hashing queue is full.
 *
 * What an attempt costs is bounded:
 * - when it needs a full-cost check and the hashing queue is full, it is refused (503) before it
 *   writes anything;
 * - it is counted before any hashing, in one atomic statement per key (the client's first: what the
 *   client is refused does not count against the account), so parallel attempts cannot all pass the
 *   throttle; a success takes its count back from both;
 * - only a known username's password is hashed, through the bounded queue;
 * - a failure answers no sooner than a full-cost check takes (a timer, no work), so an unknown
 *   username looks like a known one without costing a hash.
 */
export async function checkCredentials(
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
): Promise<UserRow | null> {
  const user = await ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  return throttledCheck(ctx, { key: `login:user:${username.toLowerCase()}`, row: user, password, ip });
}

/**
 * The login's rule for any kind of account (customers, operators): the row found by its name (or
 * undefined), its throttle key, and the client. Returns the row when the password is right.
 */
export async function throttledCheck<Row extends { password_hash: string }>(
  ctx: AppContext,
  input: { key: string; row: Row | undefined; password: string; ip: string },
): Promise<Row | null> {
  const started = performance.now();
  const { passwords } = ctx.secrets;
  const { row: user, key: userKey, password, ip } = input;
  // Too busy for the full-cost check this account needs: say so before anything is counted or written.
  if (user && passwords.isSlow(user.password_hash)) passwords.admit();
  const now = ctx.now();
  const ipKey = `login:ip:${clientKey(ip)}`;
  const { perUserPerHour, perIpPerMinute } = ctx.config.loginLimits;
  // Both counted in one statement. What the client is refused for does not count against the account.
  const [byIp, byUser] = await countAttempts(
    ctx.db,
    [
      { key: ipKey, limit: perIpPerMinute, windowMs: MINUTE_MS },
      { key: userKey, limit: perUserPerHour, windowMs: HOUR_MS },
    ],
    now,
  );
  if (byIp!.blocked) {
    await refundAttempts(ctx.db, [userKey]);
    throw tooManyRequests(TOO_MANY, byIp!.retryAfterSeconds);
  }
  if (byUser!.blocked) throw tooManyRequests(TOO_MANY, byUser!.retryAfterSeconds);
  let valid = false;
  try {
    if (user) valid = await passwords.verify(password, user.password_hash);
  } catch (error) {
    // The queue filled up meanwhile: not served, so the attempt does not count against the client.
    if (error instanceof Overloaded) await refundAttempts(ctx.db, [userKey, ipKey]);
    throw error;
  }
  if (!user || !valid) {
    await passwords.padFrom(started);
    return null;
  }
  // A success takes its attempt back from both (one statement).
  await refundAttempts(ctx.db, [userKey, ipKey]);
  return user;
}
