import { SANDBOX_CRYPTO_GATE, type CryptoGate, type Gateway, type Language } from '@separ/domain';
import type { AdminCardOrderInfo } from '@separ/domain/contract';
import type { OrderRow } from '../../platform/db/schema.ts';
import type { Config } from '../../platform/config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { currentShopSettings } from '../settings/index.ts';
import { irandargah, nowpayments, oxapay, sandbox, sandboxCrypto, spay, type GatewayAdapter } from './gateways.ts';

/** The gateways this process takes payments with, made once from the configuration. */
export interface Gateways {
  /**
   * The adapter that takes payments for a gate: the real gateway with merchant credentials, else the
   * sandbox bank — except in production, where a gate without credentials has none (null: inactive).
   * A crypto gate (CONTRACTS §12) has its gateway only with its keys: no sandbox stands in for it;
   * the sandbox crypto page is a gate of its own (not in production).
   */
  adapterFor(gate: Gateway | CryptoGate): GatewayAdapter | null;
  /** The adapter an order was placed with (null: a sandbox order met in production). */
  adapterByProvider(provider: string): GatewayAdapter | null;
}

/**
 * The card-to-card gate (CONTRACTS §11), plugged in by the composition root: the cards module builds
 * on this one (orders, their exactly-once completion), so this one reaches it only through here.
 */
/** What a card order is for (CONTRACTS §11): a purchase, a renewal or a top-up, as an order says it. */
export interface CardOrderRequest {
  /** 0 for a top-up. */
  plan_id: number;
  email: string;
  renew_user_id?: number | null;
  topup_user_id?: number | null;
  topup_toman?: number | null;
  lang: Language;
  /** The first line of the order's history. */
  detail: string;
  /** The price in tomans; the card order asks it × 10 plus its offset, in rials. */
  tomans: number;
  /** The messaging chat that asked for it, told of the outcome (the bot's card flow). */
  botChat?: string | null;
  /** A discount code (CONTRACTS §12): the code and the tomans it took off (`tomans` is after it). */
  coupon_code?: string | null;
  discount_toman?: number | null;
  /** The account whose referral link brought the buyer. */
  referrer_user_id?: number | null;
}

export interface CardGate {
  /** Whether an enabled card exists (`/site_gateways`' card_active). */
  active(ctx: PaymentsContext): Promise<boolean>;
  /**
   * A card order with its unique amount, for a purchase, a renewal, a top-up or the bot (the caller
   * has counted the request); its transfer page is `/payment/card/{resNum}`.
   */
  open(ctx: PaymentsContext, input: CardOrderRequest): Promise<{ order: OrderRow; amount: number; cardId: number }>;
  /** Expires the card orders whose transfer time ran out without a receipt; how many. */
  expire(ctx: PaymentsContext): Promise<number>;
  /** The transfer and receipt of card orders, by order id, for the admin's order rows. */
  describe(ctx: PaymentsContext, orderIds: number[]): Promise<Map<number, AdminCardOrderInfo>>;
  /** The ids of the card orders whose receipt awaits an operator's review (the admin's `state=awaiting_review`). */
  awaitingReview(ctx: PaymentsContext): Promise<number[]>;
}

/** What a purchase costs in tomans: the plan's price, after the discount code when one applies (CONTRACTS §12). */
export interface OrderPrice {
  toman: number;
  couponCode: string | null;
  /** The tomans the code took off (null: no code). */
  discount: number | null;
}

/** An order of the card gate: settled by an operator, never by a gateway or reconciliation. */
export const CARD_PROVIDER = 'card';

/** What the payment routes and jobs need: the platform's context and the gateways (and the card gate, when composed). */
export type PaymentsContext = AppContext & Gateways & { cardGate?: CardGate };

export function createGateways(config: Config, db: Db, now: Clock): Gateways {
  // Production never offers the sandbox bank (CONTRACTS §4): its Pay button gives accounts away.
  const bank = config.production ? null : sandbox(db, now);
  // Nor the sandbox crypto page (issue 31), for the same reason.
  const cryptoPage = config.production ? null : sandboxCrypto(db, now);
  const ird = config.gateways.ird.merchantId
    ? irandargah({
        merchantId: config.gateways.ird.merchantId,
        baseUrl: config.gateways.ird.baseUrl ?? '',
        timeoutMs: config.gatewayTimeoutMs,
      })
    : null;
  const spayAdapter =
    config.gateways.spay.merchantId && config.gateways.spay.baseUrl
      ? spay({
          merchantId: config.gateways.spay.merchantId,
          baseUrl: config.gateways.spay.baseUrl,
          timeoutMs: config.gatewayTimeoutMs,
          paths: config.spayPaths,
        })
      : null;
  const { oxapay: oxa, nowpayments: np } = config.crypto;
  const oxapayAdapter = oxa.merchantKey
    ? oxapay({ merchantKey: oxa.merchantKey, baseUrl: oxa.baseUrl, timeoutMs: config.gatewayTimeoutMs })
    : null;
  // NOWPayments takes both keys: the API key asks, the IPN secret believes its notifications.
  const nowpaymentsAdapter =
    np.apiKey && np.ipnSecret
      ? nowpayments({ apiKey: np.apiKey, baseUrl: np.baseUrl, timeoutMs: config.gatewayTimeoutMs })
      : null;
  const byProvider: Record<string, GatewayAdapter | null> = {
    ird,
    spay: spayAdapter,
    sandbox: bank,
    oxapay: oxapayAdapter,
    nowpayments: nowpaymentsAdapter,
    sandboxcrypto: cryptoPage,
  };
  return {
    adapterFor: (gate) =>
      gate === 'oxapay'
        ? oxapayAdapter
        : gate === 'nowpayments'
          ? nowpaymentsAdapter
          : gate === SANDBOX_CRYPTO_GATE
            ? cryptoPage
            : ((gate === 'ird' ? ird : spayAdapter) ?? bank),
    adapterByProvider: (provider) => (Object.hasOwn(byProvider, provider) ? byProvider[provider]! : null),
  };
}

/**
 * Whether a crypto gate can take payments (`/site_gateways`' oxapay_active, nowpayments_active): its
 * keys are set and so is the shop's tomanPerUsd (its invoices are in dollars). The sandbox crypto
 * page (crypto_sandbox_active, issue 31): not in production, with the rate set, and only while
 * neither OxaPay nor NOWPayments has a key (a shop with a real crypto gateway offers no test one).
 */
export async function cryptoActive(ctx: PaymentsContext, gate: CryptoGate): Promise<boolean> {
  if (!ctx.adapterFor(gate)) return false;
  if (gate === SANDBOX_CRYPTO_GATE && (ctx.config.production || cryptoKeysSet(ctx.config))) return false;
  return (await currentShopSettings(ctx)).settings.tomanPerUsd > 0;
}

/** Whether any crypto gateway's key is configured (OxaPay's merchant key, NOWPayments' API key or IPN secret). */
function cryptoKeysSet(config: Config): boolean {
  const { oxapay: oxa, nowpayments: np } = config.crypto;
  return Boolean(oxa.merchantKey || np.apiKey || np.ipnSecret);
}

/** Whether a gate can take payments: enabled, with merchant credentials or (not in production) the sandbox. */
export function gatewayActive(ctx: PaymentsContext, gate: 'ird' | 'spay'): boolean {
  return ctx.config.gateways[gate].enabled && ctx.adapterFor(gate) !== null;
}
