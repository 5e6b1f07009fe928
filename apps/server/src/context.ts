import type { Gateway } from '@separ/domain';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/index.ts';
import { irandargah, sandbox, spay, type GatewayAdapter } from './payments/gateways.ts';
import { loadSecretKey, SecretBox } from './security/crypto.ts';
import type { AccountSecrets } from './services/accounts.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { Texts } from './services/texts.ts';

/** What every route, job and command needs: the database, configuration, secrets, texts, gateways and clock. */
export interface AppContext {
  db: Db;
  database: DatabaseHandle;
  config: Config;
  secrets: AccountSecrets;
  texts: Texts;
  now: Clock;
  /** The adapter that takes payments for a gate: the real gateway with merchant credentials, else the sandbox. */
  adapterFor(gate: Gateway): GatewayAdapter;
  /** The adapter an order was placed with. */
  adapterByProvider(provider: string): GatewayAdapter;
}

export function createContext(config: Config, database: DatabaseHandle, now: Clock = systemClock): AppContext {
  const bank = sandbox(database.db, now);
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
    db: database.db,
    database,
    config,
    secrets: { box: new SecretBox(loadSecretKey(config.secretKey, config.dataDir)), scrypt: config.scrypt },
    texts: new Texts(config.localesDir),
    now,
    adapterFor: (gate) => (gate === 'ird' ? ird : spayAdapter) ?? bank,
    adapterByProvider: (provider) => (provider === 'ird' && ird) || (provider === 'spay' && spayAdapter) || bank,
  };
}
