import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  encodePaymentResult,
  freeCardAmounts,
  HOUR_MS,
  isCardOrderState,
  MINUTE_MS,
  normalizeTracking,
  parsePriceMap,
  PRICE_KEY,
  REJECT_REASON_MAX,
  type CardOrderState,
  type Language,
} from '@separ/domain';
import type { AdminCardOrderInfo, CardTransferAnswer } from '@separ/domain/contract';
import type { Db } from '../../platform/db/index.ts';
import type { OrderRow, PlanRow } from '../../platform/db/schema.ts';
import { AppError, conflict, invalid, notFound, tooManyAttempts } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { clientKey } from '../../platform/http/clientKey.ts';
import { languageOf } from '../../platform/http/language.ts';
import { param } from '../../platform/http/params.ts';
import { countAttempts, throttledAttempt } from '../../platform/security/throttle.ts';
import { renewalTarget } from '../accounts/index.ts';
import {
  CARD_PROVIDER,
  claimOrder,
  completeOrder,
  newOrderNumber,
  ORDER,
  orderById,
  recordEvent,
  releaseClaim,
  type OrderPrice,
  type PaymentsContext,
  resultPayload,
} from '../payments/index.ts';
import { cardRow, cardsActive, OPEN_STATES, pickCard } from './pool.ts';
import type { ImageType } from './image.ts';

/**
 * Card-to-card orders (CONTRACTS §11): a purchase through the card gate asks a unique amount on one
 * of the shop's cards; the buyer sends the bank's tracking number and maybe a photo of the receipt;
 * an operator approves it — the same exactly-once completion as a gateway's verified payment — or
 * rejects it with a reason. Nothing but an operator ever approves one. An order still waiting for
 * its transfer when its time is up expires; one whose receipt waits for review never does.
 *
 * The card order's own row (card_orders) keeps its state beside the order row: awaiting_transfer and
 * awaiting_review while the order row is pending, then paid (the order row says it first), rejected
 * (the order failed) or expired (the order expired). Every move is a conditional update on that state.
 */

type Ctx = PaymentsContext;

/**
 * How many of the smallest free amounts the allocation chooses among (at random: parallel orders
 * seldom pick the same one, and the loser of a clash picks again), and how often it tries.
 */
const AMOUNT_CHOICES = 50;
const AMOUNT_TRIES = 30;

/** A card order and its order row. */
interface CardOrder {
  order: OrderRow;
  card: {
    order_id: number;
    card_id: number;
    amount: number;
    state: string;
    expires_at: string;
    reason: string | null;
    result_sealed: string | null;
  };
}

async function cardOrderByResNum(db: Db, resNum: string): Promise<CardOrder | null> {
  if (typeof resNum !== 'string' || resNum.length === 0 || resNum.length > 64) return null;
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('res_num', '=', resNum)
    .where('provider', '=', CARD_PROVIDER)
    .executeTakeFirst();
  if (!order) return null;
  const card = await db
    .selectFrom('card_orders')
    .select(['order_id', 'card_id', 'amount', 'state', 'expires_at', 'reason', 'result_sealed'])
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  return card ? { order, card: { ...card, amount: Number(card.amount) } } : null;
}

/** What the buyer's page says of an order: the order row's paid first, an order past its time as expired. */
export function cardStateOf(found: CardOrder, now: Date): CardOrderState {
  if (found.order.state === ORDER.paid) return 'paid';
  const state = isCardOrderState(found.card.state) ? found.card.state : 'awaiting_transfer';
  if (
    state === 'awaiting_transfer' &&
    (found.card.expires_at <= now.toISOString() || found.order.state !== ORDER.pending)
  )
    return found.order.state === ORDER.failed ? 'rejected' : 'expired';
  return state;
}

/**
 * A card order by its number for a buyer's request, throttled per client like a login (CONTRACTS
 * §11): an unknown number counts against the client; a known one is taken back, so that the waiting
 * page may poll. A client over its limit gets 429 whatever it asks.
 */
async function lookUp(ctx: Ctx, request: FastifyRequest, resNum: string): Promise<CardOrder> {
  const attempt = await throttledAttempt(
    ctx.db,
    ctx.now(),
    [{ key: `card:ip:${clientKey(request.ip)}`, limit: ctx.config.loginLimits.perIpPerMinute, windowMs: MINUTE_MS }],
    (_, [state]) => tooManyAttempts(state!.retryAfterSeconds),
    () => cardOrderByResNum(ctx.db, resNum),
  );
  if (!attempt.passed) throw new AppError('unknownCardOrder');
  await attempt.refund();
  return attempt.value;
}

// --- Placing a card order ---------------------------------------------------------------------------

/** Frees the amounts of card orders that closed without this module's knowing (completed by hand). */
async function releaseClosedAmounts(db: Db): Promise<void> {
  await db
    .updateTable('card_orders')
    .set({ open_amount: null })
    .where('open_amount', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('state', 'not in', [...OPEN_STATES]),
        eb.exists(
          eb
            .selectFrom('orders')
            .select('orders.id')
            .whereRef('orders.id', '=', 'card_orders.order_id')
            .where('orders.state', '<>', ORDER.pending),
        ),
      ]),
    )
    .execute();
}

/**
 * `POST /requestAccount2?…&gate=card`: a pending order on one of the enabled cards, asking the
 * plan's price × 10 plus an offset that no open card order asks (the unique index on open_amount
 * settles a race: the loser takes another), and the URL of its transfer page.
 */
export async function purchaseByCard(
  ctx: Ctx,
  request: FastifyRequest,
  input: { plan: PlanRow; email: string; price?: OrderPrice; referrerId?: number | null },
): Promise<{ ok: true; url: string; message: string; renew?: { username: string } }> {
  const { plan, email } = input;
  if (!(await cardsActive(ctx.db))) throw new AppError('gatewayUnavailable');
  // Counted with every other payment request, per client and per e-mail.
  const { perIpPerHour, perEmailPerHour } = ctx.config.orderLimits;
  const [byIp, byEmail] = await countAttempts(
    ctx.db,
    [
      { key: `order:ip:${clientKey(request.ip)}`, limit: perIpPerHour, windowMs: HOUR_MS },
      { key: `order:email:${email.toLowerCase()}`, limit: perEmailPerHour, windowMs: HOUR_MS },
    ],
    ctx.now(),
  );
  if (byIp!.blocked || byEmail!.blocked)
    throw tooManyAttempts(Math.max(byIp!.retryAfterSeconds, byEmail!.retryAfterSeconds), 'payment requests');
  const renewal = param(request, 'renew') === '0' ? null : await renewalTarget(ctx, request);
  // The toman price after any discount code (CONTRACTS §11 and §12): the unique amount is built on it.
  const tomans = input.price?.toman ?? (parsePriceMap(plan.price_toman)[PRICE_KEY] as number);
  const lang: Language = languageOf(request.headers.cookie, (request.query as Record<string, unknown>)?.lng);

  await expireCardOrders(ctx);
  await releaseClosedAmounts(ctx.db);
  let order: OrderRow | undefined;
  for (let attempt = 0; attempt < AMOUNT_TRIES && !order; attempt++) {
    const cardId = await pickCard(ctx.db);
    if (cardId === null) throw new AppError('gatewayUnavailable');
    const low = tomans * 10;
    const taken = await ctx.db
      .selectFrom('card_orders')
      .select('open_amount')
      .where('open_amount', '>', low)
      .where('open_amount', '<', low + 100_000)
      .execute();
    const free = freeCardAmounts(tomans, new Set(taken.map((t) => Number(t.open_amount))), AMOUNT_CHOICES);
    if (free.length === 0) {
      ctx.log.warn({ plan: plan.id }, 'card orders: every amount for this price is taken by an open order');
      throw new AppError('gatewayUnavailable');
    }
    const amount = free[Math.floor(Math.random() * free.length)]!;
    const at = ctx.now();
    const now = at.toISOString();
    try {
      order = await ctx.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('orders')
          .values({
            res_num: newOrderNumber(at),
            plan_id: plan.id,
            email,
            gate: 'card',
            provider: CARD_PROVIDER,
            amount,
            state: ORDER.pending,
            authority: null,
            ref_num: null,
            user_id: null,
            renew_user_id: renewal?.user.id ?? null,
            coupon_code: input.price?.couponCode ?? null,
            discount_toman: input.price?.discount ?? null,
            referrer_user_id: input.referrerId ?? null,
            lang,
            failure: null,
            created_at: now,
            updated_at: now,
            paid_at: null,
            claim_token: null,
            claimed_until: null,
            next_check_at: null,
            last_answer: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('card_orders')
          .values({
            order_id: created.id,
            card_id: cardId,
            amount,
            open_amount: amount,
            state: 'awaiting_transfer',
            expires_at: new Date(at.getTime() + ctx.config.cardTransferMinutes * MINUTE_MS).toISOString(),
            reason: null,
            result_sealed: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await recordEvent(trx, created, {
          at: now,
          from: null,
          to: ORDER.pending,
          actor: 'buyer',
          detail: `ordered plan ${plan.id} by card transfer to card ${cardId}, ${amount} rials${renewal ? `, renewing ${renewal.user.username} (${renewal.via})` : ''}`,
        });
        return created;
      });
    } catch (error) {
      // Another order took the amount (or the number) first: try again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (!order) throw new AppError('gatewayUnavailable');
  const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return {
    ok: true,
    url: `${origin}/payment/card/${order.res_num}`,
    message: 'Transfer the amount to the card shown, then send the receipt.',
    ...(renewal ? { renew: { username: renewal.user.username } } : {}),
  };
}

// --- The buyer's page -------------------------------------------------------------------------------

/** `GET /api/site/card/{resNum}`. */
export async function cardTransfer(ctx: Ctx, request: FastifyRequest, resNum: string): Promise<CardTransferAnswer> {
  const found = await lookUp(ctx, request, resNum);
  const card = await cardRow(ctx.db, found.card.card_id);
  const state = cardStateOf(found, ctx.now());
  const answer: CardTransferAnswer = {
    ok: true,
    state,
    cardNumber: card?.number ?? '',
    holder: card?.holder ?? '',
    bank: card?.bank ?? null,
    amount: found.card.amount,
    expiresAt: found.card.expires_at,
  };
  if (state === 'paid') answer.result = resultOf(ctx, found);
  if (state === 'rejected' && found.card.reason) answer.reason = found.card.reason;
  return answer;
}

/** The payment result of a paid card order: the one sealed at its approval, else one without credentials. */
function resultOf(ctx: Ctx, found: CardOrder): string {
  if (found.card.result_sealed) {
    try {
      return ctx.secrets.box.open(found.card.result_sealed);
    } catch {
      // A key changed since: the credentials went by e-mail; the page shows the order.
    }
  }
  return encodePaymentResult(resultPayload(found.order, 'duplicate'));
}

// --- The receipt ------------------------------------------------------------------------------------

export interface ReceiptInput {
  tracking: unknown;
  image: { type: ImageType; bytes: Buffer } | null;
}

/** Counts a receipt post against its client (throttled like a login), before anything is read. */
export async function countReceiptPost(ctx: Ctx, request: FastifyRequest): Promise<void> {
  const [state] = await countAttempts(
    ctx.db,
    [
      {
        key: `card-receipt:ip:${clientKey(request.ip)}`,
        limit: ctx.config.loginLimits.perIpPerMinute,
        windowMs: MINUTE_MS,
      },
    ],
    ctx.now(),
  );
  if (state!.blocked) throw tooManyAttempts(state!.retryAfterSeconds);
}

/** Finds the order a receipt is posted for (an unknown number counts against the client). */
export async function receiptOrder(ctx: Ctx, request: FastifyRequest, resNum: string): Promise<CardOrder> {
  return lookUp(ctx, request, resNum);
}

/**
 * `POST /api/site/card/{resNum}/receipt`: the order moves from awaiting_transfer to awaiting_review
 * with its receipt, in one transaction whose conditional update one post wins. A tracking number
 * or an image that any receipt had before is refused (the unique indexes decide, whatever ran at once).
 */
export async function submitReceipt(ctx: Ctx, found: CardOrder, input: ReceiptInput): Promise<void> {
  const tracking = normalizeTracking(input.tracking);
  if (!tracking) throw new AppError('invalidTracking');
  const sha = input.image ? createHash('sha256').update(input.image.bytes).digest('hex') : null;
  const now = ctx.now().toISOString();
  const orderId = found.order.id;
  let moved = false;
  try {
    moved = await ctx.db.transaction().execute(async (trx) => {
      const won = await trx
        .updateTable('card_orders')
        .set({ state: 'awaiting_review', updated_at: now })
        .where('order_id', '=', orderId)
        .where('state', '=', 'awaiting_transfer')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) return false;
      // The order row too must still be waiting (not completed by hand, not expired).
      const pending = await trx
        .selectFrom('orders')
        .select('state')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      if (pending.state !== ORDER.pending) throw new AppError('notAwaitingTransfer');
      await trx
        .insertInto('card_receipts')
        .values({
          order_id: orderId,
          tracking,
          image: input.image?.bytes ?? null,
          image_type: input.image?.type ?? null,
          image_sha256: sha,
          image_bytes: input.image?.bytes.length ?? null,
          created_at: now,
        })
        .execute();
      await recordEvent(trx, found.order, {
        at: now,
        from: ORDER.pending,
        to: ORDER.pending,
        actor: 'buyer',
        detail: `card transfer receipt sent: tracking ${tracking}${input.image ? `, ${input.image.type} image of ${input.image.bytes.length} bytes` : ', no image'}; awaiting review`,
      });
      return true;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Which one clashed: the order's own receipt, the tracking number, or the image.
    const [own, byTracking] = await Promise.all([
      ctx.db.selectFrom('card_receipts').select('id').where('order_id', '=', orderId).executeTakeFirst(),
      ctx.db.selectFrom('card_receipts').select('id').where('tracking', '=', tracking).executeTakeFirst(),
    ]);
    if (own) throw new AppError('receiptAlreadySent');
    if (byTracking) throw new AppError('trackingUsed');
    if (sha) throw new AppError('receiptImageUsed');
    throw error;
  }
  if (!moved) {
    const own = await ctx.db
      .selectFrom('card_receipts')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    throw new AppError(own ? 'receiptAlreadySent' : 'notAwaitingTransfer');
  }
  ctx.log.info({ order: found.order.res_num }, 'card transfer receipt sent: awaiting an operator');
}

// --- The operators ----------------------------------------------------------------------------------

async function operatorOrder(ctx: Ctx, resNum: string): Promise<CardOrder> {
  const found = await cardOrderByResNum(ctx.db, String(resNum ?? ''));
  if (!found) throw notFound(`No card order ${resNum}.`);
  return found;
}

export interface Decision {
  resNum: string;
  state: CardOrderState;
  username?: string;
  password?: string;
  renewed?: boolean;
}

/**
 * Approves a card order whose receipt awaits review: the order is claimed (one caller wins) and
 * completed through payments' completeOrder, the conditional update that makes one account — or
 * renews one, or tops a wallet up — exactly once, and queues the receipt e-mail. Audited.
 */
export async function approveCardOrder(ctx: Ctx, resNum: string, actor: Actor): Promise<Decision> {
  const found = await operatorOrder(ctx, resNum);
  if (found.order.state === ORDER.paid) throw conflict(`Order ${resNum} is approved already.`);
  if (found.card.state !== 'awaiting_review')
    throw conflict(`Order ${resNum} is ${cardStateOf(found, ctx.now())}: only an order awaiting review is approved.`);
  const claim = await claimOrder(ctx, found.order.id);
  if (!claim) throw conflict(`Order ${resNum} is being settled right now.`);
  try {
    // Under the claim, the order must still await review (a rejection claims it too).
    const fresh = await operatorOrder(ctx, resNum);
    if (fresh.card.state !== 'awaiting_review' || fresh.order.state !== ORDER.pending)
      throw conflict(`Order ${resNum} was decided by someone else just now.`);
    const receipt = await ctx.db
      .selectFrom('card_receipts')
      .select('tracking')
      .where('order_id', '=', fresh.order.id)
      .executeTakeFirstOrThrow();
    const done = await completeOrder(ctx, fresh.order, receipt.tracking, {
      actor: `operator:${actor}`,
      detail: 'card transfer approved by an operator',
      claim,
    });
    if (done.outcome !== 'completed') throw conflict(`Order ${resNum} was completed by someone else just now.`);
    const result = encodePaymentResult(
      resultPayload(done.order, 'success', { username: done.username, password: done.password, renewed: done.renewed }),
    );
    const now = ctx.now().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('card_orders')
        .set({ state: 'paid', open_amount: null, result_sealed: ctx.secrets.box.seal(result), updated_at: now })
        .where('order_id', '=', fresh.order.id)
        .execute();
      await audit(trx, ctx, {
        actor,
        action: 'order.approve',
        target: `order:${resNum}`,
        before: { state: 'awaiting_review' },
        after: { state: 'paid', tracking: receipt.tracking, username: done.username, renewed: done.renewed },
      });
    });
    return { resNum, state: 'paid', username: done.username, password: done.password, renewed: done.renewed };
  } finally {
    await releaseClaim(ctx, found.order.id, claim);
  }
}

/** Rejects a card order whose receipt awaits review, with the reason the buyer's page shows. Audited. */
export async function rejectCardOrder(ctx: Ctx, resNum: string, reasonInput: unknown, actor: Actor): Promise<Decision> {
  const reason = typeof reasonInput === 'string' ? reasonInput.trim() : '';
  if (!reason || reason.length > REJECT_REASON_MAX)
    throw invalid(`reason is required (1 to ${REJECT_REASON_MAX} characters).`);
  const found = await operatorOrder(ctx, resNum);
  if (found.order.state === ORDER.paid) throw conflict(`Order ${resNum} is approved already.`);
  if (found.card.state !== 'awaiting_review')
    throw conflict(`Order ${resNum} is ${cardStateOf(found, ctx.now())}: only an order awaiting review is rejected.`);
  // Claimed like an approval: of an approval and a rejection at once, one wins.
  const claim = await claimOrder(ctx, found.order.id);
  if (!claim) throw conflict(`Order ${resNum} is being settled right now.`);
  try {
    const now = ctx.now().toISOString();
    const rejected = await ctx.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('orders')
        .set({ state: ORDER.failed, updated_at: now, failure: `rejected: ${reason}`.slice(0, 300) })
        .where('id', '=', found.order.id)
        .where('state', '=', ORDER.pending)
        .where('claim_token', '=', claim)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      const card = await trx
        .updateTable('card_orders')
        .set({ state: 'rejected', reason, open_amount: null, updated_at: now })
        .where('order_id', '=', found.order.id)
        .where('state', '=', 'awaiting_review')
        .executeTakeFirst();
      if (Number(card.numUpdatedRows) !== 1) throw conflict(`Order ${resNum} was decided by someone else just now.`);
      await recordEvent(trx, found.order, {
        at: now,
        from: ORDER.pending,
        to: ORDER.failed,
        actor: `operator:${actor}`,
        detail: `card transfer rejected: ${reason}`,
      });
      await audit(trx, ctx, {
        actor,
        action: 'order.reject',
        target: `order:${resNum}`,
        before: { state: 'awaiting_review' },
        after: { state: 'rejected', reason },
      });
      return true;
    });
    if (!rejected) throw conflict(`Order ${resNum} was decided by someone else just now.`);
    return { resNum, state: 'rejected' };
  } finally {
    await releaseClaim(ctx, found.order.id, claim);
  }
}

/** The receipt image of a card order, as stored (metadata stripped); 404 when it has none. */
export async function receiptImage(ctx: Ctx, resNum: string): Promise<{ type: string; bytes: Buffer }> {
  const found = await operatorOrder(ctx, resNum);
  const row = await ctx.db
    .selectFrom('card_receipts')
    .select(['image', 'image_type'])
    .where('order_id', '=', found.order.id)
    .executeTakeFirst();
  if (!row?.image || !row.image_type) throw notFound(`Order ${resNum} has no receipt image.`);
  const bytes = row.image;
  return { type: row.image_type, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/** The ids of the card orders whose receipt awaits review, oldest first. */
export async function awaitingReview(ctx: Ctx): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('card_orders')
    .innerJoin('orders', 'orders.id', 'card_orders.order_id')
    .select('card_orders.order_id')
    .where('card_orders.state', '=', 'awaiting_review')
    .where('orders.state', '=', ORDER.pending)
    .orderBy('card_orders.updated_at')
    .limit(1000)
    .execute();
  return rows.map((r) => r.order_id);
}

/** The transfer and receipt of card orders, for the admin's order rows. */
export async function describeCardOrders(ctx: Ctx, orderIds: number[]): Promise<Map<number, AdminCardOrderInfo>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('card_orders')
    .innerJoin('orders', 'orders.id', 'card_orders.order_id')
    .leftJoin('card_receipts', 'card_receipts.order_id', 'card_orders.order_id')
    .select([
      'card_orders.order_id',
      'card_orders.card_id',
      'card_orders.amount',
      'card_orders.state',
      'card_orders.expires_at',
      'card_orders.reason',
      'orders.state as order_state',
      'card_receipts.tracking',
      'card_receipts.image_type',
      'card_receipts.created_at as receipt_at',
    ])
    .where('card_orders.order_id', 'in', orderIds)
    .execute();
  const now = ctx.now();
  return new Map(
    rows.map((r) => [
      r.order_id,
      {
        state: cardStateOf(
          {
            order: { state: r.order_state } as OrderRow,
            card: { ...r, amount: Number(r.amount), result_sealed: null },
          },
          now,
        ),
        cardId: r.card_id,
        amountRials: Number(r.amount),
        tracking: r.tracking ?? null,
        hasImage: r.image_type !== null && r.image_type !== undefined,
        receiptAt: r.receipt_at ?? null,
        reason: r.reason,
      },
    ]),
  );
}

// --- Expiry -----------------------------------------------------------------------------------------

/**
 * Expires the card orders still awaiting their transfer past their time (SEPAR_CARD_TRANSFER_MINUTES):
 * each by a conditional update on its awaiting_transfer state, so a receipt sent at the same moment
 * either wins (and the order awaits review, which never expires) or finds the order expired.
 */
export async function expireCardOrders(ctx: Ctx): Promise<number> {
  const now = ctx.now().toISOString();
  const due = await ctx.db
    .selectFrom('card_orders')
    .select('order_id')
    .where('state', '=', 'awaiting_transfer')
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
  let expired = 0;
  for (const { order_id: orderId } of due) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const card = await trx
        .updateTable('card_orders')
        .set({ state: 'expired', open_amount: null, updated_at: now })
        .where('order_id', '=', orderId)
        .where('state', '=', 'awaiting_transfer')
        .executeTakeFirst();
      if (Number(card.numUpdatedRows) !== 1) return false;
      const order = await trx
        .updateTable('orders')
        .set({ state: ORDER.expired, updated_at: now, failure: 'no transfer receipt in time' })
        .where('id', '=', orderId)
        .where('state', '=', ORDER.pending)
        .executeTakeFirst();
      if (Number(order.numUpdatedRows) === 1)
        await recordEvent(
          trx,
          { id: orderId },
          {
            at: now,
            from: ORDER.pending,
            to: ORDER.expired,
            actor: 'reconcile',
            detail: `no card transfer receipt within ${ctx.config.cardTransferMinutes} minutes`,
          },
        );
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

/** The order row of a card order by id (tests and the CLI's messages). */
export const cardOrderRow = (ctx: Ctx, id: number) => orderById(ctx.db, id);
