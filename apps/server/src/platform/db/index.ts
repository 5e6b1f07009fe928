import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { markConnectionFailure } from './errors.ts';
import { CodeMigrationProvider, type DatabaseKind } from './migrations.ts';
import type { Database } from './schema.ts';
import { nodeSqliteDialect, openSqlite } from './sqlite.ts';

export type { DatabaseKind } from './migrations.ts';
export type Db = Kysely<Database>;

/** An open database: the query layer, which dialect it speaks, and how to close it. */
export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Like libpq, a URL without a user name connects as PGUSER or the operating-system user. */
export function withDefaultUser(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (!url.username) url.username = encodeURIComponent(process.env.PGUSER ?? process.env.USER ?? userInfo().username);
    return url.toString();
  } catch {
    return databaseUrl;
  }
}

/**
 * The pool as Kysely calls it, with every error of a connect or a query passed through
 * `markConnectionFailure` (db/errors.ts): the driver's errors without a SQLSTATE are a lost
 * connection, which the HTTP layer answers 503.
 */
function markingFailures(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => Promise.reject(markConnectionFailure(error, true)));
      return {
        query(...args: unknown[]) {
          const result = (client.query as (...a: unknown[]) => unknown).apply(client, args);
          return result instanceof Promise
            ? result.catch((error: unknown) => Promise.reject(markConnectionFailure(error)))
            : result;
        },
        release: () => client.release(),
      } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** Opens PostgreSQL when a URL is given, else the embedded SQLite file in the data directory. */
export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: withDefaultUser(options.databaseUrl),
      max: options.poolSize ?? 10,
      // Counts and bigint columns come back as numbers: every value we store fits in 2^53.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A client that dies must not crash the process. Idle ones report to the pool; a client that is
    // checked out when its connection is killed (the database restarting mid-query) emits 'error'
    // itself, and pg-pool removes its own listener while a client is out — so each client keeps one.
    // The query in flight fails on its own and the request answers 503 (test/faults.test.ts).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: markingFailures(pool) }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const database = openSqlite(join(options.dataDir, 'separ.sqlite'));
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(database) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({ db: handle.db, provider: new CodeMigrationProvider(handle.kind) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Runs `fn` in a transaction: the caller's, when `db` is one already, else a new one. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** The migrations not yet applied to the database, by name, oldest first (nothing is written). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new CodeMigrationProvider(handle.kind) });
  return (await migrator.getMigrations())
    .filter((migration) => !migration.executedAt)
    .map((migration) => migration.name);
}
