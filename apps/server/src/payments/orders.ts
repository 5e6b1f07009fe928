import { randomInt } from 'node:crypto';
import {
  encodePaymentResult,
  isLanguage,
  toPersianDigits,
  type Gateway,
  type Language,
  type PaymentResultPayload,
} from '@separ/domain';
import type { AppContext } from '../context.ts';
import type { OrderRow } from '../db/schema.ts';
import { hashPassword, randomPassword } from '../security/crypto.ts';
import { generateUsername } from '../services/accounts.ts';
import { GatewayError, type GatewayAdapter, type Verification } from './gateways.ts';

/** Order states: the payment states of SPEC §4 (0 pending, 1 failed, 2 paid) plus 3 expired. */
export const ORDER = { pending: 0, failed: 1, paid: 2, expired: 3 } as const;

/** A unique, readable order number: S, the date, and six random digits (e.g. S20260601-482913). */
export function newOrderNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `S${date}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** What the result page is sent, as the payload of SPEC §3. */
export function resultUrl(payload: PaymentResultPayload): string {
  return `/paymentresult?data=${encodePaymentResult(payload)}`;
}

export type CompletionResult =
  | { outcome: 'completed'; username: string; password: string; order: OrderRow }
  | { outcome: 'duplicate'; order: OrderRow };

/**
 * Turns a verified payment into exactly one account: in one transaction, the order moves from pending
 * (or expired: a late payment is still honoured) to paid with a conditional update, and only the
 * request that wins that update creates the account, records the payment and queues the receipt.
 * Every other caller, concurrent or replayed, gets 'duplicate' and creates nothing.
 */
export async function completeOrder(ctx: AppContext, order: OrderRow, refNum: string): Promise<CompletionResult> {
  const plan = await ctx.db.selectFrom('plans').selectAll().where('id', '=', order.plan_id).executeTakeFirst();
  if (!plan) throw new Error(`Order ${order.res_num} names plan ${order.plan_id}, which no longer exists.`);
  // The slow part (scrypt) happens before the transaction, so the transaction stays short.
  const password = randomPassword(12);
  const passwordHash = await hashPassword(password, ctx.secrets.scrypt);
  const passwordEnc = ctx.secrets.box.seal(password);
  if (ctx.config.fault === 'crash-after-verify') process.kill(process.pid, 'SIGKILL');

  const result = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const won = await trx
      .updateTable('orders')
      .set({ state: ORDER.paid, ref_num: refNum, paid_at: now, updated_at: now, failure: null })
      .where('id', '=', order.id)
      .where('state', 'in', [ORDER.pending, ORDER.expired])
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) return null;

    let username = generateUsername();
    for (let i = 0; i < 20; i++) {
      const taken = await trx.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
      if (!taken) break;
      username = generateUsername();
    }
    const user = await trx
      .insertInto('users')
      .values({
        username,
        password_hash: passwordHash,
        password_enc: passwordEnc,
        email: order.email,
        expire_date: null,
        used_mb: 0,
        allowed_mb: Number(plan.allowed_mb),
        allowed_devices: plan.allowed_devices,
        suspend: 0,
        subs_days: plan.subs_days,
        ios: plan.ios,
        plan_id: plan.id,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'username'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('orders').set({ user_id: user.id }).where('id', '=', order.id).execute();
    await trx
      .insertInto('payments')
      .values({
        user_id: user.id,
        res_num: order.res_num,
        ref_num: refNum,
        state: ORDER.paid,
        amount: Number(order.amount),
        plan_id: order.plan_id,
        created_at: now,
      })
      .execute();
    const lng: Language = isLanguage(order.lang) ? order.lang : 'fa';
    const receipt = renderReceipt(ctx, lng, {
      orderId: order.res_num,
      refNum,
      plan: plan.title,
      amountToman: Number(order.amount) / 10,
      username: user.username,
      password,
    });
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
      })
      .execute();
    return user.username;
  });

  const fresh = await ctx.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  if (result === null) return { outcome: 'duplicate', order: fresh };
  return { outcome: 'completed', username: result, password, order: fresh };
}

/** Marks a pending order failed (state 1) for a definitive "not paid" from the gateway. */
export async function failOrder(ctx: AppContext, order: OrderRow, reason: string): Promise<void> {
  const now = ctx.now().toISOString();
  await ctx.db
    .updateTable('orders')
    .set({ state: ORDER.failed, failure: reason.slice(0, 300), updated_at: now })
    .where('id', '=', order.id)
    .where('state', 'in', [ORDER.pending, ORDER.expired])
    .execute();
}

function renderReceipt(
  ctx: AppContext,
  lng: Language,
  data: { orderId: string; refNum: string; plan: string; amountToman: number; username: string; password: string },
) {
  const t = (key: string, vars: Record<string, string | number> = {}) => ctx.texts.t(lng, `email:receipt.${key}`, vars);
  const digits = (value: string) => (lng === 'fa' ? toPersianDigits(value) : value);
  const amount = digits(new Intl.NumberFormat('en-US').format(data.amountToman));
  const panel = `${ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`}/login`;
  const text = [
    t('greeting'),
    '',
    t('intro'),
    '',
    `${t('orderId')}: ${data.orderId}`,
    `${t('refId')}: ${data.refNum}`,
    `${t('plan')}: ${data.plan}`,
    `${t('amount')}: ${t('amountValue', { value: amount })}`,
    `${t('username')}: ${data.username}`,
    `${t('password')}: ${data.password}`,
    '',
    t('start'),
    t('panel', { url: panel }),
    '',
    t('keepSafe'),
    '',
    t('signature'),
  ].join('\n');
  return { subject: t('subject', { orderId: data.orderId }), text };
}

/** Asks the gateway about a payment; a GatewayError means "unknown", never "failed". */
export async function askGateway(
  adapter: GatewayAdapter,
  order: OrderRow,
  mode: 'verify' | 'inquiry',
): Promise<Verification | { kind: 'unknown'; reason: string }> {
  if (!order.authority) return { kind: 'unknown', reason: 'the order has no authority yet' };
  try {
    const input = { authority: order.authority, amount: Number(order.amount), orderId: order.res_num };
    return mode === 'verify' ? await adapter.verify(input) : await adapter.inquiry(input);
  } catch (error) {
    if (error instanceof GatewayError) return { kind: 'unknown', reason: error.message };
    throw error;
  }
}

/** The gateway code an order was placed with. */
export function gateOf(order: OrderRow): Gateway {
  return order.gate === 'spay' ? 'spay' : 'ird';
}
