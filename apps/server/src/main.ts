import { buildApp, defaultLogger } from './app.ts';
import { createContext } from './context.ts';
import { deliverOutbox } from './payments/mail.ts';
import { reconcile } from './payments/reconcile.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { seedDemoData } from './db/seed.ts';

/** `npm start`: migrate, seed a fresh database, serve, and drain on SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database);
  await seedDemoData(database.db, new Date());
  const context = createContext(config, database);
  const app = await buildApp({
    config,
    database,
    context,
    logger: defaultLogger(process.env.SEPAR_LOG_LEVEL ?? 'info'),
  });

  // Reconciliation and mail: pending orders are settled with the gateways, receipts are sent.
  let jobRunning = false;
  const runJobs = async () => {
    if (jobRunning) return;
    jobRunning = true;
    try {
      const summary = await reconcile(context, { olderThanMinutes: config.reconcileAfterMinutes });
      if (summary.checked > 0) app.log.info({ summary }, 'reconciliation');
      const sent = await deliverOutbox(context);
      if (sent > 0) app.log.info({ sent }, 'receipts sent');
    } catch (error) {
      app.log.error({ err: error }, 'background job failed');
    } finally {
      jobRunning = false;
    }
  };
  const timer =
    config.reconcileIntervalSeconds > 0
      ? setInterval(() => void runJobs(), config.reconcileIntervalSeconds * 1000)
      : null;
  timer?.unref();
  if (timer) void runJobs();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    try {
      if (timer) clearInterval(timer);
      await app.close();
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
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'sqlite' ? config.dataDir : undefined },
    `Separ is serving on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
