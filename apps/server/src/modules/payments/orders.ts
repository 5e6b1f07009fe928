import { noteGateway } from './gatewayHealth.ts';
import { randomBytes, randomInt } from 'node:crypto';
import {
  encodePaymentResult,
  isLanguage,
  shopNameIn,
  toPersianDigits,
  type Language,
  type PaymentResultPayload,
} from '@separ/domain';
import { publicOrigin } from '../../platform/config.ts';
// This module's functions take the platform's context with the gateways (adapters.ts).
import type { PaymentsContext as AppContext } from './adapters.ts';
import type { AppContext as PlatformContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import type { Db } from '../../platform/db/index.ts';
import type { OrderRow, PlanRow, UserRow } from '../../platform/db/schema.ts';
import { accountCredentials, insertAccount } from '../accounts/index.ts';
import { getShopSettings } from '../settings/index.ts';
import { GatewayError, type GatewayAdapter, type Verification } from './gateways.ts';
import { renewedTerms } from '../accounts/index.ts';
import { postEntry } from '../wallet/index.ts';
import { settleGrowth } from '../growth/index.ts';

/** The gate of a purchase paid from the buyer's wallet (CONTRACTS §10): no gateway, no money arriving. */
export const WALLET_GATE = 'wallet';

/** Order states: the payment states of SPEC §4 (0 pending, 1 failed, 2 paid) plus 3 expired. */
export const ORDER = { pending: 0, failed: 1, paid: 2, expired: 3 } as const;
export const ORDER_STATE_NAMES = ['pending', 'failed', 'paid', 'expired'] as const;
/** Every state a payment verified as paid may complete: nothing unpaid is final for money that arrived. */
export const UNPAID = [ORDER.pending, ORDER.failed, ORDER.expired];

/**
 * A unique, readable order number: S, the date, and ten random digits (e.g. S20260601-4829137705):
 * 10^10 a day, so the space cannot run out, and the numbers tell nobody how much the shop sells.
 */
export function newOrderNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  const digits = String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 100_000)).padStart(5, '0');
  return `S${date}-${digits}`;
}

/**
 * What the result page is sent, as the payload of SPEC §3, in the URL's fragment (CONTRACTS §15): a
 * new account's password is in it, and no server or proxy log sees a fragment.
 */
export function resultUrl(payload: PaymentResultPayload): string {
  return `/paymentresult#data=${encodePaymentResult(payload)}`;
}

/**
 * The result page's payload of an order (SPEC §3): a new account's credentials; a renewal's
 * username and no password (it did not change); a top-up's tomans and no account.
 */
export function resultPayload(
  order: OrderRow,
  status: PaymentResultPayload['status'],
  credentials?: { username: string; password: string; renewed?: boolean },
): PaymentResultPayload {
  const topup = order.topup_toman !== null && status !== 'failed';
  const renewed = !topup && credentials?.renewed === true;
  return {
    status,
    resnum: order.res_num,
    refnum: order.ref_num ?? '',
    amount: Number(order.amount),
    time: order.paid_at ?? order.updated_at,
    username: topup ? '' : (credentials?.username ?? ''),
    password: topup || renewed ? '' : (credentials?.password ?? ''),
    ...(renewed ? { renewed: 1 as const } : {}),
    ...(topup ? { topup: Number(order.topup_toman) } : {}),
    // An order in dollars (CONTRACTS §12): the cents it was invoiced, for English receipts.
    ...(order.amount_usd_cents !== null && Number(order.amount_usd_cents) > 0
      ? { usd_cents: Number(order.amount_usd_cents) }
      : {}),
  };
}

/** Who moved an order: the buyer, the gateway's return or callback, reconciliation, or an operator. */
export type Actor = 'buyer' | 'return' | 'callback' | 'reconcile' | `operator:${string}`;

/** Adds a line to the order's history (in the caller's transaction, when it has one). */
export async function recordEvent(
  db: Db,
  order: { id: number },
  event: { at: string; from: number | null; to: number; actor: Actor; detail?: string | null },
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: order.id,
      at: event.at,
      from_state: event.from,
      to_state: event.to,
      actor: event.actor,
      detail: event.detail?.slice(0, 500) ?? null,
    })
    .execute();
}

/**
 * How long a claim on an order lasts: long enough for a gateway call and the completion, short
 * enough that reconciliation takes over soon from a process that died holding it.
 */
export function claimLeaseMs(ctx: AppContext): number {
  return 2 * ctx.config.gatewayTimeoutMs + 5_000;
}

/**
 * Claims an unpaid order for the caller: a conditional update that one caller wins while the lease
 * of any earlier claim has run out. Returns the claim's token, or null when somebody else holds it
 * (or the order is paid).
 */
export async function claimOrder(ctx: AppContext, orderId: number): Promise<string | null> {
  const now = ctx.now();
  const token = randomBytes(12).toString('base64url');
  const result = await ctx.db
    .updateTable('orders')
    .set({ claim_token: token, claimed_until: new Date(now.getTime() + claimLeaseMs(ctx)).toISOString() })
    .where('id', '=', orderId)
    .where('state', 'in', UNPAID)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? token : null;
}

/** Gives a claim back (only the holder's own). */
export async function releaseClaim(ctx: AppContext, orderId: number, token: string): Promise<void> {
  await ctx.db
    .updateTable('orders')
    .set({ claim_token: null, claimed_until: null })
    .where('id', '=', orderId)
    .where('claim_token', '=', token)
    .execute();
}

/** What a new order is: its plan (0 for a top-up), buyer, gate and amount, and what it is for. */
export interface NewOrder extends Pick<OrderRow, 'plan_id' | 'email' | 'gate' | 'provider' | 'amount'> {
  renew_user_id?: number | null;
  topup_user_id?: number | null;
  topup_toman?: number | null;
  /** An order in dollars (CONTRACTS §12): its amount in cents and the shop's rate at the time. */
  amount_usd_cents?: number | null;
  toman_per_usd?: number | null;
  /** A discount code (CONTRACTS §12): the code and the tomans it took off `amount`. */
  coupon_code?: string | null;
  discount_toman?: number | null;
  /** The account whose referral link brought the buyer. */
  referrer_user_id?: number | null;
  lang: Language;
  /** The first line of the order's history. */
  detail: string;
}

/**
 * A new pending order with its first event, under a fresh order number. `also` writes what belongs
 * with the order in the same transaction (a card order's row); its own failure, unique clash or not,
 * is the caller's: only a clash of the order number is tried again here.
 */
export async function createOrder(
  ctx: Pick<PlatformContext, 'db' | 'now'>,
  fields: NewOrder,
  also?: (trx: Db, created: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  const { detail, ...values } = fields;
  const now = ctx.now().toISOString();
  for (let attempt = 0; attempt < 10; attempt++) {
    let inserted = false;
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('orders')
          .values({
            renew_user_id: null,
            topup_user_id: null,
            topup_toman: null,
            amount_usd_cents: null,
            toman_per_usd: null,
            ...values,
            result_sealed: null,
            res_num: newOrderNumber(ctx.now()),
            state: ORDER.pending,
            authority: null,
            ref_num: null,
            user_id: null,
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
        inserted = true;
        await recordEvent(trx, created, { at: now, from: null, to: ORDER.pending, actor: 'buyer', detail });
        if (also) await also(trx, created);
        return created;
      });
    } catch (error) {
      if (inserted || !isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not allocate an order number.');
}

export async function orderById(db: Db, id: number): Promise<OrderRow> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export type CompletionResult =
  /**
   * `renewed`: the order extended its account (renew_user_id), whose password stays unknown here ('').
   * `topup`: the order filled its account's wallet with these tomans (no account made or renewed).
   */
  | { outcome: 'completed'; username: string; password: string; renewed: boolean; topup?: number; order: OrderRow }
  | { outcome: 'duplicate'; order: OrderRow };

/**
 * Turns a payment verified as paid into exactly one account: in one transaction, the order moves
 * from any unpaid state (pending, expired, or failed: money that arrived is never refused) to paid
 * with a conditional update — on the caller's claim when it holds one — and only the caller that
 * wins it creates the account, records the payment, queues the receipt and writes the history.
 * Every other caller, concurrent or replayed, gets 'duplicate' and creates nothing. The password is
 * generated, so its hash is the fast one (security/passwords.ts): completion never waits for load.
 *
 * A renewal (the order names an account in renew_user_id) adds the plan to that account instead, in
 * the same transaction and under the same conditional update, so it too happens exactly once: its
 * username, password and subscription link stay, and the receipt carries no password. Should that
 * account be gone by then, the money still buys a new account.
 */
export async function completeOrder(
  ctx: PlatformContext,
  order: OrderRow,
  refNum: string,
  how: {
    actor: Actor;
    detail: string;
    claim?: string;
    /**
     * Paid from the wallet (gate=wallet): these tomans are taken from the account's balance in the
     * same transaction, and nothing happens when the balance is short (`insufficientBalance`).
     */
    fromWallet?: { userId: number; toman: number };
  },
): Promise<CompletionResult> {
  if (order.topup_user_id !== null) return completeTopup(ctx, order, refNum, how);
  const plan = await ctx.db.selectFrom('plans').selectAll().where('id', '=', order.plan_id).executeTakeFirst();
  if (!plan) throw new Error(`Order ${order.res_num} names plan ${order.plan_id}, which no longer exists.`);
  const newCredentials = () => accountCredentials(ctx.secrets);
  // A new account's password is hashed before the transaction (a renewal needs none).
  let credentials = order.renew_user_id === null ? await newCredentials() : null;
  if (ctx.config.fault === 'crash-after-verify') process.kill(process.pid, 'SIGKILL');
  // The shop's name in the receipt: the operator's setting (issue 23 §5).
  const { shopName } = await getShopSettings(ctx);

  const result = await ctx.db.transaction().execute(async (trx) => {
    const at = ctx.now();
    const now = at.toISOString();
    const won = await markPaid(ctx, trx, order, refNum, how, now);
    if (!won) return null;
    const { from, renewUserId } = won;
    // The wallet pays first: a short balance throws and the whole transaction, the order's move
    // included, is undone.
    if (how.fromWallet)
      await postEntry(trx, ctx, {
        userId: how.fromWallet.userId,
        kind: 'purchase',
        amount: -how.fromWallet.toman,
        ref: order.res_num,
      });

    const lng: Language = isLanguage(order.lang) ? order.lang : 'fa';
    /** The paid order given its account: the payment, the receipt queued and the order's event. */
    const settle = async (
      account: { id: number; username: string },
      receiptTerms: { password: string | null; until?: string | null; pendingDays?: number },
      what: string,
    ) => {
      await trx.updateTable('orders').set({ user_id: account.id }).where('id', '=', order.id).execute();
      await recordPayment(trx, order, account.id, refNum, now);
      // The discount code's use counted and the referrer paid (CONTRACTS §12), once with the order.
      const growth = await settleGrowth(trx, ctx, order, { accountId: account.id, fromWallet: !!how.fromWallet });
      const receipt = renderReceipt(ctx, lng, {
        shop: shopNameIn(shopName, lng),
        orderId: order.res_num,
        refNum,
        plan: plan.title,
        amountToman: Number(order.amount) / 10,
        amountUsdCents: order.amount_usd_cents === null ? null : Number(order.amount_usd_cents),
        username: account.username,
        ...receiptTerms,
      });
      await queueReceipt(ctx, trx, order, receipt, now);
      await recordEvent(trx, order, {
        at: now,
        from,
        to: ORDER.paid,
        actor: how.actor,
        detail: `${how.detail}; ref ${refNum}; account ${account.username}${what}${growth}`,
      });
      await emitEvent(trx, now, `order.paid:${order.res_num}`, {
        kind: 'order.paid',
        data: {
          resNum: order.res_num,
          gate: order.gate,
          amount: Number(order.amount),
          toman: Number(order.amount) / 10,
          username: account.username,
          renewed: receiptTerms.password === null,
          plan: plan.title,
        },
      });
    };
    const renewing = renewUserId === null ? undefined : await renewAccount(ctx, trx, renewUserId, plan);
    if (renewing) {
      await settle(
        renewing,
        { password: null, until: renewing.expire_date, pendingDays: renewing.subs_days },
        ' renewed',
      );
      return { username: renewing.username, from, renewed: true, password: '' };
    }

    credentials ??= await newCredentials();
    const { password } = credentials;
    const user = await insertAccount(
      trx,
      credentials,
      {
        email: order.email,
        allowedMB: Number(plan.allowed_mb),
        allowedDevices: plan.allowed_devices,
        subsDays: plan.subs_days,
        ios: plan.ios,
        planId: plan.id,
      },
      at,
    );
    await settle(user, { password }, renewUserId === null ? '' : ' (the account to renew was gone: a new one)');
    return { username: user.username, from, renewed: false, password };
  });

  const fresh = await orderById(ctx.db, order.id);
  if (result === null) return { outcome: 'duplicate', order: fresh };
  if (result.from === ORDER.failed || result.from === ORDER.expired) {
    ctx.log.warn(
      { order: order.res_num, was: ORDER_STATE_NAMES[result.from], by: how.actor },
      `a ${ORDER_STATE_NAMES[result.from]} order was verified as paid: completed, ${result.renewed ? 'account renewed' : 'account created'}`,
    );
  }
  return {
    outcome: 'completed',
    username: result.username,
    password: result.password,
    renewed: result.renewed,
    order: fresh,
  };
}

/**
 * The one move of an unpaid order to paid, in the caller's transaction: a conditional update (on
 * the caller's claim when it holds one) that only one caller wins. Returns the state it left and
 * the account a renewal names, or null when another caller won.
 */
async function markPaid(
  ctx: Pick<PlatformContext, 'database'>,
  trx: Db,
  order: OrderRow,
  refNum: string,
  how: { detail: string; claim?: string },
  now: string,
): Promise<{ from: number; renewUserId: number | null } | null> {
  let before = trx.selectFrom('orders').select(['state', 'renew_user_id']).where('id', '=', order.id);
  if (ctx.database.kind === 'postgres') before = before.forUpdate();
  const { state: from, renew_user_id: renewUserId } = await before.executeTakeFirstOrThrow();
  let update = trx
    .updateTable('orders')
    .set({ state: ORDER.paid, ref_num: refNum, paid_at: now, updated_at: now, failure: null, last_answer: how.detail })
    .where('id', '=', order.id)
    .where('state', 'in', UNPAID);
  if (how.claim) update = update.where('claim_token', '=', how.claim);
  const won = await update.executeTakeFirst();
  return Number(won.numUpdatedRows) === 1 ? { from, renewUserId } : null;
}

/**
 * Completes a wallet top-up exactly once, as completeOrder does a purchase: the same conditional
 * move to paid (on the caller's claim), and in the same transaction one `topup` entry of the order's
 * tomans for its account (the ledger's (user, kind, ref) index would refuse a second one anyway),
 * the payment in the account's history and the order's event. No account is made and no receipt sent.
 */
async function completeTopup(
  ctx: PlatformContext,
  order: OrderRow,
  refNum: string,
  how: { actor: Actor; detail: string; claim?: string },
): Promise<CompletionResult> {
  const userId = order.topup_user_id as number;
  const toman = Number(order.topup_toman);
  const { shopName } = await getShopSettings(ctx);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const won = await markPaid(ctx, trx, order, refNum, how, now);
    if (!won) return null;
    const { from } = won;
    const user = await trx.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
    // The account is gone (removed by an operator): the money is kept on the order, for a refund by hand.
    if (user) {
      const entry = await postEntry(trx, ctx, { userId, kind: 'topup', amount: toman, ref: order.res_num });
      await trx.updateTable('orders').set({ user_id: userId }).where('id', '=', order.id).execute();
      await recordPayment(trx, order, userId, refNum, now);
      // The receipt, to the account's e-mail when it has one.
      if (order.email) {
        const lng: Language = isLanguage(order.lang) ? order.lang : 'fa';
        const receipt = renderTopupReceipt(ctx, lng, {
          shop: shopNameIn(shopName, lng),
          orderId: order.res_num,
          refNum,
          amountToman: toman,
          amountUsdCents: order.amount_usd_cents === null ? null : Number(order.amount_usd_cents),
          username: user.username,
          balanceToman: entry.balance,
        });
        await queueReceipt(ctx, trx, order, receipt, now);
      }
    }
    await recordEvent(trx, order, {
      at: now,
      from,
      to: ORDER.paid,
      actor: how.actor,
      detail: `${how.detail}; ref ${refNum}; ${user ? `wallet of ${user.username} topped up by ${toman} tomans` : `the account ${userId} is gone: refund ${toman} tomans by hand`}`,
    });
    await emitEvent(trx, now, `order.paid:${order.res_num}`, {
      kind: 'order.paid',
      data: {
        resNum: order.res_num,
        gate: order.gate,
        amount: Number(order.amount),
        toman: Number(order.amount) / 10,
        username: user?.username ?? '',
        renewed: false,
        topup: toman,
      },
    });
    return { username: user?.username ?? '' };
  });
  const fresh = await orderById(ctx.db, order.id);
  if (result === null) return { outcome: 'duplicate', order: fresh };
  return { outcome: 'completed', username: result.username, password: '', renewed: false, topup: toman, order: fresh };
}

/**
 * Adds the plan to the account a renewal names (renewal.ts), its row locked on PostgreSQL for the
 * update; undefined when that account no longer exists.
 */
async function renewAccount(
  ctx: PlatformContext,
  trx: Db,
  userId: number,
  plan: PlanRow,
): Promise<Pick<UserRow, 'id' | 'username' | 'expire_date' | 'subs_days'> | undefined> {
  let query = trx
    .selectFrom('users')
    .select(['id', 'username', 'expire_date', 'subs_days', 'allowed_mb', 'allowed_devices', 'ios'])
    .where('id', '=', userId);
  if (ctx.database.kind === 'postgres') query = query.forUpdate();
  const user = await query.executeTakeFirst();
  if (!user) return undefined;
  const now = ctx.now();
  const terms = renewedTerms(user, plan, now);
  await trx
    .updateTable('users')
    .set({ ...terms, updated_at: now.toISOString() })
    .where('id', '=', user.id)
    .execute();
  return { id: user.id, username: user.username, expire_date: terms.expire_date, subs_days: terms.subs_days };
}

async function recordPayment(trx: Db, order: OrderRow, userId: number, refNum: string, now: string) {
  await trx
    .insertInto('payments')
    .values({
      user_id: userId,
      res_num: order.res_num,
      ref_num: refNum,
      state: ORDER.paid,
      amount: Number(order.amount),
      plan_id: order.plan_id,
      created_at: now,
    })
    .execute();
}

async function queueReceipt(
  ctx: PlatformContext,
  trx: Db,
  order: OrderRow,
  receipt: { subject: string; text: string },
  now: string,
) {
  await trx
    .insertInto('outbox')
    .values({
      kind: 'receipt',
      recipient: order.email,
      subject: receipt.subject,
      body_sealed: ctx.secrets.box.seal(receipt.text),
      order_id: order.id,
      attempts: 0,
      last_error: null,
      created_at: now,
      sent_at: null,
      claimed_until: null,
    })
    .execute();
}

/**
 * Moves an unpaid order to failed or expired (or records an answer that changes nothing), with
 * the gateway's words in its history. Conditional on the caller's claim when it holds one.
 */
export async function moveOrder(
  ctx: PlatformContext,
  order: OrderRow,
  to: number,
  how: { actor: Actor; detail: string; claim?: string; from?: readonly number[] },
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    let update = trx
      .updateTable('orders')
      .set({
        state: to,
        updated_at: now,
        last_answer: how.detail.slice(0, 500),
        ...(to === ORDER.pending ? {} : { failure: how.detail.slice(0, 300) }),
      })
      .where('id', '=', order.id)
      .where('state', 'in', how.from ?? [ORDER.pending, ORDER.expired]);
    if (how.claim) update = update.where('claim_token', '=', how.claim);
    const moved = Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
    if (moved) await recordEvent(trx, order, { at: now, from: order.state, to, actor: how.actor, detail: how.detail });
    return moved;
  });
}

/** The receipts' words in a language: their texts, Persian digits in Persian, and the amount's line. */
function receiptWords(ctx: PlatformContext, lng: Language, shop: string) {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    ctx.texts.t(lng, `email:receipt.${key}`, { shop, ...vars });
  const digits = (value: string) => (lng === 'fa' ? toPersianDigits(value) : value);
  const toman = (value: number) => digits(new Intl.NumberFormat('en-US').format(value));
  /** In dollars: English leads with the dollars, Persian with the tomans, each with the other beside. */
  const amountLine = (amountToman: number, usdCents?: number | null) => {
    const value = toman(amountToman);
    const usd = usdCents
      ? digits(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(usdCents / 100))
      : null;
    return `${t('amount')}: ${usd ? t('amountUsdValue', { value, usd }) : t('amountValue', { value })}`;
  };
  return { t, digits, toman, amountLine };
}

/**
 * The receipt e-mail: a new account's with its credentials; a renewal's (password null) with the
 * account's new expiry (or its pending days) and no password.
 */
function renderReceipt(
  ctx: PlatformContext,
  lng: Language,
  data: {
    shop: string;
    orderId: string;
    refNum: string;
    plan: string;
    amountToman: number;
    /** An order in dollars (CONTRACTS §12): the cents it was invoiced; the amount then says both. */
    amountUsdCents?: number | null;
    username: string;
    password: string | null;
    until?: string | null;
    pendingDays?: number;
  },
) {
  const { t, digits, amountLine } = receiptWords(ctx, lng, data.shop);
  const panel = `${publicOrigin(ctx.config)}/login`;
  const renewal = data.password === null;
  const term = !renewal
    ? []
    : data.pendingDays
      ? [t('renewedPending', { days: digits(String(data.pendingDays)) })]
      : data.until
        ? [
            t('renewedUntil', {
              date: new Intl.DateTimeFormat(lng === 'fa' ? 'fa-IR' : 'en-GB', {
                dateStyle: 'long',
                timeZone: 'Asia/Tehran',
              }).format(new Date(data.until)),
            }),
          ]
        : [];
  const text = [
    t('greeting'),
    '',
    renewal ? t('introRenewed') : t('intro'),
    '',
    `${t('orderId')}: ${data.orderId}`,
    `${t('refId')}: ${data.refNum}`,
    `${t('plan')}: ${data.plan}`,
    amountLine(data.amountToman, data.amountUsdCents),
    `${t('username')}: ${data.username}`,
    ...(renewal ? [] : [`${t('password')}: ${data.password}`]),
    '',
    ...(renewal ? [...term, t('renewedSame')] : [t('start')]),
    t('panel', { url: panel }),
    '',
    t('keepSafe'),
    '',
    t('signature'),
  ].join('\n');
  return { subject: t(renewal ? 'subjectRenewed' : 'subject', { orderId: data.orderId }), text };
}

/** A wallet top-up's receipt (CONTRACTS §10): the tomans added and the balance they made. */
function renderTopupReceipt(
  ctx: PlatformContext,
  lng: Language,
  data: {
    shop: string;
    orderId: string;
    refNum: string;
    amountToman: number;
    amountUsdCents?: number | null;
    username: string;
    balanceToman: number;
  },
) {
  const { t, toman, amountLine } = receiptWords(ctx, lng, data.shop);
  const text = [
    t('greeting'),
    '',
    t('introTopup', { value: toman(data.amountToman) }),
    '',
    `${t('orderId')}: ${data.orderId}`,
    `${t('refId')}: ${data.refNum}`,
    amountLine(data.amountToman, data.amountUsdCents),
    `${t('username')}: ${data.username}`,
    `${t('balance')}: ${t('amountValue', { value: toman(data.balanceToman) })}`,
    '',
    t('panelWallet', { url: `${publicOrigin(ctx.config)}/panel/wallet` }),
    '',
    t('signature'),
  ].join('\n');
  return { subject: t('subjectTopup', { orderId: data.orderId }), text };
}

/**
 * Asks the gateway about a payment; a GatewayError (timeout, garbage) is "unknown", never "failed".
 * With `ctx`, what the call came to counts toward the gateway's failures in a row (gatewayHealth.ts).
 */
export async function askGateway(
  adapter: GatewayAdapter | null,
  order: OrderRow,
  ctx?: AppContext,
): Promise<Verification> {
  if (!adapter) return { kind: 'unknown', detail: `no gateway configured for ${order.provider}` };
  if (!order.authority) return { kind: 'unknown', detail: 'the order has no authority' };
  try {
    const answer = await adapter.verify({
      authority: order.authority,
      amount: Number(order.amount),
      orderId: order.res_num,
      usdCents: order.amount_usd_cents === null ? null : Number(order.amount_usd_cents),
    });
    if (ctx) await noteGateway(ctx, adapter.provider, null);
    return answer;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (ctx) await noteGateway(ctx, adapter.provider, error.message);
    return { kind: 'unknown', detail: `${order.provider}: ${error.message}` };
  }
}

/** Keeps a paid order's result for its payer's return, sealed (the credentials are in it). */
async function keepResult(ctx: PlatformContext, order: OrderRow, payload: PaymentResultPayload): Promise<void> {
  await ctx.db
    .updateTable('orders')
    .set({ result_sealed: ctx.secrets.box.seal(encodePaymentResult(payload)) })
    .where('id', '=', order.id)
    .execute();
}

/**
 * Takes a paid order's kept result, once: a conditional update that one caller wins. Returns the
 * payload (as the result page's `data`), or null when there is none (taken, or never kept).
 */
export async function takeResult(ctx: PlatformContext, order: OrderRow): Promise<string | null> {
  const row = await ctx.db.selectFrom('orders').select('result_sealed').where('id', '=', order.id).executeTakeFirst();
  if (!row?.result_sealed) return null;
  const taken = await ctx.db
    .updateTable('orders')
    .set({ result_sealed: null })
    .where('id', '=', order.id)
    .where('result_sealed', '=', row.result_sealed)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  try {
    return ctx.secrets.box.open(row.result_sealed);
  } catch {
    // A key changed since: the credentials went by e-mail; the page shows the order.
    return null;
  }
}

/** What settling an order came to. */
export type Settlement =
  | { outcome: 'completed'; order: OrderRow; username: string; password: string; renewed: boolean; topup?: number }
  | { outcome: 'duplicate'; order: OrderRow }
  | { outcome: 'failed' | 'pending' | 'unknown'; order: OrderRow; detail: string }
  /** Another request or process holds the order's claim and is settling it now. */
  | { outcome: 'busy'; order: OrderRow };

/**
 * Settles an order with its gateway, the one path for the payer's return and for reconciliation:
 * a paid order answers 'duplicate' at once (no gateway call, no hash); otherwise the caller claims
 * the order, and only the claim's holder asks the gateway and acts on the answer — completes, fails,
 * or leaves it open with the answer in its history — so concurrent returns cost one verification
 * and one hash between them.
 */
export async function settle(ctx: AppContext, order: OrderRow, actor: Actor): Promise<Settlement> {
  if (order.state === ORDER.paid) return { outcome: 'duplicate', order };
  const claim = await claimOrder(ctx, order.id);
  if (!claim) {
    const fresh = await orderById(ctx.db, order.id);
    return fresh.state === ORDER.paid ? { outcome: 'duplicate', order: fresh } : { outcome: 'busy', order: fresh };
  }
  try {
    const answer = await askGateway(ctx.adapterByProvider(order.provider), order, ctx);
    if (answer.kind === 'paid') {
      const done = await completeOrder(ctx, order, answer.refNum, { actor, detail: answer.detail, claim });
      if (done.outcome === 'completed') {
        // An order in dollars is mostly completed by its gateway's callback, before the payer is
        // back: its result, credentials and all, waits sealed for the payer's return (shown once).
        if (order.amount_usd_cents !== null)
          await keepResult(ctx, done.order, resultPayload(done.order, 'success', done));
        return {
          outcome: 'completed',
          order: done.order,
          username: done.username,
          password: done.password,
          renewed: done.renewed,
          ...(done.topup ? { topup: done.topup } : {}),
        };
      }
      // Not ours to complete: paid by another, or our lease ran out and another holds the order now.
      return done.order.state === ORDER.paid
        ? { outcome: 'duplicate', order: done.order }
        : { outcome: 'busy', order: done.order };
    }
    if (answer.kind === 'failed') {
      await moveOrder(ctx, order, ORDER.failed, { actor, detail: answer.detail, claim });
    } else {
      await moveOrder(ctx, order, order.state, { actor, detail: answer.detail, claim, from: [order.state] });
    }
    return { outcome: answer.kind, order: await orderById(ctx.db, order.id), detail: answer.detail };
  } finally {
    await releaseClaim(ctx, order.id, claim);
  }
}
