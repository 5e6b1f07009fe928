import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OXAPAY_CALLBACK_ANSWER, PAYMENT_ROUTES } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import type { OrderRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { serve } from '../../platform/http/contract.ts';
import type { PaymentsContext } from './adapters.ts';
import { nowpaymentsSignatureValid, oxapaySignatureValid } from './gateways.ts';
import { ORDER, settle, UNPAID } from './orders.ts';

/** The largest callback body read (the gateways send a few hundred bytes). */
const CALLBACK_BODY_LIMIT = 64 * 1024;

/**
 * The key of a crypto order's return URL: a MAC of the order number under the shop's secret key. The
 * return shows the new account's credentials only to the holder of the URL the gateway was given.
 */
export function returnKey(ctx: Pick<AppContext, 'secrets'>, resNum: string): string {
  return ctx.secrets.box.mac('crypto-return', resNum);
}

export function returnKeyValid(ctx: Pick<AppContext, 'secrets'>, resNum: string, key: unknown): boolean {
  if (typeof key !== 'string' || key.length > 200) return false;
  const a = Buffer.from(key);
  const b = Buffer.from(returnKey(ctx, resNum));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A field of the callback as text (a number too), or null. */
function text(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (typeof value === 'string' && value !== '' && value.length <= 100) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/** The body's bytes (none when the request had none). */
const bytesOf = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/** The callback's JSON object, or `invalidJson`. */
function objectOf(raw: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('invalidJson');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new AppError('invalidJson');
  return parsed as Record<string, unknown>;
}

/**
 * The crypto gateways' callbacks (CONTRACTS §12), in a scope of their own that keeps each body as
 * its raw text: OxaPay signs the bytes it sent. A callback is believed only when its signature is
 * valid, and even then it only makes us ask the gateway: the order completes (exactly once, through
 * `settle`, the return's and reconciliation's path) when the gateway's own status call says paid for
 * the order's dollars. Refusals are JSON 4xx; a replay of a paid order changes nothing.
 */
export async function cryptoCallbackRoutes(app: FastifyInstance, ctx: PaymentsContext) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body's bytes as they came: OxaPay signs those, and JSON.parse reads them after.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    /**
     * Settles an order a believed callback names, unless it is paid already. A callback that finds
     * the order being settled (by a parallel callback, the payer's return or reconciliation) leaves
     * it to that one.
     */
    const settleFor = async (order: OrderRow, gate: string) => {
      if (order.state === ORDER.paid) return;
      const result = await settle(ctx, order, 'callback');
      if (result.outcome === 'completed')
        ctx.log.info({ order: order.res_num, gate }, 'order paid on the gateway callback');
      else if (result.outcome !== 'duplicate' && result.outcome !== 'busy')
        ctx.log.info(
          { order: order.res_num, gate, answer: result.outcome, detail: result.detail },
          'gateway callback: the gateway does not call the order paid; it stays open',
        );
    };

    serve(scope, PAYMENT_ROUTES.oxapayCallback, async (request, reply) => {
      const merchantKey = ctx.config.crypto.oxapay.merchantKey;
      if (!merchantKey || !ctx.adapterFor('oxapay')) throw new AppError('noSuchGateway');
      const raw = bytesOf(request.body);
      if (!oxapaySignatureValid(raw, request.headers.hmac, merchantKey)) {
        request.log.warn('OxaPay callback with a missing or wrong signature refused');
        throw new AppError('invalidSignature');
      }
      const body = objectOf(raw);
      const trackId = text(body, 'track_id');
      const orderId = text(body, 'order_id');
      if (!trackId && !orderId) throw new AppError('unknownPayment');
      const order = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('gate', '=', 'oxapay')
        .where(trackId ? 'authority' : 'res_num', '=', (trackId ?? orderId) as string)
        .executeTakeFirst();
      if (!order || (orderId && trackId && order.res_num !== orderId)) throw new AppError('unknownPayment');
      await settleFor(order, 'oxapay');
      return reply.code(200).type('text/plain; charset=utf-8').send(OXAPAY_CALLBACK_ANSWER);
    });

    serve(scope, PAYMENT_ROUTES.nowpaymentsCallback, async (request) => {
      const ipnSecret = ctx.config.crypto.nowpayments.ipnSecret;
      if (!ipnSecret || !ctx.adapterFor('nowpayments')) throw new AppError('noSuchGateway');
      const body = objectOf(bytesOf(request.body));
      if (!nowpaymentsSignatureValid(body, request.headers['x-nowpayments-sig'], ipnSecret)) {
        request.log.warn('NOWPayments IPN with a missing or wrong signature refused');
        throw new AppError('invalidSignature');
      }
      const orderId = text(body, 'order_id');
      const paymentId = text(body, 'payment_id');
      const order = orderId
        ? await ctx.db
            .selectFrom('orders')
            .selectAll()
            .where('gate', '=', 'nowpayments')
            .where('res_num', '=', orderId)
            .executeTakeFirst()
        : undefined;
      if (!order) throw new AppError('unknownPayment');
      if (order.state === ORDER.paid) return { ok: true as const };
      // The IPN names the payment made against the order's invoice: from now on the gateway is
      // asked about that payment (NOWPayments' status call takes a payment, not an invoice).
      let named = order;
      if (paymentId && /^[\w.-]{1,64}$/.test(paymentId) && order.authority !== paymentId) {
        await ctx.db
          .updateTable('orders')
          .set({ authority: paymentId, updated_at: ctx.now().toISOString() })
          .where('id', '=', order.id)
          .where('state', 'in', UNPAID)
          .execute();
        named = { ...order, authority: paymentId };
      }
      await settleFor(named, 'nowpayments');
      return { ok: true as const };
    });
  });
}
