import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; this adapter gives it node:sqlite's
 * DatabaseSync (no native addon), with a cache of prepared statements.
 */
class CachedStatement {
  readonly reader: boolean;
  private readonly stmt: StatementSync;

  constructor(stmt: StatementSync) {
    this.stmt = stmt;
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: readonly unknown[]) {
    return this.stmt.all(...toSqlite(parameters));
  }
  run(parameters: readonly unknown[]) {
    return this.stmt.run(...toSqlite(parameters));
  }
  iterate(parameters: readonly unknown[]) {
    return this.stmt.iterate(...toSqlite(parameters));
  }
}

function toSqlite(parameters: readonly unknown[]): SQLInputValue[] {
  return parameters.map((value) => {
    if (value === undefined) return null;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    return value as SQLInputValue;
  });
}

const MAX_CACHED_STATEMENTS = 500;

/** Opens (or creates) the SQLite file with WAL and synchronous durable writes. */
export function openSqlite(path: string): DatabaseSync {
  const database = new DatabaseSync(path, { timeout: 5000 });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  return database;
}

/** A Kysely dialect over a node:sqlite database. */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  const cache = new Map<string, CachedStatement>();
  const adapter = {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = new CachedStatement(database.prepare(sql));
        if (cache.size >= MAX_CACHED_STATEMENTS) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      cache.clear();
      if (database.isOpen) database.close();
    },
  };
  // The adapter implements the part of better-sqlite3's interface that Kysely's driver calls.
  return new SqliteDialect({
    database: adapter as unknown as ConstructorParameters<typeof SqliteDialect>[0]['database'],
  });
}
