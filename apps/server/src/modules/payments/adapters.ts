import type { Gateway } from '@separ/domain';
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

/** What the payment routes and jobs need: the platform's context and the gateways. */
export type PaymentsContext = AppContext & Gateways;

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
