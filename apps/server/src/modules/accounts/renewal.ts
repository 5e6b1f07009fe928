import { timingSafeEqual } from 'node:crypto';
import { parseDateTime, UNLIMITED_MB, type Language, DAY_MS, DAY_SECONDS } from '@separ/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import type { PlanRow, UserRow } from '../../platform/db/schema.ts';
import { cookieSecure, sessionToken } from './auth.ts';
import { userForSession } from './sessions.ts';

/**
 * Renewals (issue #24): a buyer who is logged in, or who follows a reminder's renew link, pays for a
 * plan that extends their own account instead of making a new one.
 */

/** How long a reminder's renew link works. */
export const RENEW_LINK_DAYS = 30;
/** The cookie a followed renew link leaves for the purchase that follows (HttpOnly). */
export const RENEW_COOKIE = 'separ_renew';
/** How long that cookie lasts: long enough to choose a plan and pay. */
export const RENEW_COOKIE_SECONDS = 2 * DAY_SECONDS;

/** The terms of an account after a renewal with a plan. */
export type RenewedTerms = Pick<
  UserRow,
  'expire_date' | 'subs_days' | 'allowed_mb' | 'allowed_devices' | 'ios' | 'plan_id' | 'speed_limit_mbps'
> &
  Partial<Pick<UserRow, 'reset_anchor' | 'resets_done'>>;

/**
 * Adds a plan to an account: an account still in pending activation (never connected) gets the
 * plan's days added to its pending days; any other's expiry counts from the later of now and its
 * current expiry. The plan's data adds to the allowance (unlimited on either side stays unlimited);
 * devices take the plan's when higher; a free account's speed limit goes with the first bought plan.
 */
export function renewedTerms(
  user: Pick<UserRow, 'expire_date' | 'subs_days' | 'allowed_mb' | 'allowed_devices' | 'ios'>,
  plan: Pick<PlanRow, 'id' | 'subs_days' | 'allowed_mb' | 'allowed_devices' | 'ios'>,
  now: Date,
): RenewedTerms {
  const days = Number(plan.subs_days);
  const pending = Number(user.subs_days) > 0;
  const current = parseDateTime(user.expire_date);
  const from = Math.max(now.getTime(), current ?? 0);
  const userMB = Number(user.allowed_mb);
  const planMB = Number(plan.allowed_mb);
  return {
    subs_days: pending ? Number(user.subs_days) + days : 0,
    expire_date: pending ? user.expire_date : new Date(from + days * DAY_MS).toISOString(),
    allowed_mb: userMB === UNLIMITED_MB || planMB === UNLIMITED_MB ? UNLIMITED_MB : userMB + planMB,
    allowed_devices: Math.max(Number(user.allowed_devices), Number(plan.allowed_devices)),
    ios: Math.max(Number(user.ios), Number(plan.ios)),
    plan_id: plan.id,
    speed_limit_mbps: null,
    // An expired account's new subscription starts now: its data resets count from here (§14).
    ...(!pending && (current ?? 0) <= now.getTime() ? { reset_anchor: now.toISOString(), resets_done: 0 } : {}),
  };
}

/**
 * A renew link's token: the account, the link's last day and their MAC — it works without logging
 * in, for that account only, until it expires.
 */
export function renewToken(ctx: AppContext, userId: number, now: Date): string {
  const until = Math.floor(now.getTime() / DAY_MS) + RENEW_LINK_DAYS;
  return `${userId}.${until}.${ctx.secrets.box.mac('renew', `${userId}.${until}`)}`;
}

/** The account a renew token names, or null when it is not one of ours or has expired. */
export function renewTokenUser(ctx: AppContext, token: string | undefined, now: Date): number | null {
  const match = /^(\d{1,12})\.(\d{1,8})\.([\w-]{20,100})$/.exec(token ?? '');
  if (!match) return null;
  const [, user, until, mac] = match as unknown as [string, string, string, string];
  if (Number(until) * DAY_MS + DAY_MS <= now.getTime()) return null;
  const expected = Buffer.from(ctx.secrets.box.mac('renew', `${user}.${until}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(user);
}

/** The link a reminder carries: it leads to the plans, and what is bought there renews this account. */
export function renewUrl(ctx: AppContext, userId: number, lng: Language, now: Date): string {
  return `${publicOrigin(ctx.config)}/renew?t=${renewToken(ctx, userId, now)}&lng=${lng}`;
}

/** Who a purchase renews, and why: the logged-in session, else the renew link's cookie. */
export interface RenewalTarget {
  user: UserRow;
  via: 'link' | 'session';
}

/**
 * The account a purchase from this request would renew: the logged-in user's; for a visitor who is
 * not logged in, the account of a followed renew link (its cookie). Null when neither (a purchase
 * makes a new account). A session always outranks a link (CONTRACTS §15, finding 11): a renew link
 * someone else planted in the browser cannot make a logged-in buyer pay for the link's account.
 */
export async function renewalTarget(ctx: AppContext, request: FastifyRequest): Promise<RenewalTarget | null> {
  const now = ctx.now();
  const token = sessionToken(request);
  if (token && token.length <= 200) {
    const user = await userForSession(ctx.db, token, now);
    if (user) return { user, via: 'session' };
  }
  const linked = renewTokenUser(ctx, request.cookies[RENEW_COOKIE], now);
  if (linked === null) return null;
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', linked).executeTakeFirst();
  return user ? { user, via: 'link' } : null;
}

/** Forgets a followed renew link (after its renewal, and at login and logout: a new identity). */
export function forgetRenewLink(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[RENEW_COOKIE] === undefined) return;
  reply.clearCookie(RENEW_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure(request) });
}
