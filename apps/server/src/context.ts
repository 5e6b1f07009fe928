import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/index.ts';
import type { AccountSecrets } from './services/accounts.ts';
import type { Clock } from './services/clock.ts';

/** What every route needs: the database, configuration, secrets and clock. */
export interface AppContext {
  db: Db;
  database: DatabaseHandle;
  config: Config;
  secrets: AccountSecrets;
  now: Clock;
}
