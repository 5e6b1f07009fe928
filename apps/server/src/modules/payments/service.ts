// This module's functions take the platform's context with the gateways (adapters.ts).
import type { PaymentsContext as AppContext } from './adapters.ts';
import type { Db } from '../../platform/db/index.ts';
import type { OrderEventRow, OrderRow } from '../../platform/db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { claimOrder, completeOrder, ORDER, ORDER_STATE_NAMES, releaseClaim } from './orders.ts';

/** The operators' payment functions: separ-admin's `payments …` commands call these (and the admin will). */

export type OrderStateName = (typeof ORDER_STATE_NAMES)[number];

export function isOrderStateName(value: string): value is OrderStateName {
  return (ORDER_STATE_NAMES as readonly string[]).includes(value);
}

export async function listOrders(db: Db, filter: { state?: OrderStateName; ids?: number[]; limit?: number } = {}) {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 200);
  if (filter.state) query = query.where('state', '=', ORDER[filter.state]);
  if (filter.ids) query = query.where('id', 'in', filter.ids.length ? filter.ids : [-1]);
  return query.execute();
}

export interface OrderDetails {
  order: OrderRow;
  history: OrderEventRow[];
  account: { username: string; email: string | null; expireDate: string | null; subsDays: number } | null;
  receipt: { sentAt: string | null; attempts: number; lastError: string | null } | null;
}

/** An order with its history, the account it created and its receipt. */
export async function orderDetails(db: Db, resNum: string): Promise<OrderDetails> {
  const order = await db.selectFrom('orders').selectAll().where('res_num', '=', resNum).executeTakeFirst();
  if (!order) throw invalid(`No order ${resNum}.`);
  const [history, user, receipt] = await Promise.all([
    db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    order.user_id === null
      ? undefined
      : db
          .selectFrom('users')
          .select(['username', 'email', 'expire_date', 'subs_days'])
          .where('id', '=', order.user_id)
          .executeTakeFirst(),
    db
      .selectFrom('outbox')
      .select(['sent_at', 'attempts', 'last_error'])
      .where('kind', '=', 'receipt')
      .where('order_id', '=', order.id)
      .executeTakeFirst(),
  ]);
  return {
    order,
    history,
    account: user
      ? { username: user.username, email: user.email, expireDate: user.expire_date, subsDays: user.subs_days }
      : null,
    receipt: receipt ? { sentAt: receipt.sent_at, attempts: receipt.attempts, lastError: receipt.last_error } : null,
  };
}

/**
 * Completes an order by hand, for an operator who sees the money at the bank (the buyer shows a
 * receipt, the gateway never confirmed): the same exactly-once completion as a verified return,
 * from any unpaid state, with the bank's reference and the operator in the order's history.
 * Returns the account's credentials (also in the receipt queued for the buyer).
 */
export async function completeByOperator(
  ctx: AppContext,
  resNum: string,
  input: { refNum: string; operator: string },
): Promise<{ username: string; password: string; renewed: boolean; order: OrderRow }> {
  const refNum = input.refNum.trim();
  if (!/^[\w.-]{1,64}$/.test(refNum)) throw invalid('The bank reference must be 1 to 64 letters or digits.');
  const order = await ctx.db.selectFrom('orders').selectAll().where('res_num', '=', resNum).executeTakeFirst();
  if (!order) throw invalid(`No order ${resNum}.`);
  if (order.state === ORDER.paid)
    throw invalid(`Order ${resNum} is paid already (bank reference ${order.ref_num ?? '-'}).`);
  const claim = await claimOrder(ctx, order.id);
  if (!claim) throw invalid(`Order ${resNum} is being settled right now; look again in a minute.`);
  try {
    const done = await completeOrder(ctx, order, refNum, {
      actor: `operator:${input.operator}`,
      detail: 'completed by hand: the payment was seen at the bank',
      claim,
    });
    if (done.outcome !== 'completed') throw invalid(`Order ${resNum} was completed by someone else just now.`);
    return done;
  } finally {
    await releaseClaim(ctx, order.id, claim);
  }
}
