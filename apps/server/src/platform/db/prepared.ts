import { PostgresAdapter, type Compilable, type CompiledQuery, type RawBuilder } from 'kysely';
import type { DatabaseKind } from './migrations.ts';
import type { Db } from './index.ts';

const SENTINEL = '\u0000separ-parameter:';

type Slot<Name extends string> = { name: Name } | { fixed: unknown };

/** Which SQL a database (or a transaction of it) speaks. */
export function dialectOf(db: Db): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A query of the hot path built once per dialect: Kysely compiles it to SQL with named
 * placeholders at the first call, and every later call only fills in the values. Building and
 * compiling a query costs more than running it on SQLite (docs/BENCHMARKS.md: the session lookup
 * ran at 18,400 requests/s built per request and 28,500 compiled once), and since the SQL text
 * stays the same, the driver's prepared statement is reused as well.
 *
 * `build` receives the database, its dialect and `param(name)`, which stands for a value given at
 * each call. Works on a transaction as on the database.
 */
export function prepare<Name extends string, Row>(
  build: (db: Db, kind: DatabaseKind, param: (name: Name) => never) => Compilable<Row> | RawBuilder<Row>,
): (db: Db, values: Record<Name, unknown>) => Promise<Row[]> {
  const compiled = new Map<DatabaseKind, { query: CompiledQuery<Row>; slots: Slot<Name>[] }>();

  function compile(db: Db, kind: DatabaseKind) {
    const used = new Set<string>();
    const builder = build(db, kind, (name) => {
      used.add(name);
      return `${SENTINEL}${name}` as never;
    });
    const query = 'isRawBuilder' in builder ? builder.compile(db) : builder.compile();
    const slots = query.parameters.map((value): Slot<Name> =>
      typeof value === 'string' && value.startsWith(SENTINEL)
        ? { name: value.slice(SENTINEL.length) as Name }
        : { fixed: value },
    );
    for (const name of used)
      if (!slots.some((slot) => 'name' in slot && slot.name === name))
        throw new Error(`The prepared query lost its parameter "${name}".`);
    return { query, slots };
  }

  return async (db, values) => {
    const kind = dialectOf(db);
    let entry = compiled.get(kind);
    if (!entry) {
      entry = compile(db, kind);
      compiled.set(kind, entry);
    }
    const parameters = entry.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.fixed));
    const result = await db.executeQuery<Row>({ ...entry.query, parameters });
    return result.rows;
  };
}
