// This module's functions take the platform's context with the gateways (adapters.ts).
import { CARD_PROVIDER, type PaymentsContext as AppContext } from './adapters.ts';
import type { OrderRow } from '../../platform/db/schema.ts';
import { moveOrder, ORDER, settle } from './orders.ts';
import { DAY_MS, MINUTE_MS, type AdminReconcileSummary } from '@separ/domain';
import { emptyReconcileSummary } from '@separ/domain/contract';

/** What a run found (the console's `POST /api/admin/payments/reconcile` answers it as it is). */
export type ReconcileSummary = AdminReconcileSummary;

/** How long after an order expires reconciliation still asks its gateway about it. */
export const LATE_PAYMENT_DAYS = 3;

/**
 * Minutes until a gateway is asked again about an order: 1, 2, 4 … capped at an hour for a pending
 * order whose gateway gave no answer, at six hours for an expired one.
 */
export function backoffMinutes(attempts: number, capMinutes = 60): number {
  return Math.min(capMinutes, 2 ** Math.max(0, attempts - 1));
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Asks the gateways about the orders whose payer may have paid without coming back, through the
 * same claim-and-settle path as the gateway return:
 * - pending orders older than `olderThanMinutes` whose next check is due;
 * - expired orders of the last three days whose next check is due (a bank may confirm late);
 * - unpaid orders whose claim a crashed process left behind (its lease ran out).
 * An order that never reached a gateway we can ask fails at once: nothing can have been paid.
 * Paid orders are completed (the buyer gets the receipt by e-mail), refused ones fail, those the
 * gateway still calls unpaid past the expiry age expire, and those it could not answer about stay
 * pending, asked again with backoff — never expired for the gateway's silence. Each order's error is
 * its own; gateway calls run a few at a time.
 */
export async function reconcile(
  ctx: AppContext,
  options: { olderThanMinutes?: number; concurrency?: number } = {},
): Promise<ReconcileSummary> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - (options.olderThanMinutes ?? 5) * MINUTE_MS).toISOString();
  const expiryCutoff = new Date(now.getTime() - ctx.config.orderExpiryMinutes * MINUTE_MS).toISOString();
  const lateCutoff = new Date(now.getTime() - LATE_PAYMENT_DAYS * DAY_MS).toISOString();
  const orders = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([
          eb('state', '=', ORDER.pending),
          eb('created_at', '<=', cutoff),
          eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', nowIso)]),
        ]),
        // Expired orders are asked again, with backoff, for three days: a bank may confirm late.
        eb.and([
          eb('state', '=', ORDER.expired),
          eb('created_at', '>', lateCutoff),
          eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', nowIso)]),
        ]),
        eb.and([
          eb('state', 'in', [ORDER.failed, ORDER.expired]),
          eb('claimed_until', 'is not', null),
          eb('claimed_until', '<=', nowIso),
        ]),
      ]),
    )
    // Card orders have no gateway to ask: an operator settles them, and they expire by their own clock.
    .where('provider', '<>', CARD_PROVIDER)
    .orderBy('created_at')
    .limit(500)
    .execute();
  const summary: ReconcileSummary = emptyReconcileSummary(orders.length);

  const later = async (order: OrderRow, attempts: number) => {
    const cap = order.state === ORDER.pending ? 60 : 360;
    await ctx.db
      .updateTable('orders')
      .set({
        check_attempts: attempts,
        next_check_at: new Date(now.getTime() + backoffMinutes(attempts, cap) * MINUTE_MS).toISOString(),
      })
      .where('id', '=', order.id)
      .execute();
  };

  await eachLimited(orders, options.concurrency ?? 4, async (order: OrderRow) => {
    try {
      // Nothing can have been paid for an order that never reached a gateway we can ask.
      const unaskable = !order.authority
        ? 'the payment request never reached the gateway'
        : !ctx.adapterByProvider(order.provider)
          ? `no gateway is configured for ${order.provider} orders`
          : null;
      if (unaskable) {
        if (await moveOrder(ctx, order, ORDER.failed, { actor: 'reconcile', detail: unaskable })) summary.failed++;
        return;
      }
      const result = await settle(ctx, order, 'reconcile');
      switch (result.outcome) {
        case 'completed':
          summary.completed++;
          ctx.log.info({ order: order.res_num }, 'reconciliation: a paid order completed, receipt queued');
          return;
        case 'duplicate':
          return;
        case 'busy':
          summary.busy++;
          return;
        case 'failed':
          summary.failed++;
          return;
        case 'pending':
          if (order.state === ORDER.pending && order.created_at <= expiryCutoff) {
            const expired = await moveOrder(ctx, result.order, ORDER.expired, {
              actor: 'reconcile',
              detail: `not paid within ${ctx.config.orderExpiryMinutes} minutes (${result.detail})`,
              from: [ORDER.pending],
            });
            if (expired) summary.expired++;
            await later({ ...order, state: ORDER.expired }, 1);
          } else if (order.state === ORDER.expired) {
            await later(order, result.order.check_attempts + 1);
            summary.open++;
          } else {
            summary.open++;
            if (result.order.check_attempts > 0)
              await ctx.db
                .updateTable('orders')
                .set({ check_attempts: 0, next_check_at: null })
                .where('id', '=', order.id)
                .execute();
          }
          return;
        case 'unknown': {
          const attempts = result.order.check_attempts + 1;
          await later(order, attempts);
          summary.unknown++;
          ctx.log.warn(
            { order: order.res_num, attempts, detail: result.detail },
            'reconciliation: the gateway gave no answer; the order stays pending and is asked again later',
          );
          return;
        }
      }
    } catch (error) {
      summary.errors++;
      ctx.log.error({ err: error, order: order.res_num }, 'reconciliation of an order failed');
    }
  });
  // Card orders still awaiting their transfer past SEPAR_CARD_TRANSFER_MINUTES expire (CONTRACTS §11).
  if (ctx.cardGate) {
    try {
      summary.expired += await ctx.cardGate.expire(ctx);
    } catch (error) {
      summary.errors++;
      ctx.log.error({ err: error }, 'expiring card orders failed');
    }
  }
  return summary;
}
