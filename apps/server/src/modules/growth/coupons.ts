import {
  applyCoupon,
  COUPON_CODE_MAX,
  couponRefusal,
  DAY_MS,
  normalizeCouponCode,
  parseDateTime,
  WALLET_MAX_ENTRY,
  type CouponLimits,
} from '@separ/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Db } from '../../platform/db/index.ts';
import type { CouponsTable, OrderRow } from '../../platform/db/schema.ts';
import type { Selectable } from 'kysely';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';

/**
 * Discount codes (CONTRACTS §12). A code takes a percent or fixed tomans off a plan's price, within
 * its limits: dates, total uses, uses per buyer, first purchase only, chosen plans. It is checked
 * when the buyer asks and again when the order is placed; the order keeps the code and the price
 * after it. A use counts when the order completes, in the same transaction as the completion, by a
 * conditional update that never takes `uses` past `max_uses`.
 */

export type CouponRow = Selectable<CouponsTable>;

/** Who buys: the signed-in account, else the e-mail the order gives (null while unknown). */
export interface Buyer {
  userId: number | null;
  email: string | null;
}

function limitsOf(row: CouponRow): CouponLimits {
  return {
    disabled: row.disabled_at !== null,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.uses),
    perUser: row.per_user === null ? null : Number(row.per_user),
    firstPurchase: Number(row.first_purchase) === 1,
    plans: row.plans === null ? null : row.plans.split(',').map(Number),
  };
}

function valueOf(row: CouponRow) {
  return row.percent !== null ? { percent: Number(row.percent) } : { amount: Number(row.amount_toman ?? 0) };
}

/** A code as typed, by its one spelling; undefined when no such code exists. */
export async function couponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const normalized = normalizeCouponCode(code);
  if (!normalized) return undefined;
  return db.selectFrom('coupons').selectAll().where('code', '=', normalized).executeTakeFirst();
}

/** How often a buyer has used a code (completed orders), by account or e-mail; null when unknown. */
async function usesByBuyer(db: Db, couponId: number, buyer: Buyer): Promise<number | null> {
  if (buyer.userId === null && !buyer.email) return null;
  let query = db
    .selectFrom('coupon_uses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId);
  query =
    buyer.userId !== null
      ? query.where('user_id', '=', buyer.userId)
      : query.where('email', '=', (buyer.email ?? '').toLowerCase());
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Whether a buyer bought a plan before (a completed purchase, not a top-up): the account's payments
 * when signed in, else a paid order with the e-mail or an account of it. Null when unknown.
 */
export async function boughtBefore(db: Db, buyer: Buyer): Promise<boolean | null> {
  if (buyer.userId !== null) {
    const row = await db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', buyer.userId)
      .where('plan_id', '<>', 0)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
  if (!buyer.email) return null;
  const email = buyer.email.toLowerCase();
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where(sql`lower(email)`, '=', email)
    .where('state', '=', 2)
    .where('topup_user_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (order) return true;
  const paid = await db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .select('payments.id')
    .where(sql`lower(users.email)`, '=', email)
    .where('payments.plan_id', '<>', 0)
    .limit(1)
    .executeTakeFirst();
  return paid !== undefined;
}

/** A code applied to a plan's price: the code, the price after it and the discount, in tomans. */
export interface CouponQuote {
  couponId: number;
  code: string;
  price: number;
  discount: number;
}

/**
 * Applies a code to a plan's price for a buyer, or throws the reason it does not apply (an unknown
 * or disabled code: `couponUnknown`).
 */
export async function quoteCoupon(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: { code: string; planId: number; price: number; buyer: Buyer },
): Promise<CouponQuote> {
  const row = await couponByCode(ctx.db, input.code);
  if (!row) throw new AppError('couponUnknown');
  return quoteFor(ctx, row, input);
}

/** {@link quoteCoupon} for a code already found. */
export async function quoteFor(
  ctx: Pick<AppContext, 'db' | 'now'>,
  row: CouponRow,
  input: { planId: number; price: number; buyer: Buyer },
): Promise<CouponQuote> {
  const limits = limitsOf(row);
  const [uses, before] = await Promise.all([
    limits.perUser === null ? Promise.resolve(null) : usesByBuyer(ctx.db, row.id, input.buyer),
    limits.firstPurchase ? boughtBefore(ctx.db, input.buyer) : Promise.resolve(null),
  ]);
  const refusal = couponRefusal(
    limits,
    { planId: input.planId, now: ctx.now() },
    { usesByBuyer: uses, boughtBefore: before },
  );
  if (refusal) throw new AppError(refusal);
  const { price, discount } = applyCoupon(input.price, valueOf(row));
  return { couponId: row.id, code: row.code, price, discount };
}

/**
 * Counts an order's code once, in the completion's transaction: `uses` goes up by one unless the
 * code is at its `max_uses` (a conditional update: parallel completions cannot pass it), and the use
 * is recorded for the per-buyer limit. Returns whether it was counted. A purchase paid from the
 * wallet (`strict`) is refused instead (`couponUsedUp`, `couponPerUserLimit`): nothing was paid
 * yet; money that arrived through a gateway is never refused, and its use is honoured uncounted.
 */
export async function countCouponUse(
  trx: Db,
  ctx: Pick<AppContext, 'now'>,
  order: Pick<OrderRow, 'id' | 'coupon_code' | 'discount_toman' | 'email'>,
  input: { userId: number | null; buyerUserId: number | null; strict: boolean },
): Promise<boolean> {
  if (!order.coupon_code) return false;
  const row = await trx.selectFrom('coupons').selectAll().where('code', '=', order.coupon_code).executeTakeFirst();
  if (!row) return false;
  const email = (order.email ?? '').toLowerCase();
  if (row.per_user !== null) {
    const buyer: Buyer =
      input.buyerUserId !== null ? { userId: input.buyerUserId, email: null } : { userId: null, email };
    const used = await usesByBuyer(trx, row.id, buyer);
    if (used !== null && used >= Number(row.per_user)) {
      if (input.strict) throw new AppError('couponPerUserLimit');
      return false;
    }
  }
  const counted = await trx
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) {
    if (input.strict) throw new AppError('couponUsedUp');
    return false;
  }
  await trx
    .insertInto('coupon_uses')
    .values({
      coupon_id: row.id,
      order_id: order.id,
      user_id: input.buyerUserId ?? input.userId,
      email,
      discount_toman: Number(order.discount_toman ?? 0),
      created_at: ctx.now().toISOString(),
    })
    .execute();
  return true;
}

// --- The operators' side ------------------------------------------------------------------------

/** A date the operator gives: a day (`2026-12-31`, the whole day counts) or a moment; ISO text. */
export function operatorDate(value: string, what: 'from' | 'until'): string {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = Date.parse(`${text}T00:00:00Z`);
    if (Number.isNaN(day)) throw invalid(`--${what} must be a date such as 2026-12-31, not "${value}".`);
    return new Date(what === 'until' ? day + DAY_MS : day).toISOString();
  }
  const time = parseDateTime(text);
  if (time === null || text.length > 40)
    throw invalid(`--${what} must be a date such as 2026-12-31 or 2026-12-31T18:00:00Z, not "${value}".`);
  return new Date(time).toISOString();
}

export interface NewCoupon {
  code: string;
  percent?: number | null;
  amount?: number | null;
  maxUses?: number | null;
  perUser?: number | null;
  firstPurchase?: boolean;
  plans?: number[] | null;
  from?: string | null;
  until?: string | null;
}

/** A code as the operators see it. */
export interface CouponInfo {
  id: number;
  code: string;
  percent: number | null;
  amount: number | null;
  maxUses: number | null;
  perUser: number | null;
  firstPurchase: boolean;
  plans: number[] | null;
  from: string | null;
  until: string | null;
  uses: number;
  disabled: boolean;
  createdAt: string;
}

export function couponInfo(row: CouponRow): CouponInfo {
  return {
    id: row.id,
    code: row.code,
    percent: row.percent === null ? null : Number(row.percent),
    amount: row.amount_toman === null ? null : Number(row.amount_toman),
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    perUser: row.per_user === null ? null : Number(row.per_user),
    firstPurchase: Number(row.first_purchase) === 1,
    plans: row.plans === null ? null : row.plans.split(',').map(Number),
    from: row.starts_at,
    until: row.ends_at,
    uses: Number(row.uses),
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
  };
}

const positive = (value: number | null | undefined, what: string, max = 1_000_000_000) => {
  if (value === null || value === undefined) return null;
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw invalid(`${what} must be a whole number from 1 to ${max}.`);
  return value;
};

/** A new discount code (`separ-admin coupons add`), audited. */
export async function addCoupon(ctx: AppContext, input: NewCoupon, actor: Actor): Promise<CouponInfo> {
  const code = normalizeCouponCode(input.code ?? '');
  if (!code) throw invalid(`The code must be 3 to ${COUPON_CODE_MAX} Latin letters, digits, - or _.`);
  const percent = positive(input.percent, 'The percent', 100);
  const amount = positive(input.amount, 'The amount in tomans', WALLET_MAX_ENTRY);
  if ((percent === null) === (amount === null))
    throw invalid('Give either a percent or an amount in tomans, not both.');
  const maxUses = positive(input.maxUses, 'The most uses');
  const perUser = positive(input.perUser, 'The uses per buyer');
  const plans = input.plans && input.plans.length ? [...new Set(input.plans)] : null;
  if (plans) {
    for (const plan of plans) positive(plan, 'A plan id', Number.MAX_SAFE_INTEGER);
    const found = await ctx.db.selectFrom('plans').select('id').where('id', 'in', plans).execute();
    const missing = plans.filter((id) => !found.some((row) => Number(row.id) === id));
    if (missing.length) throw invalid(`No plan ${missing.join(', ')}.`);
  }
  const startsAt = input.from ? operatorDate(input.from, 'from') : null;
  const endsAt = input.until ? operatorDate(input.until, 'until') : null;
  if (startsAt && endsAt && startsAt >= endsAt) throw invalid('--from must be before --until.');
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('coupons')
        .values({
          code,
          percent,
          amount_toman: amount,
          max_uses: maxUses,
          per_user: perUser,
          first_purchase: input.firstPurchase ? 1 : 0,
          plans: plans ? plans.join(',') : null,
          starts_at: startsAt,
          ends_at: endsAt,
          disabled_at: null,
          created_by: actor,
          created_at: ctx.now().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const info = couponInfo(row);
      await audit(trx, ctx, { actor, action: 'coupon.add', target: `coupon:${code}`, after: info });
      return info;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A code ${code} exists already.`);
    throw error;
  }
}

/** Every code, newest first (`coupons list`). */
export async function listCoupons(ctx: Pick<AppContext, 'db'>): Promise<CouponInfo[]> {
  const rows = await ctx.db.selectFrom('coupons').selectAll().orderBy('id', 'desc').limit(1000).execute();
  return rows.map(couponInfo);
}

/** Disables a code (`coupons disable CODE`): new orders refuse it as unknown; audited. */
export async function disableCoupon(ctx: AppContext, code: string, actor: Actor): Promise<CouponInfo> {
  const normalized = normalizeCouponCode(code);
  return ctx.db.transaction().execute(async (trx) => {
    const row = normalized
      ? await trx.selectFrom('coupons').selectAll().where('code', '=', normalized).executeTakeFirst()
      : undefined;
    if (!row) throw notFound(`No discount code ${code}.`);
    if (row.disabled_at !== null) return couponInfo(row);
    const now = ctx.now().toISOString();
    await trx.updateTable('coupons').set({ disabled_at: now }).where('id', '=', row.id).execute();
    await audit(trx, ctx, {
      actor,
      action: 'coupon.disable',
      target: `coupon:${row.code}`,
      before: { disabled: false },
      after: { disabled: true },
    });
    return couponInfo({ ...row, disabled_at: now });
  });
}
