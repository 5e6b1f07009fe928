import { buildApp, defaultLogger } from './app.ts';
import { bootstrap, StartupProblem } from './bootstrap.ts';
import { purgeExpiredSessions, runDataResets } from './modules/accounts/index.ts';
import { runScheduledBackup } from './modules/backup/index.ts';
import { deliverOutbox, runReminders, startBot, type RunningBot } from './modules/messaging/index.ts';
import { purgeAlive, RadiusServer, watchNodes } from './modules/nodes/index.ts';
import { reconcile } from './modules/payments/index.ts';
import { dailyReport } from './modules/monitoring/index.ts';
import { deliverWebhooks } from './modules/webhooks/index.ts';
import { purgeThrottle } from './platform/security/throttle.ts';

/**
 * `npm start`: migrate, seed a fresh database (not in production), serve, run the background jobs,
 * and drain on SIGTERM.
 */
async function main() {
  let booted;
  try {
    booted = await bootstrap({ seed: true });
  } catch (error) {
    if (!(error instanceof StartupProblem)) throw error;
    console.error(`separ: ${error.message}`);
    process.exit(1);
  }
  const { config, database, context } = booted;
  // RADIUS for the OpenConnect servers: every process may answer (SO_REUSEPORT).
  const radius = new RadiusServer(context);
  const app = await buildApp({
    config,
    database,
    context,
    logger: defaultLogger(process.env.SEPAR_LOG_LEVEL ?? 'info'),
    radiusStats: () => radius.stats,
  });

  // Measure this machine's password hash once, so that failed logins wait as long as a real check.
  void context.secrets.passwords.calibrate().catch(() => undefined);

  let bot: RunningBot | null = null;
  // The background jobs, each on its own: reconciliation settles pending orders with the gateways,
  // the outbox sends receipts, and expired sessions and throttle windows are deleted.
  const jobs: Array<[string, () => Promise<unknown>]> = [
    [
      'reconciliation',
      async () => {
        const summary = await reconcile(context, { olderThanMinutes: config.reconcileAfterMinutes });
        if (summary.checked > 0) app.log.info({ summary }, 'reconciliation');
      },
    ],
    [
      'mail',
      async () => {
        const sent = await deliverOutbox(context);
        if (sent > 0) app.log.info({ sent }, 'receipts sent');
      },
    ],
    [
      // Plans whose data resets every day, week or month (CONTRACTS §14): each boundary once.
      'data resets',
      async () => {
        const reset = await runDataResets(context);
        if (reset > 0) app.log.info({ reset }, 'data periods reset');
      },
    ],
    [
      'reminders',
      async () => {
        // A bot run on its own (`npm run bot`) sends the reminders, by e-mail and by chat.
        if (config.bot.token && process.env.SEPAR_BOT_IN_SERVER === '0') return;
        const counts = await runReminders(
          context,
          bot ? (chat, _language, text) => bot!.notify(chat, text) : undefined,
        );
        const queued = Object.values(counts).reduce((sum, n) => sum + n, 0);
        if (queued > 0) app.log.info({ counts }, 'reminders queued');
      },
    ],
    [
      // Nodes gone silent, and back (CONTRACTS §13), for the operators' chat.
      'nodes',
      async () => {
        await watchNodes(context);
      },
    ],
    [
      // The scheduled backup (SEPAR_BACKUP_INTERVAL_HOURS; 0 = off), once a period across the processes.
      'backup',
      async () => {
        const made = await runScheduledBackup(context);
        if (made)
          app.log.info(
            { file: made.file, bytes: made.bytes, removed: made.removed, sentTo: made.sentTo },
            'backup made',
          );
      },
    ],
    [
      // The operators' daily report, once a day across processes (CONTRACTS §13).
      'daily report',
      async () => {
        if (await dailyReport(context)) app.log.info('daily report written for the operators’ chat');
      },
    ],
    [
      'cleanup',
      async () => {
        const now = context.now();
        await purgeExpiredSessions(database.db, now);
        await purgeThrottle(database.db, now);
        await purgeAlive(database.db, now);
      },
    ],
  ];
  let jobRunning = false;
  const runJobs = async () => {
    if (jobRunning) return;
    jobRunning = true;
    for (const [name, job] of jobs) {
      try {
        await job();
      } catch (error) {
        app.log.error({ err: error, job: name }, 'background job failed');
      }
    }
    jobRunning = false;
  };
  const timer =
    config.reconcileIntervalSeconds > 0
      ? setInterval(() => void runJobs(), config.reconcileIntervalSeconds * 1000)
      : null;
  timer?.unref();
  if (timer) void runJobs();

  // The webhooks (CONTRACTS §13), on a timer of their own (every few seconds, not with the jobs
  // above): the new events to each webhook that asked, signed, retried with backoff.
  let webhooksRunning = false;
  const webhookTimer =
    config.webhookIntervalSeconds > 0
      ? setInterval(() => {
          if (webhooksRunning) return;
          webhooksRunning = true;
          deliverWebhooks(context)
            .then(({ delivered, failed }) => {
              if (delivered + failed > 0) app.log.info({ delivered, failed }, 'webhooks sent');
            })
            .catch((error: unknown) => app.log.error({ err: error, job: 'webhooks' }, 'background job failed'))
            .finally(() => {
              webhooksRunning = false;
            });
        }, config.webhookIntervalSeconds * 1000)
      : null;
  webhookTimer?.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    try {
      if (timer) clearInterval(timer);
      if (webhookTimer) clearInterval(webhookTimer);
      await radius.stop();
      await bot?.stop();
      await app.close();
      await context.nodes.registry.flush();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  try {
    const ports = await radius.start();
    if (ports.auth || ports.acct)
      app.log.info({ host: config.radius.host, ...ports }, 'RADIUS for OpenConnect servers is listening');
  } catch (error) {
    app.log.error(
      { err: error, host: config.radius.host, ports: [config.radius.authPort, config.radius.acctPort] },
      'RADIUS could not listen (set SEPAR_RADIUS_AUTH_PORT/SEPAR_RADIUS_ACCT_PORT, or 0 to turn it off); the shop runs without it',
    );
  }
  // The messaging bot, when it has a token and is not run on its own (`npm run bot`).
  if (config.bot.token && process.env.SEPAR_BOT_IN_SERVER !== '0') {
    context.log = app.log;
    try {
      bot = await startBot(context);
    } catch (error) {
      app.log.error({ err: error }, 'the messaging bot could not start; the shop runs without it');
    }
  }
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'sqlite' ? config.dataDir : undefined },
    `Separ is serving on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
