import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { clientKey } from '../../platform/http/clientKey.ts';
import { tooManyAttempts } from '../../platform/errors.ts';
import { throttledAttempt } from '../../platform/security/throttle.ts';
import { HOUR_MS, MINUTE_MS } from '@separ/domain';

/**
 * Checks a username and password, throttled per account (attempts an hour, ASVS), per client
 * (attempts a minute; an IPv6 client by its /64) and across the whole shop (failed attempts a
 * minute, whatever the address: CONTRACTS §15). Returns the user, or null for wrong credentials;
 * throws `tooManyAttempts` (429) when throttled and `overloaded` (503) when the hashing queue is full.
 *
 * What an attempt costs is bounded:
 * - when the hashing queue is full, it is refused (503) before it writes anything, whoever it
 *   names: known or unknown, chosen or generated password (finding 10: a 503 for known names
 *   only told them apart);
 * - it is counted before any hashing, in one atomic statement per key (the client's first: what the
 *   client is refused does not count against the account or the shop), so parallel attempts cannot
 *   all pass the throttle; a success takes its count back from all three;
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
  const checked = await throttledCheck(ctx, { key: `login:user:${username.toLowerCase()}`, row: user, password, ip });
  if (!checked) return null;
  await checked.refund();
  return checked.row;
}

/** The shop's one counter of failed logins (CONTRACTS §15): no client address escapes it. */
export const GLOBAL_LOGIN_KEY = 'login:global';

/** The 429 of every login throttle: the same answer whichever limit was reached, for any username. */
const tooMany = (retryAfterSeconds: number) => tooManyAttempts(retryAfterSeconds, 'login attempts');

/**
 * The login's rule for any kind of account (customers, operators): the row found by its name (or
 * undefined), its throttle key, and the client. When the password is right, returns the row and
 * `refund`, which takes the attempt back from every counter: the caller calls it once the sign-in
 * has passed (an operator's, only after the one-time code: CONTRACTS §15).
 */
export async function throttledCheck<Row extends { password_hash: string }>(
  ctx: AppContext,
  input: { key: string; row: Row | undefined; password: string; ip: string },
): Promise<{ row: Row; refund(): Promise<void> } | null> {
  const started = performance.now();
  const { passwords } = ctx.secrets;
  const { row: user, key: userKey, password, ip } = input;
  // Too busy for a full-cost check: say so before anything is counted or written, for every name
  // alike (whether it exists, and how its password is hashed, must not change the answer).
  passwords.admit();
  const ipKey = `login:ip:${clientKey(ip)}`;
  const { perUserPerHour, perIpPerMinute, globalPerMinute } = ctx.config.loginLimits;
  // Refused in this order. What the client is refused for does not count against the account or the
  // shop; what the shop or the account is refused for still counts against the client.
  const attempt = await throttledAttempt(
    ctx.db,
    ctx.now(),
    [
      { key: ipKey, limit: perIpPerMinute, windowMs: MINUTE_MS, keptWhenRefused: true },
      { key: GLOBAL_LOGIN_KEY, limit: globalPerMinute, windowMs: MINUTE_MS },
      { key: userKey, limit: perUserPerHour, windowMs: HOUR_MS },
    ],
    (refusedBy, states) => tooMany(states[refusedBy]!.retryAfterSeconds),
    async () => {
      // The queue may have filled up while the attempt was counted: asked again of every name alike.
      passwords.admit();
      return user && (await passwords.verify(password, user.password_hash)) ? user : null;
    },
  );
  if (!attempt.passed) {
    await passwords.padFrom(started);
    return null;
  }
  // A success takes its attempt back from all three (one statement each), when the caller says so.
  return { row: attempt.value, refund: attempt.refund };
}
