import type { Gateway } from '@separ/domain';
import type { Config } from './platform/config.ts';
import type { DatabaseHandle, Db } from './platform/db/index.ts';
import { irandargah, sandbox, spay, type GatewayAdapter } from './modules/payments/gateways.ts';
import { loadSecretKey, SecretBox } from './platform/security/crypto.ts';
import { Passwords } from './platform/security/passwords.ts';
import { NodeRegistry } from './modules/nodes/registry.ts';
import { UserListCache } from './modules/nodes/userList.ts';
import type { AccountSecrets } from './modules/accounts/accounts.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { Texts } from './platform/texts.ts';

/** The logging the services use: Fastify's logger in the server, stderr in separ-admin. */
export interface Log {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

const silent: Log = { info() {}, warn() {}, error() {} };

/** What every route, job and command needs: the database, configuration, secrets, texts, gateways and clock. */
export interface AppContext {
  db: Db;
  database: DatabaseHandle;
  config: Config;
  secrets: AccountSecrets;
  texts: Texts;
  now: Clock;
  /** Set by buildApp to the server's logger. */
  log: Log;
  /** The V2Ray nodes and their user list, kept in memory (nodes/). */
  nodes: { registry: NodeRegistry; users: UserListCache };
  /**
   * The adapter that takes payments for a gate: the real gateway with merchant credentials, else the
   * sandbox bank — except in production, where a gate without credentials has none (null: inactive).
   */
  adapterFor(gate: Gateway): GatewayAdapter | null;
  /** The adapter an order was placed with (null: a sandbox order met in production). */
  adapterByProvider(provider: string): GatewayAdapter | null;
}

export function createContext(config: Config, database: DatabaseHandle, now: Clock = systemClock): AppContext {
  // Production never offers the sandbox bank (CONTRACTS §4): its Pay button gives accounts away.
  const bank = config.production ? null : sandbox(database.db, now);
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
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    secrets: {
      box: new SecretBox(loadSecretKey(config.secretKey, config.dataDir)),
      passwords: new Passwords(config.scrypt, config.hashing),
    },
    texts: new Texts(config.localesDir),
    now,
    log: silent,
    adapterFor: (gate) => (gate === 'ird' ? ird : spayAdapter) ?? bank,
    adapterByProvider: (provider) => ({ ird, spay: spayAdapter, sandbox: bank })[provider] ?? null,
    nodes: undefined as unknown as AppContext['nodes'],
  };
  ctx.nodes = {
    registry: new NodeRegistry({ db: database.db, checkMs: config.nodeCacheCheckMs, now, log: () => ctx.log }),
    users: new UserListCache(ctx, config.nodeCacheCheckMs),
  };
  return ctx;
}
