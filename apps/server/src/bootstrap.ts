import { loadConfig, productionProblem, type Config } from './platform/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './platform/db/index.ts';
import { seedDemoCard, seedDemoData } from './platform/db/seed.ts';
import type { Log } from './platform/log.ts';
import { createContext, type ShopContext } from './root.ts';
import { seedDemoOperator } from './modules/operators/index.ts';

/** A reason the process must not start (production without its secrets, the bot without a token). */
export class StartupProblem extends Error {}

export interface BootOptions {
  /** Seed the demo data into a fresh database (the server, not in production). */
  seed?: boolean;
  /** A further check of the configuration, made before the database is opened. */
  check?: (config: Config) => string | null;
  /** Where the services log, until a process sets its own (the server: Fastify's logger). */
  log?: Log;
}

export interface Booted {
  config: Config;
  database: DatabaseHandle;
  context: ShopContext;
}

/**
 * The one startup of the server (`main.ts`), the bot process (`bot/main.ts`) and separ-admin
 * (`cli/admin.ts`): read and check the configuration (production refuses to start without its
 * secrets), open and migrate the database, seed it when asked, and build the context through the
 * composition root. Throws StartupProblem for a configuration that must not start; each caller
 * says so its own way.
 */
export async function bootstrap(options: BootOptions = {}): Promise<Booted> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // A value that makes no sense (SEPAR_TRUST_PROXY, a gateway's key or base URL): one line, no start.
    throw new StartupProblem((error as Error).message);
  }
  const problem = productionProblem(config) ?? options.check?.(config) ?? null;
  if (problem) throw new StartupProblem(problem);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    if (options.seed && !config.production) {
      await seedDemoData(database.db, new Date());
      // The sandbox's card for card-to-card transfers (CONTRACTS §11); never in production.
      await seedDemoCard(database.db, new Date());
    }
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  const context = createContext(config, database);
  if (options.log) context.log = options.log;
  // The sandbox's operator, so that a card transfer can be approved in the admin offline (issue 30
  // §5): only in a shop without any operator of its own, and never in production.
  if (options.seed && !config.production) await seedDemoOperator(context);
  return { config, database, context };
}
