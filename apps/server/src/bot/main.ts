import { bootstrap, StartupProblem } from '../bootstrap.ts';
import { runReminders, startBot } from '../modules/messaging/index.ts';
import { consoleLog } from '../platform/log.ts';

/**
 * `npm run bot`: the messaging bot on its own, for a shop that runs several server processes (set
 * SEPAR_BOT_IN_SERVER=0 on those: the Bot API hands updates to one poller only).
 */
async function main() {
  let booted;
  try {
    booted = await bootstrap({
      check: (config) => (config.bot.token ? null : 'SEPAR_BOT_TOKEN is not set; there is no bot to run.'),
      log: consoleLog,
    });
  } catch (error) {
    if (!(error instanceof StartupProblem)) throw error;
    console.error(`separ: ${error.message}`);
    process.exit(1);
  }
  const { config, database, context } = booted;
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
