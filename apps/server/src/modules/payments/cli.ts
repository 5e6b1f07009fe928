import { centsText } from '@separ/domain';
import { arg, num, text, UsageError, type CommandRow } from '../../platform/cli.ts';
import type { PaymentsContext } from './adapters.ts';
import { completeOrderByHand, reconcileNow, refundToWallet } from './admin.ts';
import { ORDER_STATE_NAMES } from './orders.ts';
import { isOrderStateName, listOrders, orderDetails, type OrderStateName } from './service.ts';

/** separ-admin's payments: the order functions the web admin calls, each change audited. */
export const PAYMENT_COMMANDS: Array<CommandRow<PaymentsContext>> = [
  {
    command: 'payments list',
    async run({ ctx, values, out }) {
      const state = text(values, 'state');
      // awaiting_review: the card orders whose receipt waits for an operator (CONTRACTS §11).
      const review = state === 'awaiting_review';
      if (state !== undefined && !review && !isOrderStateName(state)) {
        throw new UsageError(`--state must be one of ${ORDER_STATE_NAMES.join(', ')}, awaiting_review.`);
      }
      const orders = review
        ? await listOrders(ctx.db, { ids: (await ctx.cardGate?.awaitingReview(ctx)) ?? [] })
        : await listOrders(ctx.db, { state: state as OrderStateName | undefined });
      for (const o of orders) {
        out(
          `${o.res_num}\t${review ? 'awaiting_review' : (ORDER_STATE_NAMES[o.state] ?? o.state)}\t${o.gate}/${o.provider}\t${o.amount} IRR\tplan ${o.plan_id}\t${o.created_at}\t${o.ref_num ?? '-'}${o.failure ? `\t${o.failure}` : ''}`,
        );
      }
      if (orders.length === 0) out('No orders.');
    },
  },
  {
    command: 'payments show',
    async run({ ctx, positionals, out }) {
      const { order, history, account, receipt } = await orderDetails(ctx.db, arg(positionals, 2, 'order number'));
      const state = (n: number | null) => (n === null ? '-' : (ORDER_STATE_NAMES[n] ?? String(n)));
      out(
        [
          `order:           ${order.res_num}`,
          `state:           ${state(order.state)}${order.failure ? ` (${order.failure})` : ''}`,
          `amount:          ${order.amount} IRR (plan ${order.plan_id})${order.amount_usd_cents === null ? '' : `, invoiced ${centsText(Number(order.amount_usd_cents))} USD at ${order.toman_per_usd} tomans a dollar`}`,
          // The discount code the order was priced with (CONTRACTS §12), when it had one.
          ...(order.coupon_code
            ? [`discount code:   ${order.coupon_code}, ${Number(order.discount_toman ?? 0)} tomans off`]
            : []),
          `gateway:         ${order.gate} via ${order.provider}, authority ${order.authority ?? '-'}`,
          `bank reference:  ${order.ref_num ?? '-'}`,
          `e-mail:          ${order.email}`,
          `created:         ${order.created_at}`,
          `paid:            ${order.paid_at ?? '-'}`,
          `account:         ${account ? `${account.username}${account.expireDate ? `, expires ${account.expireDate}` : `, starts on first use (${account.subsDays} days)`}` : '-'}`,
          `receipt:         ${receipt ? (receipt.sentAt ? `sent ${receipt.sentAt}` : `waiting in the outbox (${receipt.attempts} tries${receipt.lastError ? `: ${receipt.lastError}` : ''})`) : '-'}`,
          'history:',
          ...history.map(
            (e) => `  ${e.at}  ${state(e.from_state)} -> ${state(e.to_state)}  ${e.actor}  ${e.detail ?? ''}`,
          ),
        ].join('\n'),
      );
    },
  },
  {
    command: 'payments complete',
    async run({ ctx, values, positionals, out, actor }) {
      const resNum = arg(positionals, 2, 'order number');
      const done = await completeOrderByHand(ctx, resNum, text(values, 'ref', true)!, actor);
      out(
        done.renewed
          ? `Order ${resNum} completed by hand. Account ${done.username} renewed; its password is unchanged (the receipt is queued for ${done.detail.email}).`
          : `Order ${resNum} completed by hand. Account ${done.username}, password ${done.password} (the receipt is queued for ${done.detail.email}).`,
      );
    },
  },
  {
    command: 'payments refund',
    async run({ ctx, values, positionals, out, actor }) {
      const resNum = arg(positionals, 2, 'order number');
      // Money back to a card happens at the bank; the shop gives it back into the buyer's wallet.
      if (values['to-wallet'] !== true)
        throw new UsageError('payments refund gives the money back into the wallet: add --to-wallet.');
      const done = await refundToWallet(ctx, resNum, { reason: text(values, 'reason', true)! }, actor);
      out(
        `Order ${resNum}: ${done.toman.toLocaleString('en-US')} toman refunded to the wallet of ${done.username}; balance ${done.balance.toLocaleString('en-US')} toman.`,
      );
    },
  },
  {
    // Talks to the gateways: each order settles in its own transaction.
    command: 'payments reconcile',
    async run({ ctx, values, out, actor }) {
      const olderThan = num(values, 'older-than', { min: 0 }) ?? 5;
      const s = await reconcileNow(ctx, actor, olderThan);
      out(
        `Checked ${s.checked}: ${s.completed} completed, ${s.failed} failed, ${s.expired} expired, ${s.open} still open, ${s.unknown} without an answer from the gateway (asked again later), ${s.busy} busy, ${s.errors} errors.`,
      );
    },
  },
];
