import {
  decodePaymentResult,
  HOUR_MS,
  MINUTE_MS,
  parsePriceMap,
  PRICE_KEY,
  type Language,
  type PaymentResult,
} from '@separ/domain';
import type { PlanRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, tooManyAttempts } from '../../platform/errors.ts';
import { countAttempts } from '../../platform/security/throttle.ts';
import type { PaymentsContext } from '../payments/index.ts';
import { checkReceiptImage } from './image.ts';
import { cardRow } from './pool.ts';
import { cardOrderByResNum, expireCardOrders, openCardOrder, resultOf, submitReceipt } from './service.ts';

/**
 * The bot's card flow (issue 30 §4): the same card orders, unique amounts, receipts, operators'
 * approval and expiry as the site's transfer page, asked for from a chat. The chat is kept on the
 * card order, so that whichever process runs the bot tells it the outcome once.
 */

type Ctx = PaymentsContext;

/** What the chat is shown: where to transfer, how much (rials) and until when. */
export interface ChatCardOrder {
  resNum: string;
  cardNumber: string;
  holder: string;
  bank: string | null;
  amount: number;
  expiresAt: string;
}

/** Counts a chat's request against a limit per hour (orders) or per minute (receipts), like a client's. */
async function countChat(ctx: Ctx, key: string, limit: number, windowMs: number): Promise<void> {
  const [state] = await countAttempts(ctx.db, [{ key, limit, windowMs }], ctx.now());
  if (state!.blocked) throw tooManyAttempts(state!.retryAfterSeconds);
}

/**
 * A card order for a plan from a chat: a linked chat's account is renewed (its e-mail on the order),
 * otherwise a new account is made on approval and the chat is linked to it.
 */
export async function cardOrderForChat(
  ctx: Ctx,
  input: { chat: string; plan: PlanRow; user: UserRow | null; lang: Language },
): Promise<ChatCardOrder> {
  const { chat, plan, user, lang } = input;
  await countChat(ctx, `order:chat:${chat}`, ctx.config.orderLimits.perEmailPerHour, HOUR_MS);
  const tomans = parsePriceMap(plan.price_toman)[PRICE_KEY];
  if (typeof tomans !== 'number') throw new AppError('planNotFound');
  const { order, amount, cardId } = await openCardOrder(ctx, {
    plan_id: plan.id,
    email: user?.email ?? '',
    renew_user_id: user?.id ?? null,
    lang,
    tomans,
    botChat: chat,
    detail: `ordered plan ${plan.id} in the bot${user ? `, renewing ${user.username} (linked chat)` : ''}`,
  });
  const card = await cardRow(ctx.db, cardId);
  const expires = await ctx.db
    .selectFrom('card_orders')
    .select('expires_at')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return {
    resNum: order.res_num,
    cardNumber: card?.number ?? '',
    holder: card?.holder ?? '',
    bank: card?.bank ?? null,
    amount,
    expiresAt: expires.expires_at,
  };
}

/** The chat's card order still awaiting its transfer (the latest), if any. */
async function awaitingOrderOf(ctx: Ctx, chat: string) {
  const row = await ctx.db
    .selectFrom('card_orders')
    .innerJoin('orders', 'orders.id', 'card_orders.order_id')
    .select('orders.res_num')
    .where('card_orders.bot_chat', '=', chat)
    .where('card_orders.state', '=', 'awaiting_transfer')
    .where('card_orders.expires_at', '>', ctx.now().toISOString())
    .orderBy('card_orders.order_id', 'desc')
    .executeTakeFirst();
  return row ? cardOrderByResNum(ctx.db, row.res_num) : null;
}

/** Whether the chat has a card order awaiting its transfer (a number sent to it is then a tracking number). */
export async function chatAwaitsTransfer(ctx: Ctx, chat: string): Promise<boolean> {
  return (await awaitingOrderOf(ctx, chat)) !== null;
}

/**
 * A receipt sent to the chat: a tracking number, a photo (with the number as its caption or
 * without), checked and stripped as the site's are, and refused alike (a tracking number or an
 * image used before, a second receipt). Null when the chat has no order awaiting a transfer.
 */
export async function chatReceipt(
  ctx: Ctx,
  chat: string,
  input: { tracking?: string | null; image?: Uint8Array | null },
): Promise<{ resNum: string } | null> {
  await countChat(ctx, `card-receipt:chat:${chat}`, ctx.config.loginLimits.perIpPerMinute, MINUTE_MS);
  const found = await awaitingOrderOf(ctx, chat);
  if (!found) return null;
  let image = null;
  if (input.image) {
    const checked = checkReceiptImage(input.image);
    if (!checked.ok) throw new AppError('invalidReceiptImage');
    image = { type: checked.type, bytes: checked.bytes };
  }
  await submitReceipt(ctx, found, { tracking: input.tracking ?? undefined, image, photoAlone: true });
  return { resNum: found.order.res_num };
}

/** An outcome a chat is told once: paid (with the result), rejected (with the reason) or expired. */
export type ChatCardOutcome =
  | { chat: string; resNum: string; state: 'paid'; result: PaymentResult }
  | { chat: string; resNum: string; state: 'rejected'; reason: string }
  | { chat: string; resNum: string; state: 'expired' };

/**
 * The decided card orders whose chat has not been told, each claimed by a conditional update (one
 * process tells it, once). Expiry runs first, so that an order past its time is told too.
 */
export async function claimChatOutcomes(ctx: Ctx, limit = 20): Promise<ChatCardOutcome[]> {
  await expireCardOrders(ctx);
  const due = await ctx.db
    .selectFrom('card_orders')
    .innerJoin('orders', 'orders.id', 'card_orders.order_id')
    .select(['card_orders.order_id', 'card_orders.bot_chat', 'orders.res_num'])
    .where('card_orders.bot_chat', 'is not', null)
    .where('card_orders.bot_told', '=', 0)
    .where('card_orders.state', 'in', ['paid', 'rejected', 'expired'])
    .orderBy('card_orders.order_id')
    .limit(limit)
    .execute();
  const outcomes: ChatCardOutcome[] = [];
  for (const row of due) {
    const claimed = await ctx.db
      .updateTable('card_orders')
      .set({ bot_told: 1 })
      .where('order_id', '=', row.order_id)
      .where('bot_told', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const found = await cardOrderByResNum(ctx.db, row.res_num);
    if (!found) continue;
    const chat = row.bot_chat as string;
    if (found.card.state === 'paid')
      outcomes.push({ chat, resNum: row.res_num, state: 'paid', result: decodePaymentResult(resultOf(ctx, found)) });
    else if (found.card.state === 'rejected')
      outcomes.push({ chat, resNum: row.res_num, state: 'rejected', reason: found.card.reason ?? '' });
    else outcomes.push({ chat, resNum: row.res_num, state: 'expired' });
  }
  return outcomes;
}
