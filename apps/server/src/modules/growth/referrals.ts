import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DAY_SECONDS, isReferralCode, REFERRAL_COOKIE_DAYS, referralReward } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { OrderRow } from '../../platform/db/schema.ts';
import { param } from '../../platform/http/params.ts';
import { cookieSecure, userByReferralCode } from '../accounts/index.ts';
import { postEntry } from '../wallet/index.ts';
import { getShopSettings } from '../settings/index.ts';

/**
 * Referrals (CONTRACTS §12): every account has a referral code (accounts' `ensureReferralCode`,
 * shown in the panel with its link `{origin}/?ref={code}`). Any request that arrives with `?ref=`
 * leaves a 30-day cookie; a purchase made with it (or with `ref` itself) carries the referrer on
 * its order, and when that order completes the referrer's wallet gains the shop's
 * `referralPercent` of the amount paid, once, as a `referral` entry — never for a purchase that
 * renews or makes the referrer's own account, or one bought with the referrer's own e-mail.
 */

/** The cookie a referral link leaves (HttpOnly). */
export const REFERRAL_COOKIE = 'separ_ref';

const codeOf = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase();
  return isReferralCode(code) ? code : null;
};

/** Sets the referral cookie on every request that carries `?ref=` a code's shape (the pages, any call). */
export function referralCookieHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const code = codeOf((request.query as Record<string, unknown> | undefined)?.ref);
    if (!code) return;
    reply.setCookie(REFERRAL_COOKIE, code, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure(request),
      maxAge: REFERRAL_COOKIE_DAYS * DAY_SECONDS,
    });
  });
}

/** The account that referred this request's buyer: its `ref`, else its cookie; null when none or unknown. */
export async function referrerOf(ctx: Pick<AppContext, 'db'>, request: FastifyRequest): Promise<number | null> {
  const code = codeOf(param(request, 'ref')) ?? codeOf(request.cookies?.[REFERRAL_COOKIE]);
  if (!code) return null;
  const user = await userByReferralCode(ctx.db, code);
  return user ? user.id : null;
}

/**
 * Pays a completed order's referrer, in the completion's transaction: `referralPercent` % of the
 * tomans paid, rounded down, as one `referral` entry whose ref is the order number (the ledger's
 * (account, kind, ref) index keeps it once). Nothing when the shop's percent is 0, when the order
 * made or renewed the referrer's own account, or was bought with the referrer's e-mail. Returns the
 * tomans paid.
 */
export async function rewardReferrer(
  trx: Db,
  ctx: Pick<AppContext, 'now' | 'database' | 'config'>,
  order: Pick<OrderRow, 'res_num' | 'amount' | 'email' | 'referrer_user_id'>,
  accountId: number,
): Promise<number> {
  const referrerId = order.referrer_user_id;
  if (referrerId === null || referrerId === accountId) return 0;
  const { referralPercent } = await getShopSettings({ db: trx, config: ctx.config });
  const reward = referralReward(Math.floor(Number(order.amount) / 10), referralPercent);
  if (reward <= 0) return 0;
  const referrer = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', referrerId)
    .executeTakeFirst();
  if (!referrer) return 0;
  const email = (order.email ?? '').trim().toLowerCase();
  if (email && (referrer.email ?? '').trim().toLowerCase() === email) return 0;
  const entry = await postEntry(trx, ctx, {
    userId: referrer.id,
    kind: 'referral',
    amount: reward,
    ref: order.res_num,
  });
  return entry.repeated ? 0 : reward;
}
