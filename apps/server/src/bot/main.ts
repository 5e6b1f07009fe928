import { loadConfig, productionProblem } from '../platform/config.ts';
import { createContext } from '../context.ts';
import { migrateToLatest, openDatabase } from '../platform/db/index.ts';
import { runReminders } from '../modules/messaging/reminders.ts';
import { startBot } from '../modules/messaging/bot.ts';

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
  const bot = await startBot(context);
  // The reminders go out from here when the bot runs on its own, so that a linked chat gets them too.
  const remind = async () => {
    try {
      await runReminders(context, (chat, _language, text) => bot!.notify(chat, text));
    } catch (error) {
      context.log.error({ err: error }, 'reminders failed');
    }
  };
  const timer =
    config.reconcileIntervalSeconds > 0
      ? setInterval(() => void remind(), config.reconcileIntervalSeconds * 1000)
      : null;
  void remind();
  const shutdown = async () => {
    if (timer) clearInterval(timer);
    await bot?.stop();
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
