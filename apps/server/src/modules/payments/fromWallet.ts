import { parsePriceMap, PRICE_KEY, type Language } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { OrderRow, PlanRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { quoteCoupon } from '../growth/index.ts';
import { walletBalance } from '../wallet/index.ts';
import { getShopSettings } from '../settings/index.ts';
import { completeOrder, createOrder, moveOrder, ORDER, WALLET_GATE } from './orders.ts';

/** A plan's price paid from the wallet: its credit price, else its toman price; null when it has none. */
export function creditPrice(plan: Pick<PlanRow, 'price_credit' | 'price_toman'>): number | null {
  const credit = parsePriceMap(plan.price_credit)[PRICE_KEY] ?? parsePriceMap(plan.price_toman)[PRICE_KEY];
  return typeof credit === 'number' && credit > 0 ? credit : null;
}

/** An account's balance and what a plan costs it from the wallet (for the payment page and the bot). */
export async function walletQuote(ctx: Pick<AppContext, 'db'>, user: Pick<UserRow, 'id'>, plan: PlanRow) {
  const price = creditPrice(plan);
  return { price, balance: await walletBalance(ctx.db, user.id) };
}

/**
 * Pays a plan's credit price from an account's wallet at once and renews that account (CONTRACTS
 * §10): the one function behind `/requestAccount2?gate=wallet` and the bot's "Pay from wallet". The
 * order and its debit complete in one transaction: a short balance (`insufficientBalance`) leaves
 * the balance and the account as they were, and the order failed with the reason.
 */
export async function buyFromWallet(
  ctx: AppContext,
  input: {
    user: UserRow;
    plan: PlanRow;
    email: string;
    lang: Language;
    via: string;
    /** A discount code given with the purchase (CONTRACTS §12), applied to the credit price. */
    coupon?: string | null;
    /** The account whose referral link brought the buyer. */
    referrerId?: number | null;
  },
): Promise<{ order: OrderRow; username: string }> {
  const { user, plan } = input;
  if (!(await getShopSettings(ctx)).walletEnabled) throw new AppError('walletDisabled');
  const listed = creditPrice(plan);
  if (listed === null) throw new AppError('planNotFound');
  const quote = input.coupon
    ? await quoteCoupon(ctx, {
        code: input.coupon,
        planId: plan.id,
        price: listed,
        buyer: { userId: user.id, email: null },
      })
    : null;
  const credit = quote ? quote.price : listed;
  const order = await createOrder(ctx, {
    plan_id: plan.id,
    email: input.email || (user.email ?? ''),
    gate: WALLET_GATE,
    provider: WALLET_GATE,
    amount: credit * 10,
    renew_user_id: user.id,
    coupon_code: quote?.code ?? null,
    discount_toman: quote?.discount ?? null,
    referrer_user_id: input.referrerId ?? null,
    lang: input.lang,
    detail: `ordered plan ${plan.id} from the wallet of ${user.username} (${credit} tomans${quote ? `, code ${quote.code} -${quote.discount}` : ''}, ${input.via})`,
  });
  let done;
  try {
    done = await completeOrder(ctx, order, `W-${order.res_num}`, {
      actor: 'buyer',
      detail: `paid ${credit} tomans from the wallet`,
      fromWallet: { userId: user.id, toman: credit },
    });
  } catch (error) {
    // A short balance, or a code used up by another purchase in the meantime: nothing was taken.
    if (!isAppError(error, 'insufficientBalance', 'couponUsedUp', 'couponPerUserLimit')) throw error;
    await moveOrder(ctx, order, ORDER.failed, {
      actor: 'buyer',
      detail:
        error.code === 'insufficientBalance'
          ? `the wallet's balance is below ${credit} tomans`
          : `the discount code ${quote?.code ?? ''} no longer applies (${error.code})`,
      from: [ORDER.pending],
    });
    throw error;
  }
  if (done.outcome !== 'completed') throw new Error(`Order ${order.res_num} was completed twice.`);
  ctx.log.info({ order: order.res_num, via: input.via }, 'order paid from the wallet: account renewed');
  return { order: done.order, username: done.username };
}
