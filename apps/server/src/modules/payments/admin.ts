import type {
  AdminListQuery,
  AdminOrderDetail,
  AdminOrderFilter,
  AdminOrderRow,
  AdminOrderState,
  AdminPage,
  AdminReconcileSummary,
} from '@separ/domain';
// This module's functions take the platform's context with the gateways (adapters.ts).
import { CARD_PROVIDER, type PaymentsContext as AppContext } from './adapters.ts';
import type { OrderRow } from '../../platform/db/schema.ts';
import { ORDER, ORDER_STATE_NAMES, recordEvent } from './orders.ts';
import { postEntry } from '../wallet/index.ts';
import { reconcile } from './reconcile.ts';
import { completeByOperator, isOrderStateName, orderDetails } from './service.ts';
import { invalid, isAppError, notFound } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { pageOf, sortOf } from '../../platform/db/paging.ts';
import { DAY_MS } from '@separ/domain';

/** Orders and the outbox as the operators see them: filters, history, completion by hand, resending. */

const stateName = (state: number): AdminOrderState => (ORDER_STATE_NAMES[state] ?? 'pending') as AdminOrderState;

export function orderRowOf(o: OrderRow & { username?: string | null }): AdminOrderRow {
  return {
    resNum: o.res_num,
    state: stateName(o.state),
    gate: o.gate,
    provider: o.provider,
    // Orders are kept in rials, as the gateways take them.
    amount: Math.round(Number(o.amount) / 10),
    planId: o.plan_id,
    email: o.email,
    username: o.username ?? null,
    refNum: o.ref_num,
    failure: o.failure,
    createdAt: o.created_at,
    paidAt: o.paid_at,
  };
}

const ORDER_SORTS = { createdAt: 'orders.created_at', amount: 'orders.amount', paidAt: 'orders.paid_at' } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Orders, newest first, filtered by state, gate and days (UTC, inclusive); `q` is an order number,
 * a bank reference, a username or an e-mail, matched whole.
 */
export async function searchOrders(
  ctx: AppContext,
  query: AdminListQuery & AdminOrderFilter,
): Promise<AdminPage<AdminOrderRow>> {
  const { page, pageSize, offset } = pageOf(query);
  const column = sortOf(ORDER_SORTS, query.sort, 'orders.created_at');
  const dir = query.dir === 'asc' ? 'asc' : 'desc';
  // awaiting_review: the card orders whose receipt waits for an operator (CONTRACTS §11).
  const review = query.state === 'awaiting_review';
  if (query.state !== undefined && !review && !isOrderStateName(query.state))
    throw invalid(`state must be one of ${ORDER_STATE_NAMES.join(', ')}, awaiting_review.`);
  for (const [name, day] of [
    ['from', query.from],
    ['to', query.to],
  ] as const)
    if (day !== undefined && (!DAY.test(day) || Number.isNaN(Date.parse(day))))
      throw invalid(`${name} must be a date as YYYY-MM-DD.`);
  let base = ctx.db.selectFrom('orders').leftJoin('users', 'users.id', 'orders.user_id');
  if (review) {
    const ids = (await ctx.cardGate?.awaitingReview(ctx)) ?? [];
    base = base.where('orders.id', 'in', ids.length ? ids : [-1]);
  } else if (query.state && query.state !== 'awaiting_review')
    base = base.where('orders.state', '=', ORDER[query.state]);
  if (query.gate) base = base.where('orders.gate', '=', query.gate);
  if (query.from) base = base.where('orders.created_at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) base = base.where('orders.created_at', '<', new Date(Date.parse(query.to) + DAY_MS).toISOString());
  const q = query.q?.trim();
  if (q) {
    if (q.length > 200) throw invalid('The search is too long.');
    base = base.where((eb) =>
      eb.or([
        eb('orders.res_num', '=', q),
        eb('orders.ref_num', '=', q),
        eb('orders.email', '=', q.toLowerCase()),
        eb('orders.email', '=', q),
        eb('users.username', '=', q),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll('orders')
      .select('users.username')
      .orderBy(column, dir)
      .orderBy('orders.id', dir)
      .limit(pageSize)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const cards = await ctx.cardGate?.describe(
    ctx,
    rows.filter((o) => o.provider === CARD_PROVIDER).map((o) => o.id),
  );
  const items = rows.map((o) => {
    const card = cards?.get(o.id);
    return card ? { ...orderRowOf(o), card } : orderRowOf(o);
  });
  return { items, total: Number(count.n), page, pageSize };
}

export async function orderDetail(ctx: AppContext, resNum: string): Promise<AdminOrderDetail> {
  let details;
  try {
    details = await orderDetails(ctx.db, resNum);
  } catch (error) {
    if (isAppError(error, 'invalid')) throw notFound(error.message);
    throw error;
  }
  const { order, history, account, receipt } = details;
  const card =
    order.provider === CARD_PROVIDER ? (await ctx.cardGate?.describe(ctx, [order.id]))?.get(order.id) : undefined;
  return {
    ...orderRowOf({ ...order, username: account?.username ?? null }),
    ...(card ? { card } : {}),
    authority: order.authority,
    history: history.map((e) => ({
      at: e.at,
      from: e.from_state === null ? null : stateName(e.from_state),
      to: stateName(e.to_state),
      actor: e.actor,
      detail: e.detail,
    })),
    receipt,
  };
}

/**
 * Completes an order by hand (the money is at the bank): the same exactly-once completion as a
 * gateway's verified return, and the buyer's receipt goes to the outbox.
 */
export async function completeOrderByHand(
  ctx: AppContext,
  resNum: string,
  refNum: string,
  actor: Actor,
): Promise<{ detail: AdminOrderDetail; username: string; password: string; renewed: boolean }> {
  const before = await orderDetail(ctx, resNum);
  const done = await completeByOperator(ctx, resNum, { refNum: String(refNum ?? ''), operator: actor });
  const detail = await orderDetail(ctx, resNum);
  await audit(ctx.db, ctx, {
    actor,
    action: 'order.complete',
    target: `order:${resNum}`,
    before: { state: before.state, refNum: before.refNum },
    after: { state: detail.state, refNum: detail.refNum, username: done.username, renewed: done.renewed },
  });
  return { detail, username: done.username, password: done.password, renewed: done.renewed };
}

/**
 * Gives a paid order's money back into its account's wallet (`separ-admin payments refund <resNum>
 * --to-wallet`): one `refund` entry of the order's tomans, once per order (the ledger's (user,
 * kind, ref) index), with the reason in the entry, the order's history and the audit log. The
 * account keeps what it bought: taking service away is a separate, deliberate step (suspend).
 */
export async function refundToWallet(
  ctx: AppContext,
  resNum: string,
  input: { reason: string },
  actor: Actor,
): Promise<{ username: string; toman: number; balance: number }> {
  const reason = input.reason.trim();
  if (!reason || reason.length > 200) throw invalid('Give a reason of 1 to 200 characters.');
  const order = await ctx.db.selectFrom('orders').selectAll().where('res_num', '=', resNum).executeTakeFirst();
  if (!order) throw notFound(`No order ${resNum}.`);
  if (order.state !== ORDER.paid) throw invalid(`Order ${resNum} is not paid: there is nothing to refund.`);
  const userId = order.user_id ?? order.topup_user_id ?? order.renew_user_id;
  const user =
    userId === null
      ? undefined
      : await ctx.db.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw invalid(`The account of order ${resNum} is gone: refund it at the bank.`);
  const toman = Math.floor(Number(order.amount) / 10);
  return ctx.db.transaction().execute(async (trx) => {
    const entry = await postEntry(trx, ctx, {
      userId: user.id,
      kind: 'refund',
      amount: toman,
      ref: order.res_num,
      note: reason,
      actor,
    });
    if (entry.repeated) throw invalid(`Order ${resNum} was refunded to the wallet already (${entry.createdAt}).`);
    const now = ctx.now().toISOString();
    await recordEvent(trx, order, {
      at: now,
      from: ORDER.paid,
      to: ORDER.paid,
      actor: `operator:${actor}`,
      detail: `refunded ${toman} tomans to the wallet of ${user.username}: ${reason}`,
    });
    await audit(trx, ctx, {
      actor,
      action: 'order.refund',
      target: `order:${resNum}`,
      before: { balance: entry.balance - entry.amount },
      after: { username: user.username, toman, balance: entry.balance, reason },
    });
    return { username: user.username, toman, balance: entry.balance };
  });
}

/**
 * Asks the gateways about the pending orders now: all of them from the web admin, those older than
 * `olderThanMinutes` from separ-admin's `payments reconcile --older-than`. Audited.
 */
export async function reconcileNow(
  ctx: AppContext,
  actor: Actor,
  olderThanMinutes = 0,
): Promise<AdminReconcileSummary> {
  const summary = await reconcile(ctx, { olderThanMinutes });
  await audit(ctx.db, ctx, { actor, action: 'payments.reconcile', target: 'orders', after: summary });
  return summary;
}
