import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';
import { dummyVerify, verifyPassword } from '../security/crypto.ts';
import { clearThrottle, hitThrottle, peekThrottle } from './throttle.ts';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * Checks a username and password, throttled per account (failures an hour, ASVS) and per IP
 * (failures a minute). Returns the user, or null for wrong credentials; throws 429 when throttled.
 */
export async function checkCredentials(
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
): Promise<UserRow | null> {
  const now = ctx.now();
  const userKey = `login:user:${username.toLowerCase()}`;
  const ipKey = `login:ip:${ip}`;
  const { perUserPerHour, perIpPerMinute } = ctx.config.loginLimits;
  const [byUser, byIp] = await Promise.all([
    peekThrottle(ctx.db, userKey, perUserPerHour, HOUR_MS, now),
    peekThrottle(ctx.db, ipKey, perIpPerMinute, MINUTE_MS, now),
  ]);
  if (byUser.blocked || byIp.blocked) {
    throw tooManyRequests(
      'Too many login attempts. Please wait and try again.',
      Math.max(byUser.blocked ? byUser.retryAfterSeconds : 0, byIp.blocked ? byIp.retryAfterSeconds : 0),
    );
  }
  const user = await ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  const valid = user
    ? await verifyPassword(password, user.password_hash)
    : await dummyVerify(password, ctx.secrets.scrypt);
  if (!user || !valid) {
    await hitThrottle(ctx.db, userKey, HOUR_MS, now);
    await hitThrottle(ctx.db, ipKey, MINUTE_MS, now);
    return null;
  }
  await clearThrottle(ctx.db, userKey);
  return user;
}
