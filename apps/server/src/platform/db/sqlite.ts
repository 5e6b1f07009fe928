import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * A lock that hands the connection to the longest waiter, and to that one only.
 *
 * Kysely's own SQLite driver (0.28) waits with `while (promise) await promise`: every release
 * wakes every waiter, one of them wins and the others wait again. Here a release resumes exactly
 * one waiter, in order. Under the benchmark's load this made no measurable difference (queries
 * run synchronously and rarely contend; docs/BENCHMARKS.md); it matters when transactions hold
 * the connection across awaits while requests queue behind them.
 */
export class FifoLock {
  #locked = false;
  #waiters: Array<() => void> = [];
  #head = 0;

  /** Resolves when the caller holds the lock. */
  acquire(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Hands the lock to the next waiter, or frees it. */
  release(): void {
    if (this.#head < this.#waiters.length) {
      const next = this.#waiters[this.#head]!;
      this.#waiters[this.#head++] = noop;
      if (this.#head === this.#waiters.length) {
        this.#waiters = [];
        this.#head = 0;
      }
      next(); // the lock passes on: it stays taken
    } else {
      this.#locked = false;
    }
  }

  /** How many callers are waiting (for tests and diagnostics). */
  get waiting(): number {
    return this.#waiters.length - this.#head;
  }
}

const noop = () => undefined;

function toSqlite(parameters: readonly unknown[]): SQLInputValue[] {
  return parameters.map((value) => {
    if (value === undefined) return null;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    return value as SQLInputValue;
  });
}

const MAX_CACHED_STATEMENTS = 500;

/** A query that only reads: running it again changes nothing. */
const READ_ONLY = /^\s*(select|with|pragma)\b/i;

/**
 * The rows of a statement that returns rows, whatever integers they hold (CONTRACTS §15: no stored
 * value can make a list fail). node:sqlite refuses to read an INTEGER above 2^53 − 1 as a number
 * (RangeError): a read-only query that meets one is read again with BigInts, which become the
 * nearest number; a statement that writes and returns rows (RETURNING) is read with BigInts at once,
 * since it cannot run twice. Rows within range cost nothing extra.
 */
function readRows(stmt: StatementSync, sql: string, parameters: SQLInputValue[]): unknown[] {
  if (READ_ONLY.test(sql)) {
    try {
      return stmt.all(...parameters);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }
  stmt.setReadBigInts(true);
  try {
    return stmt.all(...parameters).map(numbersOf);
  } finally {
    stmt.setReadBigInts(false);
  }
}

function numbersOf(row: unknown): unknown {
  const record = row as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === 'bigint') record[key] = Number(value);
  }
  return record;
}

/** One node:sqlite connection with a cache of prepared statements. */
class NodeSqliteConnection implements DatabaseConnection {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, { stmt: StatementSync; reader: boolean }>();

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  #prepare(sql: string) {
    let entry = this.#statements.get(sql);
    if (!entry) {
      const stmt = this.#database.prepare(sql);
      entry = { stmt, reader: stmt.columns().length > 0 };
      if (this.#statements.size >= MAX_CACHED_STATEMENTS)
        this.#statements.delete(this.#statements.keys().next().value as string);
      this.#statements.set(sql, entry);
    }
    return entry;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { stmt, reader } = this.#prepare(compiledQuery.sql);
    const parameters = toSqlite(compiledQuery.parameters);
    if (reader) return Promise.resolve({ rows: readRows(stmt, compiledQuery.sql, parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(...parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Only select queries can be streamed.');
    const { stmt } = this.#prepare(compiledQuery.sql);
    stmt.setReadBigInts(true);
    try {
      for (const row of stmt.iterate(...toSqlite(compiledQuery.parameters))) yield { rows: [numbersOf(row) as R] };
    } finally {
      stmt.setReadBigInts(false);
    }
  }

  close() {
    this.#statements.clear();
    if (this.#database.isOpen) this.#database.close();
  }
}

/** SQLite has one connection: a query or a transaction holds it until it is done, the others queue. */
class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  readonly #lock = new FifoLock();

  constructor(database: DatabaseSync) {
    this.#connection = new NodeSqliteConnection(database);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#connection;
  }

  /**
   * BEGIN IMMEDIATE: a transaction takes the write lock when it starts. A deferred one that reads
   * and then writes, while another process (separ-admin, a second server) writes, cannot upgrade its
   * lock and fails with SQLITE_BUSY at once, whatever the busy timeout; an immediate one waits its turn.
   */
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection() {
    this.#lock.release();
  }

  async destroy() {
    this.#connection.close();
  }
}

/** Opens (or creates) the SQLite file with WAL and synchronous durable writes. */
export function openSqlite(path: string): DatabaseSync {
  const database = new DatabaseSync(path, { timeout: 5000 });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  return database;
}

/** A Kysely dialect over a node:sqlite database (no native addon): Kysely's SQLite compiler, our driver. */
export function nodeSqliteDialect(database: DatabaseSync): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new NodeSqliteDriver(database),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}
