import type { FastifyRequest } from 'fastify';
import type { Gateway } from '@separ/domain';
import type { AdminCardOrderInfo } from '@separ/domain/contract';
import type { PlanRow } from '../../platform/db/schema.ts';
import type { Config } from '../../platform/config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { irandargah, sandbox, spay, type GatewayAdapter } from './gateways.ts';

/** The gateways this process takes payments with, made once from the configuration. */
export interface Gateways {
  /**
   * The adapter that takes payments for a gate: the real gateway with merchant credentials, else the
   * sandbox bank — except in production, where a gate without credentials has none (null: inactive).
   */
  adapterFor(gate: Gateway): GatewayAdapter | null;
  /** The adapter an order was placed with (null: a sandbox order met in production). */
  adapterByProvider(provider: string): GatewayAdapter | null;
}

/**
 * The card-to-card gate (CONTRACTS §11), plugged in by the composition root: the cards module builds
 * on this one (orders, their exactly-once completion), so this one reaches it only through here.
 */
export interface CardGate {
  /** Whether an enabled card exists (`/site_gateways`' card_active). */
  active(ctx: PaymentsContext): Promise<boolean>;
  /** `POST /requestAccount2?…&gate=card`: a card order with its unique amount, and its transfer page. */
  purchase(
    ctx: PaymentsContext,
    request: FastifyRequest,
    input: { plan: PlanRow; email: string; price: OrderPrice; referrerId: number | null },
  ): Promise<{ ok: true; url: string; message: string; renew?: { username: string } }>;
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
  return {
    adapterFor: (gate) => (gate === 'ird' ? ird : spayAdapter) ?? bank,
    adapterByProvider: (provider) => ({ ird, spay: spayAdapter, sandbox: bank })[provider] ?? null,
  };
}

/** Whether a gate can take payments: enabled, with merchant credentials or (not in production) the sandbox. */
export function gatewayActive(ctx: PaymentsContext, gate: 'ird' | 'spay'): boolean {
  return ctx.config.gateways[gate].enabled && ctx.adapterFor(gate) !== null;
}
