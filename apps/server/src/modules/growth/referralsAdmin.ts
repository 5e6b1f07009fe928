import { sql } from 'kysely';
import type { AdminOrderState, AdminReferral, AdminReferralsAnswer, ReferralNoRewardReason } from '@separ/domain';
import { TOP_INVITERS } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { pageOf } from '../../platform/db/paging.ts';
import { invalid } from '../../platform/errors.ts';
import { getShopSettings } from '../settings/index.ts';

/**
 * The console's referrals (issue 31 §4): who referred whom and what was paid. Every order that
 * carries a referrer (`orders.referrer_user_id`), newest first, with the inviter, the buyer, the
 * order and the `referral` wallet entry its completion wrote (the ledger's ref is the order number),
 * or the reason there was none; the totals over every referred order; the inviters paid the most.
 */

/** `orders.state` by its number (payments' ORDER, which growth does not import: payments imports growth). */
const STATE_NAMES: readonly AdminOrderState[] = ['pending', 'failed', 'paid', 'expired'];
const PAID = 2;

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why a referred order paid nothing, by the rules of `rewardReferrer`: not completed; the inviter's
 * own account or e-mail; the inviter gone; else the percent was 0 when it completed (the one other
 * way a completed order pays nothing).
 */
function noRewardOf(row: {
  state: number;
  inviter_id: number | null;
  inviter_email: string | null;
  user_id: number | null;
  email: string;
}): ReferralNoRewardReason {
  if (row.state !== PAID) return 'notCompleted';
  if (row.inviter_id === null) return 'inviterGone';
  if (row.user_id !== null && row.user_id === row.inviter_id) return 'ownAccount';
  if (same(row.email, row.inviter_email)) return 'ownEmail';
  return 'percentOff';
}

export async function listReferrals(
  ctx: Pick<AppContext, 'db' | 'config'>,
  query: { q?: string; page?: number; pageSize?: number },
): Promise<AdminReferralsAnswer> {
  const { page, pageSize, offset } = pageOf(query);
  const db = ctx.db;
  let base = db
    .selectFrom('orders')
    .leftJoin('users as inviter', 'inviter.id', 'orders.referrer_user_id')
    .leftJoin('users as buyer', 'buyer.id', 'orders.user_id')
    .leftJoin('wallet_entries as entry', (join) =>
      join
        .onRef('entry.user_id', '=', 'orders.referrer_user_id')
        .on('entry.kind', '=', 'referral')
        .onRef('entry.ref', '=', 'orders.res_num'),
    )
    .where('orders.referrer_user_id', 'is not', null);
  const q = query.q?.trim();
  if (q) {
    if (q.length > 100) throw invalid('The search is too long.');
    base = base.where((eb) =>
      eb.or([
        eb('orders.res_num', '=', q),
        eb('orders.email', '=', q.toLowerCase()),
        eb('orders.email', '=', q),
        eb('inviter.username', '=', q),
        eb('buyer.username', '=', q),
      ]),
    );
  }
  const [rows, count, totals, top, settings] = await Promise.all([
    base
      .select([
        'orders.res_num',
        'orders.state',
        'orders.email',
        'orders.amount',
        'orders.amount_usd_cents',
        'orders.user_id',
        'orders.created_at',
        'orders.paid_at',
        'inviter.id as inviter_id',
        'inviter.username as inviter_username',
        'inviter.email as inviter_email',
        'buyer.username as buyer_username',
        'entry.amount as reward',
      ])
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .leftJoin('wallet_entries as entry', (join) =>
        join
          .onRef('entry.user_id', '=', 'orders.referrer_user_id')
          .on('entry.kind', '=', 'referral')
          .onRef('entry.ref', '=', 'orders.res_num'),
      )
      .select([
        (eb) => eb.fn.countAll<number>().as('referrals'),
        sql<number>`sum(case when orders.state = ${PAID} then 1 else 0 end)`.as('completed'),
        sql<number>`coalesce(sum(entry.amount), 0)`.as('paid'),
      ])
      .where('orders.referrer_user_id', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .leftJoin('users as inviter', 'inviter.id', 'orders.referrer_user_id')
      .leftJoin('wallet_entries as entry', (join) =>
        join
          .onRef('entry.user_id', '=', 'orders.referrer_user_id')
          .on('entry.kind', '=', 'referral')
          .onRef('entry.ref', '=', 'orders.res_num'),
      )
      .select([
        'orders.referrer_user_id',
        (eb) => eb.fn.max('inviter.username').as('inviter'),
        (eb) => eb.fn.countAll<number>().as('referrals'),
        sql<number>`coalesce(sum(entry.amount), 0)`.as('paid'),
      ])
      .where('orders.referrer_user_id', 'is not', null)
      .where('orders.state', '=', PAID)
      .groupBy('orders.referrer_user_id')
      .orderBy(sql`coalesce(sum(entry.amount), 0)`, 'desc')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('orders.referrer_user_id', 'asc')
      .limit(TOP_INVITERS)
      .execute(),
    getShopSettings(ctx),
  ]);
  const items: AdminReferral[] = rows.map((row) => {
    const reward = row.reward === null ? 0 : Number(row.reward);
    return {
      resNum: row.res_num,
      state: STATE_NAMES[row.state] ?? 'pending',
      inviter: row.inviter_username ?? null,
      buyerUsername: row.buyer_username ?? null,
      buyerEmail: row.email,
      // Orders are kept in rials, as the gateways take them.
      amount: Math.round(Number(row.amount) / 10),
      usdCents: row.amount_usd_cents === null ? null : Number(row.amount_usd_cents),
      createdAt: row.created_at,
      paidAt: row.paid_at,
      reward,
      noReward:
        reward > 0
          ? null
          : noRewardOf({
              state: row.state,
              inviter_id: row.inviter_id ?? null,
              inviter_email: row.inviter_email ?? null,
              user_id: row.user_id,
              email: row.email,
            }),
    };
  });
  return {
    items,
    total: Number(count.n),
    page,
    pageSize,
    percent: settings.referralPercent,
    totals: {
      referrals: Number(totals.referrals),
      completed: Number(totals.completed ?? 0),
      paid: Number(totals.paid ?? 0),
    },
    topInviters: top.map((row) => ({
      inviter: row.inviter ?? null,
      referrals: Number(row.referrals),
      paid: Number(row.paid ?? 0),
    })),
  };
}
