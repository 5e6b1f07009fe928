import type { AppContext } from '../context.ts';
import { askGateway, completeOrder, failOrder, ORDER } from './orders.ts';

export interface ReconcileSummary {
  checked: number;
  completed: number;
  failed: number;
  expired: number;
  unknown: number;
}

/**
 * Asks the gateway about every pending order older than `olderThanMinutes` and settles it through the
 * same exactly-once path as a gateway return: paid orders are completed (the buyer gets the receipt by
 * e-mail), refused ones fail, and those still open past the expiry age expire. A payment that arrives
 * for an expired order later is still honoured.
 */
export async function reconcile(
  ctx: AppContext,
  options: { olderThanMinutes?: number } = {},
): Promise<ReconcileSummary> {
  const now = ctx.now();
  const olderThan = options.olderThanMinutes ?? 5;
  const cutoff = new Date(now.getTime() - olderThan * 60_000).toISOString();
  const expiryCutoff = new Date(now.getTime() - ctx.config.orderExpiryMinutes * 60_000).toISOString();
  const orders = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('state', '=', ORDER.pending)
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .limit(500)
    .execute();
  const summary: ReconcileSummary = { checked: orders.length, completed: 0, failed: 0, expired: 0, unknown: 0 };
  for (const order of orders) {
    const answer = await askGateway(ctx.adapterByProvider(order.provider), order, 'inquiry');
    if (answer.kind === 'paid') {
      const result = await completeOrder(ctx, order, answer.refNum);
      if (result.outcome === 'completed') summary.completed++;
      continue;
    }
    if (answer.kind === 'failed') {
      await failOrder(ctx, order, answer.reason);
      summary.failed++;
      continue;
    }
    if (order.created_at <= expiryCutoff) {
      await ctx.db
        .updateTable('orders')
        .set({
          state: ORDER.expired,
          updated_at: now.toISOString(),
          failure: answer.kind === 'unknown' ? answer.reason : 'not paid in time',
        })
        .where('id', '=', order.id)
        .where('state', '=', ORDER.pending)
        .execute();
      summary.expired++;
    } else {
      summary.unknown++;
    }
  }
  return summary;
}
