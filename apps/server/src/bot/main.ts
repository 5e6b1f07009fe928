import { loadConfig, productionProblem } from '../config.ts';
import { createContext } from '../context.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { startBot } from './bot.ts';

/**
 * `npm run bot`: the messaging bot on its own, for a shop that runs several server processes (set
 * SEPAR_BOT_IN_SERVER=0 on those: the Bot API hands updates to one poller only).
 */
async function main() {
  const config = loadConfig();
  const problem = productionProblem(config);
  if (problem) {
    console.error(`separ: ${problem}`);
    process.exit(1);
  }
  if (!config.bot.token) {
    console.error('separ: SEPAR_BOT_TOKEN is not set; there is no bot to run.');
    process.exit(1);
  }
  const database = openDatabase(config);
  await migrateToLatest(database);
  const context = createContext(config, database);
  context.log = {
    info: (object, message) => console.info(JSON.stringify({ level: 'info', message, ...object })),
    warn: (object, message) => console.error(JSON.stringify({ level: 'warn', message, ...object })),
    error: (object, message) =>
      console.error(
        JSON.stringify({ level: 'error', message, ...object, err: String((object as { err?: unknown }).err ?? '') }),
      ),
  };
  const stop = await startBot(context);
  const shutdown = async () => {
    await stop?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
