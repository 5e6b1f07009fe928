import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { OrderRow } from '../../platform/db/schema.ts';
import { countCouponUse } from './coupons.ts';
import { rewardReferrer } from './referrals.ts';

/**
 * What growth adds to an order's completion, in its transaction (payments' completeOrder calls it
 * once the order is marked paid and its account is known): the discount code's use counted, and
 * the referrer paid. A purchase paid from the wallet (`fromWallet`) is refused when its code has
 * just been used up (the whole completion is undone); money that came through a gateway never is.
 * Returns words for the order's history.
 */
export async function settleGrowth(
  trx: Db,
  ctx: Pick<AppContext, 'now' | 'database' | 'config'>,
  order: OrderRow,
  input: { accountId: number; fromWallet: boolean },
): Promise<string> {
  const words: string[] = [];
  if (order.coupon_code) {
    const counted = await countCouponUse(trx, ctx, order, {
      userId: input.accountId,
      buyerUserId: input.accountId,
      strict: input.fromWallet,
    });
    words.push(
      counted
        ? `; code ${order.coupon_code} (-${Number(order.discount_toman ?? 0)} tomans) counted`
        : `; code ${order.coupon_code} honoured past its limits, not counted`,
    );
  }
  const reward = await rewardReferrer(trx, ctx, order, input.accountId);
  if (reward > 0) words.push(`; referrer ${order.referrer_user_id} paid ${reward} tomans`);
  return words.join('');
}
