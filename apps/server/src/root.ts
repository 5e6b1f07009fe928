import type { Config } from './platform/config.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createPlatformContext, type AppContext } from './platform/context.ts';
import type { DatabaseHandle } from './platform/db/index.ts';
import { createNodeCaches, type NodeCaches } from './modules/nodes/index.ts';
import { createGateways, type CardGate, type Gateways } from './modules/payments/index.ts';
import { cardGate } from './modules/cards/index.ts';

/**
 * The composition root: the one place that knows every module. It builds the context the server,
 * the bot process and separ-admin share — the platform's part (database, config, secrets, texts,
 * clock, log), the node caches (nodes module), the gateways (payments module) and the card gate (cards module) — and app.ts
 * mounts each module's routes on it. Modules never import this file: each names what it needs
 * (`AppContext`, `NodesContext`, `PaymentsContext`) and receives this whole.
 */
export type ShopContext = AppContext & { nodes: NodeCaches } & Gateways & { cardGate: CardGate };

export function createContext(config: Config, database: DatabaseHandle, now: Clock = systemClock): ShopContext {
  const platform = createPlatformContext(config, database, now);
  // One object, extended in place: the node caches read `ctx.log`, which buildApp sets later.
  const ctx = Object.assign(platform, createGateways(config, database.db, now), {
    nodes: undefined as unknown as NodeCaches,
    // Card-to-card transfers (cards module), plugged into payments' purchase, reconciliation and admin.
    cardGate,
  });
  ctx.nodes = createNodeCaches(ctx);
  return ctx;
}
