import { noteGateway } from './gatewayHealth.ts';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAYMENT_ROUTES, PURCHASE_LIMITS, WALLET_ROUTES } from '@separ/domain/contract';
import {
  centsText,
  isCryptoGate,
  isGateway,
  usdCents,
  SANDBOX_CRYPTO_GATE,
  type CryptoGate,
  isValidEmail,
  parsePriceMap,
  PRICE_KEY,
  toLatinDigits,
  toPersianDigits,
  type Language,
  HOUR_MS,
} from '@separ/domain';
import { newNonce } from '../../platform/http/headers.ts';
import type { AppContext } from '../../platform/context.ts';
import type { OrderRow, PlanRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, tooManyAttempts } from '../../platform/errors.ts';
import { param, requiredParam } from '../../platform/http/params.ts';
import { serve, type ContractRequest } from '../../platform/http/contract.ts';
import { clientKey } from '../../platform/http/clientKey.ts';
import { cryptoActive, gatewayActive, type CardGate, type OrderPrice, type PaymentsContext } from './adapters.ts';
import { quoteCoupon, referrerOf } from '../growth/index.ts';
import { languageOf } from '../../platform/http/language.ts';
import { countAttempts } from '../../platform/security/throttle.ts';
import { GatewayError, isSandboxCryptoAuthority, type GatewayAdapter } from './gateways.ts';
import { cryptoCallbackRoutes, returnKey, returnKeyValid } from './callbacks.ts';
import { buyFromWallet } from './fromWallet.ts';
import { maskEmail } from '../../platform/log.ts';
import {
  createOrder,
  WALLET_GATE,
  moveOrder,
  type NewOrder,
  ORDER,
  orderById,
  resultPayload,
  resultUrl,
  settle,
  takeResult,
  type Settlement,
} from './orders.ts';
import { forgetRenewLink, renewalTarget, requireUser, sessionToken, userForSession } from '../accounts/index.ts';
import { currentShopSettings } from '../settings/index.ts';
import { planOnSale } from '../catalog/index.ts';

function originOf(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A gate's flag in the gateway status: 1 when it may be chosen. */
const flag = (active: boolean): 0 | 1 => (active ? 1 : 0);

/** The gate name of card-to-card transfers (CONTRACTS §11). */
const CARD_GATE = 'card';

/** What a card order's answer says, beside its transfer page's URL. */
const CARD_MESSAGE = 'Transfer the amount to the card shown, then send the receipt.';

/** How long a return waits for another process that is settling the same order. */
const BUSY_WAIT_MS = 8_000;

/** Purchase (SPEC §7), the gateway return and the sandbox bank (CONTRACTS §3). */
export async function paymentRoutes(app: FastifyInstance, ctx: PaymentsContext) {
  serve(app, PAYMENT_ROUTES.gateways, async () => ({
    ok: true as const,
    code: 200,
    message: 'OK',
    ird_auto_active: flag(gatewayActive(ctx, 'ird')),
    spay_auto_active: flag(gatewayActive(ctx, 'spay')),
    wallet_active: flag((await currentShopSettings(ctx)).settings.walletEnabled),
    // Card-to-card (CONTRACTS §11): while an enabled card exists.
    card_active: flag((await ctx.cardGate?.active(ctx)) ?? false),
    // The crypto gates (CONTRACTS §12): their keys, and the shop's tomanPerUsd.
    oxapay_active: flag(await cryptoActive(ctx, 'oxapay')),
    nowpayments_active: flag(await cryptoActive(ctx, 'nowpayments')),
    // The sandbox crypto page (issue 31): not in production, the rate set, no crypto gateway's keys.
    crypto_sandbox_active: flag(await cryptoActive(ctx, SANDBOX_CRYPTO_GATE)),
  }));

  /**
   * The settlements running in this process, by order: a second return of an order that is being
   * settled here waits for the first instead of claiming it, and then answers duplicate.
   */
  const settling = new Map<number, Promise<Settlement>>();

  // The fields come from the query (as the spec's clients send them) or the body; the handler checks
  // them itself, in the spec's words and order (PAYMENT_ROUTES.purchase).
  serve(app, PAYMENT_ROUTES.purchase, async (request) => {
    const planId = Number(requiredParam(request, 'plan_id', PURCHASE_LIMITS.plan_id));
    // Paying from the wallet (CONTRACTS §10) needs no e-mail: the account is the session's.
    const fromWallet = param(request, 'gate') === WALLET_GATE;
    const email = fromWallet
      ? (param(request, 'email') ?? '').trim()
      : requiredParam(request, 'email', PURCHASE_LIMITS.email).trim();
    if (email.length > PURCHASE_LIMITS.email) throw new AppError('parameterTooLong', { name: 'email' });
    const gate = requiredParam(request, 'gate', PURCHASE_LIMITS.gate);
    const plan = await planOnSale(ctx.db, planId);
    if (!plan) throw new AppError('planNotFound');
    if ((email || !fromWallet) && !isValidEmail(email)) throw new AppError('invalidEmail');
    // A discount code and a referrer (CONTRACTS §12) go with any gate.
    const coupon = couponParam(request);
    const referrerId = await referrerOf(ctx, request);
    if (fromWallet) return payFromWallet(request, plan, email, coupon, referrerId);
    // Card-to-card (CONTRACTS §11): the cards module's order, with its unique amount (of the discounted price).
    const byCard = gate === CARD_GATE ? await activeCardGate() : null;
    if (!byCard && !isGateway(gate) && !isCryptoGate(gate)) throw new AppError('unknownGateway');
    const price = await priceOf(request, plan, email, coupon);
    const { adapter, dollars } = byCard ? { adapter: null, dollars: {} } : await gateFor(gate, price.toman);
    await countOrder(request, `email:${email.toLowerCase()}`);

    // A renewal (issue #24): the logged-in buyer's account, else a followed renew link's (a session
    // outranks a link, CONTRACTS §15);
    // `renew=0` buys a new account all the same.
    const renewal = param(request, 'renew') === '0' ? null : await renewalTarget(ctx, request);
    const renewing = renewal ? `, renewing ${renewal.user.username} (${renewal.via})` : '';
    const discounted = price.couponCode ? `, code ${price.couponCode} -${price.discount} tomans` : '';
    const renew = renewal ? { renew: { username: renewal.user.username } } : {};
    const fields = {
      plan_id: plan.id,
      email,
      renew_user_id: renewal?.user.id ?? null,
      coupon_code: price.couponCode,
      discount_toman: price.discount,
      referrer_user_id: referrerId,
    };
    if (byCard) {
      const { order } = await byCard.open(ctx, {
        ...fields,
        tomans: price.toman,
        lang: langOf(request),
        detail: `ordered plan ${plan.id}${renewing}${discounted}`,
      });
      return { ok: true as const, url: cardOrderUrl(request, order), message: CARD_MESSAGE, ...renew };
    }
    const order = await insertOrder(request, {
      ...fields,
      gate,
      provider: adapter!.provider,
      amount: price.toman * 10,
      ...dollars,
      detail: `ordered plan ${plan.id} through ${gate} (${adapter!.provider})${dollarsNote(dollars)}${renewing}${discounted}`,
    });
    const url = await toGateway(request, order, adapter!, `Separ VPN — ${plan.title}`);
    return { ok: true as const, url, message: 'Redirecting to the payment gateway.', ...renew };
  });

  /** The card gate while the shop has an enabled card; refused otherwise. */
  async function activeCardGate(): Promise<CardGate> {
    if (!ctx.cardGate || !(await ctx.cardGate.active(ctx))) throw new AppError('gatewayUnavailable');
    return ctx.cardGate;
  }

  const cardOrderUrl = (request: FastifyRequest, order: OrderRow) =>
    `${originOf(ctx, request)}/payment/card/${order.res_num}`;

  const langOf = (request: FastifyRequest): Language =>
    languageOf(request.headers.cookie, (request.query as { lng?: unknown }).lng);

  /** The purchase's discount code, if one is given (blank: none). */
  function couponParam(request: FastifyRequest): string | null {
    const given = param(request, 'coupon');
    if (given === undefined || given.trim() === '') return null;
    if (given.length > 64) throw new AppError('parameterTooLong', { name: 'coupon' });
    return given;
  }

  /**
   * A plan's toman price for this purchase: after the discount code when one is given (refused with
   * the code's reason when it does not apply: per buyer and first purchase by the signed-in
   * account, else by the e-mail).
   */
  async function priceOf(
    request: FastifyRequest,
    plan: PlanRow,
    email: string,
    coupon: string | null,
  ): Promise<OrderPrice> {
    const listed = parsePriceMap(plan.price_toman)[PRICE_KEY] as number;
    if (!coupon) return { toman: listed, couponCode: null, discount: null };
    const token = sessionToken(request);
    const user = token && token.length <= 200 ? await userForSession(ctx.db, token, ctx.now()) : undefined;
    const quote = await quoteCoupon(ctx, {
      code: coupon,
      planId: plan.id,
      price: listed,
      buyer: user ? { userId: user.id, email: null } : { userId: null, email },
    });
    return { toman: quote.price, couponCode: quote.code, discount: quote.discount };
  }

  /**
   * Each payment request writes an order (and most call a gateway): counted per client and per
   * e-mail or account, refused beyond the shop's limits.
   */
  async function countOrder(request: FastifyRequest, who: string): Promise<void> {
    const { perIpPerHour, perEmailPerHour } = ctx.config.orderLimits;
    const [byIp, byWho] = await countAttempts(
      ctx.db,
      [
        { key: `order:ip:${clientKey(request.ip)}`, limit: perIpPerHour, windowMs: HOUR_MS },
        { key: `order:${who}`, limit: perEmailPerHour, windowMs: HOUR_MS },
      ],
      ctx.now(),
    );
    if (byIp!.blocked || byWho!.blocked)
      throw tooManyAttempts(Math.max(byIp!.retryAfterSeconds, byWho!.retryAfterSeconds), 'payment requests');
  }

  /**
   * The adapter of a gate the buyer may choose now (else `unknownGateway` or `gatewayUnavailable`),
   * and for a crypto gate (CONTRACTS §12, and the sandbox crypto page) the order's dollars at the shop's rate.
   */
  async function gateFor(
    gate: string,
    toman: number,
  ): Promise<{
    adapter: GatewayAdapter;
    dollars: { amount_usd_cents: number; toman_per_usd: number } | Record<string, never>;
  }> {
    if (isCryptoGate(gate)) {
      const adapter = (await cryptoActive(ctx, gate)) ? ctx.adapterFor(gate) : null;
      const rate = (await currentShopSettings(ctx)).settings.tomanPerUsd;
      const cents = usdCents(toman, rate);
      if (!adapter || !cents) throw new AppError('gatewayUnavailable');
      return { adapter, dollars: { amount_usd_cents: cents, toman_per_usd: rate } };
    }
    if (!isGateway(gate)) throw new AppError('unknownGateway');
    const adapter = gatewayActive(ctx, gate) ? ctx.adapterFor(gate) : null;
    if (!adapter) throw new AppError('gatewayUnavailable');
    return { adapter, dollars: {} };
  }

  /** The order's dollars in its first history line. */
  const dollarsNote = (dollars: { amount_usd_cents?: number; toman_per_usd?: number }) =>
    dollars.amount_usd_cents
      ? `, ${centsText(dollars.amount_usd_cents)} USD at ${dollars.toman_per_usd} tomans a dollar`
      : '';

  /** A new pending order in the request's language. */
  const insertOrder = (request: FastifyRequest, fields: Omit<NewOrder, 'lang'>) =>
    createOrder(ctx, { ...fields, lang: langOf(request) });

  /**
   * Asks the order's gateway for a payment and answers the URL the payer goes to. A gateway that
   * fails the request fails the order at once (the payer never reached the bank: nothing was paid).
   */
  async function toGateway(
    request: FastifyRequest,
    order: OrderRow,
    adapter: GatewayAdapter,
    description: string,
  ): Promise<string> {
    const origin = originOf(ctx, request);
    const callbackUrl = `${origin}/payment/callback/${order.gate}`;
    try {
      const { authority, url } = await adapter.request({
        amount: Number(order.amount),
        orderId: order.res_num,
        callbackUrl,
        description,
        email: order.email,
        origin,
        // A crypto gateway invoices in dollars and brings the payer back through the return, which
        // names the order and carries its key (the credentials are shown only to that URL's holder).
        ...(order.amount_usd_cents === null
          ? {}
          : {
              usdCents: Number(order.amount_usd_cents),
              returnUrl: `${callbackUrl}?orderId=${encodeURIComponent(order.res_num)}&key=${returnKey(ctx, order.res_num)}`,
            }),
      });
      await noteGateway(ctx, adapter.provider, null);
      await ctx.db
        .updateTable('orders')
        .set({ authority, updated_at: ctx.now().toISOString() })
        .where('id', '=', order.id)
        .execute();
      if (adapter.provider === 'sandbox' || adapter.provider === 'sandboxcrypto')
        request.log.info({ order: order.res_num }, 'sandbox payment requested: a TEST payment, no money moves');
      return url;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      // Three in a row tell the operators' chat (CONTRACTS §13).
      await noteGateway(ctx, adapter.provider, error.message);
      await moveOrder(ctx, order, ORDER.failed, {
        actor: 'buyer',
        detail: `the payment request failed at the gateway: ${error.message}`,
        from: [ORDER.pending],
      });
      request.log.warn(
        { order: order.res_num, gate: order.gate, reason: error.message },
        'payment request failed at the gateway',
      );
      throw new AppError('paymentFailed');
    }
  }

  /**
   * The wallet is on (the shop's walletEnabled), and the request's session names an account; without
   * one, `signedOut` says why (the panel's loginRequired or sessionEnded by default).
   */
  async function walletUser(request: FastifyRequest, signedOut?: () => AppError): Promise<UserRow> {
    if (!(await currentShopSettings(ctx)).settings.walletEnabled) throw new AppError('walletDisabled');
    if (!signedOut) return requireUser(ctx, request);
    const token = sessionToken(request);
    const user = token && token.length <= 200 ? await userForSession(ctx.db, token, ctx.now()) : undefined;
    if (!user) throw signedOut();
    return user;
  }

  /**
   * gate=wallet (CONTRACTS §10): the plan's credit price from the session's wallet, at once. It
   * renews the buyer's own account (a renew link never spends a wallet). The order and its debit
   * are one transaction: a short balance leaves the balance and the account as they were, and the
   * order failed with the reason.
   */
  async function payFromWallet(
    request: ContractRequest<typeof PAYMENT_ROUTES.purchase>,
    plan: PlanRow,
    email: string,
    coupon: string | null,
    referrerId: number | null,
  ) {
    const user = await walletUser(request, () => new AppError('signInToPayFromWallet'));
    await countOrder(request, `user:${user.id}`);
    const done = await buyFromWallet(ctx, {
      user,
      plan,
      email,
      coupon,
      referrerId,
      lang: languageOf(request.headers.cookie, request.query.lng),
      via: 'web',
    });
    return {
      ok: true as const,
      url: `${originOf(ctx, request)}${resultUrl(resultPayload(done.order, 'success', { ...done, password: '', renewed: true }))}`,
      message: 'Paid from your wallet.',
      renew: { username: done.username },
    };
  }

  /**
   * A wallet top-up (CONTRACTS §10): an order of `amount` tomans for the session's account through
   * a gate, settled by the same return and reconciliation as a purchase; its completion adds one
   * `topup` entry.
   */
  serve(app, WALLET_ROUTES.topup, async (request) => {
    const user = await walletUser(request);
    const { walletMinTopup, walletMaxTopup } = (await currentShopSettings(ctx)).settings;
    const given = toLatinDigits(requiredParam(request, 'amount', 20))
      .replaceAll(',', '')
      .trim();
    const toman = /^\d{1,12}$/.test(given) ? Number(given) : NaN;
    if (!(toman >= walletMinTopup && toman <= walletMaxTopup))
      throw new AppError('invalidTopupAmount', { min: walletMinTopup, max: walletMaxTopup });
    // A discount code is for plans only (CONTRACTS §12).
    if (couponParam(request)) throw new AppError('couponNotForTopup');
    const gate = requiredParam(request, 'gate', PURCHASE_LIMITS.gate);
    if (gate === WALLET_GATE) throw new AppError('gatewayUnavailable');
    // By card transfer too (CONTRACTS §11): an operator approves the receipt, then the entry is made.
    const byCard = gate === CARD_GATE ? await activeCardGate() : null;
    const { adapter, dollars } = byCard ? { adapter: null, dollars: {} } : await gateFor(gate, toman);
    await countOrder(request, `user:${user.id}`);
    const fields = { plan_id: 0, email: user.email ?? '', topup_user_id: user.id, topup_toman: toman };
    const detail = `wallet top-up of ${toman} tomans for ${user.username}`;
    if (byCard) {
      const { order } = await byCard.open(ctx, { ...fields, tomans: toman, lang: langOf(request), detail });
      return { ok: true as const, url: cardOrderUrl(request, order), message: CARD_MESSAGE };
    }
    const order = await insertOrder(request, {
      ...fields,
      gate,
      provider: adapter!.provider,
      amount: toman * 10,
      ...dollars,
      detail: `${detail} through ${gate} (${adapter!.provider})${dollarsNote(dollars)}`,
    });
    const url = await toGateway(request, order, adapter!, `Separ VPN — wallet top-up`);
    return { ok: true as const, url, message: 'Redirecting to the payment gateway.' };
  });

  /**
   * What a purchase from this browser would renew (issue #24), for the payment page to say so: the
   * account of a followed renew link, else the logged-in user's; `renewal: null` when a purchase
   * makes a new account.
   */
  serve(app, PAYMENT_ROUTES.renewal, async (request) => {
    const target = await renewalTarget(ctx, request);
    return {
      ok: true as const,
      renewal: target && {
        username: target.user.username,
        via: target.via,
        expireDate: target.user.expire_date,
        subsDays: target.user.subs_days,
      },
    };
  });

  /** The gateway's return, by GET or by a form post: verified, settled once, 303 to the result page. */
  const paymentReturn = async (
    request:
      ContractRequest<typeof PAYMENT_ROUTES.paymentReturn> | ContractRequest<typeof PAYMENT_ROUTES.paymentReturnPost>,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const { gate } = request.params;
    if (isCryptoGate(gate)) return cryptoReturn(gate, request, reply);
    if (!isGateway(gate)) throw new AppError('noSuchGateway');
    const fields = {
      ...((request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>),
      ...(request.query as Record<string, string>),
    };
    const back = (ctx.adapterFor(gate) ?? ctx.adapterByProvider('sandbox'))?.parseReturn(fields) ?? {
      authority: null,
      amount: null,
      orderId: null,
    };
    const authority =
      back.authority ??
      (typeof fields.authority === 'string' ? fields.authority : null) ??
      (typeof fields.token === 'string' ? fields.token : null);
    // A return that adds nothing of its own (SPAY documents nothing) still names its order: the
    // order number rides in the callback URL we gave (SPAY_ORDER_FIELD).
    const orderId = authority ? null : back.orderId;
    if ((!authority && !orderId) || (authority ?? orderId ?? '').length > 200) throw new AppError('noPaymentNamed');
    // Found by authority or order number, never by session: the return comes cross-site from the bank.
    const order = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where(authority ? 'authority' : 'res_num', '=', (authority ?? orderId) as string)
      .where('gate', '=', gate)
      .executeTakeFirst();
    if (!order || !order.authority) throw new AppError('unknownPayment');
    if (back.amount !== null && back.amount !== Number(order.amount)) {
      request.log.warn(
        { order: order.res_num, returned: back.amount, expected: Number(order.amount) },
        'gateway return with a different amount refused',
      );
      throw new AppError('amountMismatch');
    }
    // A paid order's return is a replay: answered from the row, no gateway call and no hash.
    if (order.state === ORDER.paid) return reply.redirect(resultUrl(resultPayload(order, 'duplicate')), 303);

    const running = settling.get(order.id);
    if (running) {
      const first = await running.catch(() => null);
      const state = first?.order.state ?? (await orderById(ctx.db, order.id)).state;
      return reply.redirect(
        resultUrl(resultPayload(first?.order ?? order, state === ORDER.paid ? 'duplicate' : 'failed')),
        303,
      );
    }
    const flight = settle(ctx, order, 'return');
    settling.set(order.id, flight);
    let result: Settlement;
    try {
      result = await flight;
    } finally {
      settling.delete(order.id);
    }

    switch (result.outcome) {
      case 'completed':
        request.log.info(
          { order: order.res_num, to: maskEmail(order.email), smtp: Boolean(ctx.config.smtpUrl) },
          `order paid: ${result.renewed ? 'account renewed' : 'account created'}, ${ctx.config.smtpUrl ? 'receipt queued' : 'receipt kept in the outbox (no SMTP configured)'}`,
        );
        // A renew link has done its work: the next purchase from this browser is the session's own.
        if (result.renewed) forgetRenewLink(request, reply);
        return reply.redirect(resultUrl(resultPayload(result.order, 'success', result)), 303);
      case 'duplicate':
        return reply.redirect(resultUrl(resultPayload(result.order, 'duplicate')), 303);
      case 'busy': {
        // Another process (or reconciliation) is settling this order: wait for it with cheap reads,
        // and once it lets go of an order that is still unpaid, ask the gateway ourselves — the
        // payer may have paid after the other asked.
        const deadline = performance.now() + BUSY_WAIT_MS;
        let outcome: Settlement = result;
        while (outcome.outcome === 'busy' && performance.now() < deadline) {
          await sleep(100);
          const fresh = await orderById(ctx.db, order.id);
          if (fresh.state === ORDER.paid) outcome = { outcome: 'duplicate', order: fresh };
          else if (!fresh.claim_token || (fresh.claimed_until ?? '') <= ctx.now().toISOString())
            outcome = await settle(ctx, fresh, 'return');
        }
        if (outcome.outcome === 'completed') {
          if (outcome.renewed) forgetRenewLink(request, reply);
          return reply.redirect(resultUrl(resultPayload(outcome.order, 'success', outcome)), 303);
        }
        return reply.redirect(
          resultUrl(resultPayload(outcome.order, outcome.order.state === ORDER.paid ? 'duplicate' : 'failed')),
          303,
        );
      }
      default:
        if (result.outcome !== 'failed')
          request.log.warn(
            { order: order.res_num, answer: result.outcome, detail: result.detail },
            'payment not verified: the order stays pending for reconciliation',
          );
        return reply.redirect(resultUrl(resultPayload(result.order, 'failed')), 303);
    }
  };
  /**
   * The payer back from a crypto gateway (CONTRACTS §12), by the URL we gave it: the order's number
   * and its key. The gateway is asked (the callback may not have come yet); once the order is paid,
   * the result page shows success with the credentials, once, to the holder of the key; after that,
   * or without the key, the order as paid (duplicate). An unpaid order shows failed and stays open.
   */
  async function cryptoReturn(
    gate: CryptoGate,
    request:
      ContractRequest<typeof PAYMENT_ROUTES.paymentReturn> | ContractRequest<typeof PAYMENT_ROUTES.paymentReturnPost>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const query = request.query as Record<string, string>;
    const orderId = typeof query.orderId === 'string' ? query.orderId : '';
    if (!orderId || orderId.length > 64) throw new AppError('noPaymentNamed');
    const order = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('res_num', '=', orderId)
      .where('gate', '=', gate)
      .executeTakeFirst();
    if (!order || !order.authority) throw new AppError('unknownPayment');
    let current = order;
    if (order.state !== ORDER.paid) {
      let result = await settle(ctx, order, 'return');
      // Another request (the callback, most likely) is settling it: wait for it with cheap reads.
      const deadline = performance.now() + BUSY_WAIT_MS;
      while (result.outcome === 'busy' && performance.now() < deadline) {
        await sleep(100);
        const fresh = await orderById(ctx.db, order.id);
        if (fresh.state === ORDER.paid) result = { outcome: 'duplicate', order: fresh };
        else if (!fresh.claim_token || (fresh.claimed_until ?? '') <= ctx.now().toISOString())
          result = await settle(ctx, fresh, 'return');
      }
      current = result.order;
      if (result.outcome === 'completed' && result.renewed) forgetRenewLink(request, reply);
    }
    if (current.state !== ORDER.paid) return reply.redirect(resultUrl(resultPayload(current, 'failed')), 303);
    const kept = returnKeyValid(ctx, order.res_num, query.key) ? await takeResult(ctx, current) : null;
    return reply.redirect(kept ? `/paymentresult#data=${kept}` : resultUrl(resultPayload(current, 'duplicate')), 303);
  }

  serve(app, PAYMENT_ROUTES.paymentReturn, paymentReturn);
  serve(app, PAYMENT_ROUTES.paymentReturnPost, paymentReturn);
  // The crypto gateways' signed callbacks, each reading its raw body (callbacks.ts).
  await cryptoCallbackRoutes(app, ctx);

  // Production never offers the sandbox bank (CONTRACTS §4) nor the sandbox crypto page: their
  // pages are not even routed.
  if (!ctx.config.production) {
    sandboxRoutes(app, ctx);
    sandboxCryptoRoutes(app, ctx);
  }
}

/** A sandbox page (the test bank's, the test crypto invoice's): the notice, then the page's own part. */
function sandboxHtml(reply: FastifyReply, lng: Language, title: string, notice: string, main: string): string {
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
  const nonce = newNonce();
  reply.cspNonce = nonce;
  return `<!doctype html>
<html lang="${lng}" dir="${lng === 'fa' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style nonce="${nonce}">
body{margin:0;font-family:Vazirmatn,Tahoma,system-ui,sans-serif;background:#eef2f7;color:#0f172a;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.12);box-sizing:border-box;padding:clamp(20px,6vw,32px);width:min(420px,calc(100vw - 32px))}
dd{overflow-wrap:anywhere}
h1{font-size:1.4rem;margin:0 0 12px}.notice{background:#fff7d6;border:1px solid #f0c23b;border-radius:10px;padding:10px 12px;font-size:.95rem}
.badge{display:inline-block;background:#b45309;color:#fff;border-radius:6px;padding:2px 8px;font-size:.8rem;font-weight:700;letter-spacing:.05em;margin-block-end:8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:20px 0}dt{color:#475569}dd{margin:0;font-weight:600}
form{display:flex;gap:12px}button{flex:1;border:0;border-radius:10px;padding:12px;font:inherit;font-weight:700;cursor:pointer}
.pay{background:#0b6e4f;color:#fff}.cancel{background:#e2e8f0;color:#0f172a}.msg{font-size:1.05rem}
</style></head>
<body><main><h1>${title}</h1><p class="notice" role="note">${notice}</p>${main}</main></body></html>`;
}

/** The sandbox payment row of a sandbox crypto invoice (never a sandbox bank payment's). */
async function sandboxCryptoRow(ctx: AppContext, authority: string) {
  if (!isSandboxCryptoAuthority(authority)) return undefined;
  return ctx.db.selectFrom('sandbox_payments').selectAll().where('authority', '=', authority).executeTakeFirst();
}

/**
 * The sandbox crypto page (issue 31): a TEST invoice in dollars on our own origin, with the order
 * number, Pay and Cancel. Its answer returns the payer through `/payment/callback/sandboxcrypto`
 * with the order and its key, as a crypto gateway's return does; that return asks the invoice
 * (the adapter, `sandboxCrypto`) and completes the order once.
 */
function sandboxCryptoRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, PAYMENT_ROUTES.sandboxCryptoPage, async (request, reply) => {
    const row = await sandboxCryptoRow(ctx, request.params.authority);
    const order = row
      ? await ctx.db
          .selectFrom('orders')
          .select(['lang', 'toman_per_usd'])
          .where('res_num', '=', row.order_id)
          .executeTakeFirst()
      : undefined;
    const lng: Language = order?.lang === 'en' ? 'en' : 'fa';
    const t = (key: string, vars: Record<string, string | number> = {}) =>
      escapeHtml(ctx.texts.t(lng, `sandbox:crypto.${key}`, vars));
    const digits = (text: string) => (lng === 'fa' ? toPersianDigits(text) : text);
    let main: string;
    if (!row || !order) {
      reply.code(404);
      main = `<p class="msg">${t('unknown')}</p>`;
    } else if (row.state !== 'new') {
      main = `<p class="msg">${t('finished')}</p>`;
    } else {
      // Persian writes the decimal point as its own separator.
      const amount =
        lng === 'fa' ? digits(centsText(Number(row.amount))).replace('.', '\u066B') : centsText(Number(row.amount));
      const rate = order.toman_per_usd
        ? `<dt>${t('rate')}</dt><dd>${t('rateValue', { value: digits(new Intl.NumberFormat('en-US').format(Number(order.toman_per_usd))) })}</dd>`
        : '';
      main = `<dl>
  <dt>${t('merchant')}</dt><dd>${t('merchantName')}</dd>
  <dt>${t('orderId')}</dt><dd dir="ltr">${escapeHtml(row.order_id)}</dd>
  <dt>${t('amount')}</dt><dd>${t('amountValue', { value: amount })}</dd>
  ${rate}
</dl>
<form method="post">
  <button name="action" value="pay" class="pay">${t('pay')}</button>
  <button name="action" value="cancel" class="cancel">${t('cancel')}</button>
</form>`;
    }
    return reply.send(
      sandboxHtml(reply, lng, t('title'), `<span class="badge">${t('badge')}</span><br>${t('notice')}`, main),
    );
  });

  serve(app, PAYMENT_ROUTES.sandboxCryptoAnswer, async (request, reply) => {
    const { authority } = request.params;
    const { action } = request.body;
    const row = await sandboxCryptoRow(ctx, authority);
    if (!row) throw new AppError('unknownPayment');
    if (row.state === 'new') {
      await answerSandboxPayment(ctx, authority, action, 'SBCTX');
      request.log.info({ order: row.order_id, action }, 'sandbox crypto: TEST invoice answered, no money moves');
    }
    // Back through the crypto return we gave (the order and its key), as the payer comes back from a gateway.
    return reply.redirect(row.callback_url, 303);
  });
}

/** The built-in test bank's pages (CONTRACTS §3): a page with Pay and Cancel, and its form. */
function sandboxRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, PAYMENT_ROUTES.sandboxPage, async (request, reply) => {
    const { authority } = request.params;
    const row = isSandboxCryptoAuthority(authority)
      ? undefined
      : await ctx.db.selectFrom('sandbox_payments').selectAll().where('authority', '=', authority).executeTakeFirst();
    const order = row
      ? await ctx.db.selectFrom('orders').select('lang').where('res_num', '=', row.order_id).executeTakeFirst()
      : undefined;
    const lng: Language = order?.lang === 'en' ? 'en' : 'fa';
    const t = (key: string, vars: Record<string, string | number> = {}) =>
      escapeHtml(ctx.texts.t(lng, `sandbox:${key}`, vars));
    const digits = (text: string) => (lng === 'fa' ? toPersianDigits(text) : text);
    let main: string;
    if (!row) {
      reply.code(404);
      main = `<p class="msg">${t('unknown')}</p>`;
    } else if (row.state !== 'new') {
      main = `<p class="msg">${t('finished')}</p>`;
    } else {
      const amount = digits(new Intl.NumberFormat('en-US').format(Number(row.amount)));
      main = `<dl>
  <dt>${t('merchant')}</dt><dd>${t('merchantName')}</dd>
  <dt>${t('orderId')}</dt><dd dir="ltr">${escapeHtml(row.order_id)}</dd>
  <dt>${t('amount')}</dt><dd>${t('amountValue', { value: amount })}</dd>
</dl>
<form method="post">
  <button name="action" value="pay" class="pay">${t('pay')}</button>
  <button name="action" value="cancel" class="cancel">${t('cancel')}</button>
</form>`;
    }
    return reply.send(sandboxHtml(reply, lng, t('title'), t('notice'), main));
  });

  serve(app, PAYMENT_ROUTES.sandboxAnswer, async (request, reply) => {
    const { authority } = request.params;
    const { action } = request.body;
    const row = isSandboxCryptoAuthority(authority)
      ? undefined
      : await ctx.db.selectFrom('sandbox_payments').selectAll().where('authority', '=', authority).executeTakeFirst();
    if (!row) throw new AppError('unknownPayment');
    if (row.state === 'new') {
      await answerSandboxPayment(ctx, authority, action, 'SBXREF');
      request.log.info({ order: row.order_id, action }, 'sandbox bank: TEST payment answered');
    }
    const url = new URL(row.callback_url);
    url.searchParams.set('authority', authority);
    url.searchParams.set('status', action === 'pay' ? 'OK' : 'NOK');
    url.searchParams.set('orderId', row.order_id);
    url.searchParams.set('amount', String(row.amount));
    return reply.redirect(url.toString(), 303);
  });
}

/** A test payment (the sandbox bank's or the sandbox crypto page's) answered once: paid with a reference, or cancelled. */
async function answerSandboxPayment(ctx: AppContext, authority: string, action: 'pay' | 'cancel', prefix: string) {
  const refNum = action === 'pay' ? `${prefix}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}` : null;
  await ctx.db
    .updateTable('sandbox_payments')
    .set({ state: action === 'pay' ? 'paid' : 'cancelled', ref_num: refNum })
    .where('authority', '=', authority)
    .where('state', '=', 'new')
    .execute();
}
