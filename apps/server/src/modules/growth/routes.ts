import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GROWTH_ROUTES, PURCHASE_LIMITS } from '@separ/domain/contract';
import {
  isValidEmail,
  MINUTE_MS,
  normalizeCouponCode,
  normalizeGiftCode,
  parsePriceMap,
  PRICE_KEY,
  usdPrice,
} from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { PlanRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, tooManyAttempts } from '../../platform/errors.ts';
import { clientKey } from '../../platform/http/clientKey.ts';
import { serve } from '../../platform/http/contract.ts';
import { param, requiredParam } from '../../platform/http/params.ts';
import { throttledAttempt, type AttemptCounter } from '../../platform/security/throttle.ts';
import { requireUser, sessionToken, userForSession } from '../accounts/index.ts';
import { currentShopSettings } from '../settings/index.ts';
import { planOnSale } from '../catalog/index.ts';
import { couponByCode, quoteFor } from './coupons.ts';
import { redeemGift } from './gifts.ts';

/**
 * Wrong codes a client, and an account, may try in {@link GUESS_WINDOW_MS} (CONTRACTS §12: codes
 * cannot be guessed), then 429. Only a code of the right shape that does not exist counts: a known
 * code, even one that does not apply, is taken back; text that cannot be a code is refused uncounted.
 */
export const GUESS_LIMIT = 30;
export const GUESS_WINDOW_MS = 10 * MINUTE_MS;

/** The longest code parameter read (longer: parameterTooLong). */
const CODE_PARAM_MAX = 64;

/** A plan that may be bought, by its id as given; `planNotFound` otherwise. */
export async function purchasablePlan(ctx: Pick<AppContext, 'db'>, given: string): Promise<PlanRow> {
  const plan = await planOnSale(ctx.db, Number(given));
  if (!plan) throw new AppError('planNotFound');
  return plan;
}

/** The signed-in account of a request, or null (no refusal: a visitor may check a code too). */
async function sessionUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow | null> {
  const token = sessionToken(request);
  return (token && token.length <= 200 ? await userForSession(ctx.db, token, ctx.now()) : undefined) ?? null;
}

function guessCounters(kind: string, request: FastifyRequest, userId: number | null): AttemptCounter[] {
  return [
    { key: `${kind}:ip:${clientKey(request.ip)}`, limit: GUESS_LIMIT, windowMs: GUESS_WINDOW_MS },
    ...(userId === null ? [] : [{ key: `${kind}:user:${userId}`, limit: GUESS_LIMIT, windowMs: GUESS_WINDOW_MS }]),
  ];
}

/** The discount-code check and the gift-code redemption (CONTRACTS §12). */
export async function growthRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, GROWTH_ROUTES.coupon, async (request) => {
    const given = requiredParam(request, 'code', CODE_PARAM_MAX);
    const plan = await purchasablePlan(ctx, requiredParam(request, 'plan_id', PURCHASE_LIMITS.plan_id));
    const email = (param(request, 'email') ?? '').trim();
    const user = await sessionUser(ctx, request);
    const code = normalizeCouponCode(given);
    if (!code) throw new AppError('couponUnknown');
    const attempt = await throttledAttempt(
      ctx.db,
      ctx.now(),
      guessCounters('coupon', request, user?.id ?? null),
      (_, states) => tooManyAttempts(Math.max(...states.map((s) => s.retryAfterSeconds)), 'codes tried'),
      async () => (await couponByCode(ctx.db, code)) ?? null,
    );
    if (!attempt.passed) throw new AppError('couponUnknown');
    await attempt.refund();
    const quote = await quoteFor(ctx, attempt.value, {
      planId: plan.id,
      price: parsePriceMap(plan.price_toman)[PRICE_KEY] as number,
      buyer: user
        ? { userId: user.id, email: null }
        : { userId: null, email: email.length <= PURCHASE_LIMITS.email && isValidEmail(email) ? email : null },
    });
    // With the shop's rate (CONTRACTS §12), the discounted price in dollars too, as /getTelPlans says a plan's.
    const usd = usdPrice(quote.price, (await currentShopSettings(ctx)).settings.tomanPerUsd);
    return {
      ok: true as const,
      code: quote.code,
      price: quote.price,
      discount: quote.discount,
      ...(usd === null ? {} : { price_usd: usd }),
    };
  });

  serve(app, GROWTH_ROUTES.redeem, async (request) => {
    const user = await requireUser(ctx, request);
    const given = requiredParam(request, 'code', CODE_PARAM_MAX);
    if (!(await currentShopSettings(ctx)).settings.walletEnabled) throw new AppError('walletDisabled');
    const code = normalizeGiftCode(given);
    if (!code) throw new AppError('giftUnknown');
    const attempt = await throttledAttempt(
      ctx.db,
      ctx.now(),
      guessCounters('gift', request, user.id),
      (_, states) => tooManyAttempts(Math.max(...states.map((s) => s.retryAfterSeconds)), 'codes tried'),
      async () => {
        try {
          return { redeemed: await redeemGift(ctx, user.id, code) };
        } catch (error) {
          // An unknown code counts; a used or expired one is a real code, and says so.
          if (error instanceof AppError && error.code === 'giftUnknown') return null;
          return { refused: error };
        }
      },
    );
    if (!attempt.passed) throw new AppError('giftUnknown');
    await attempt.refund();
    if ('refused' in attempt.value) throw attempt.value.refused;
    return { ok: true as const, ...attempt.value.redeemed };
  });
}
