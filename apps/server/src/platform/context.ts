import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/index.ts';
import { systemClock, type Clock } from './clock.ts';
import { silentLog, type Log } from './log.ts';
import { loadSecretKey, SecretBox } from './security/crypto.ts';
import { Passwords } from './security/passwords.ts';
import { Texts } from './texts.ts';

export type { Log } from './log.ts';

/** The services that deal with secrets: password hashing and the encrypted VPN password. */
export interface AccountSecrets {
  box: SecretBox;
  passwords: Passwords;
}

/**
 * What every module's routes, jobs and commands receive from the platform: the database,
 * configuration, secrets, texts, clock and log. A module that needs more (the node caches, the
 * gateways) says so in its own context type; the composition root (`root.ts`) builds the whole.
 */
export interface AppContext {
  db: Db;
  database: DatabaseHandle;
  config: Config;
  secrets: AccountSecrets;
  texts: Texts;
  now: Clock;
  /** Set by buildApp to the server's logger. */
  log: Log;
}

/** The platform's part of the context. */
export function createPlatformContext(config: Config, database: DatabaseHandle, now: Clock = systemClock): AppContext {
  return {
    db: database.db,
    database,
    config,
    secrets: {
      box: new SecretBox(loadSecretKey(config.secretKey, config.dataDir)),
      passwords: new Passwords(config.scrypt, config.hashing),
    },
    texts: new Texts(config.localesDir),
    now,
    log: silentLog,
  };
}
