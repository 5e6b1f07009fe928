import { buildApp, defaultLogger } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { seedDemoData } from './db/seed.ts';

/** `npm start`: migrate, seed a fresh database, serve, and drain on SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database);
  await seedDemoData(database.db, new Date());
  const app = await buildApp({ config, database, logger: defaultLogger(process.env.SEPAR_LOG_LEVEL ?? 'info') });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    try {
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
