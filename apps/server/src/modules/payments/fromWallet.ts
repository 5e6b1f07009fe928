import { parsePriceMap, PRICE_KEY, type Language } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { OrderRow, PlanRow, UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
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
  input: { user: UserRow; plan: PlanRow; email: string; lang: Language; via: string },
): Promise<{ order: OrderRow; username: string }> {
  const { user, plan } = input;
  if (!(await getShopSettings(ctx)).walletEnabled) throw new AppError('walletDisabled');
  const credit = creditPrice(plan);
  if (credit === null) throw new AppError('planNotFound');
  const order = await createOrder(ctx, {
    plan_id: plan.id,
    email: input.email || (user.email ?? ''),
    gate: WALLET_GATE,
    provider: WALLET_GATE,
    amount: credit * 10,
    renew_user_id: user.id,
    lang: input.lang,
    detail: `ordered plan ${plan.id} from the wallet of ${user.username} (${credit} tomans, ${input.via})`,
  });
  let done;
  try {
    done = await completeOrder(ctx, order, `W-${order.res_num}`, {
      actor: 'buyer',
      detail: `paid ${credit} tomans from the wallet`,
      fromWallet: { userId: user.id, toman: credit },
    });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'insufficientBalance')) throw error;
    await moveOrder(ctx, order, ORDER.failed, {
      actor: 'buyer',
      detail: `the wallet's balance is below ${credit} tomans`,
      from: [ORDER.pending],
    });
    throw error;
  }
  if (done.outcome !== 'completed') throw new Error(`Order ${order.res_num} was completed twice.`);
  ctx.log.info({ order: order.res_num, via: input.via }, 'order paid from the wallet: account renewed');
  return { order: done.order, username: done.username };
}
