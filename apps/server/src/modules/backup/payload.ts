import { DatabaseSync } from 'node:sqlite';
import { Kysely, Migrator, sql, type RawBuilder } from 'kysely';
import type { Db, DatabaseKind } from '../../platform/db/index.ts';
import { CodeMigrationProvider } from '../../platform/db/migrations.ts';
import type { Database } from '../../platform/db/schema.ts';
import { nodeSqliteDialect } from '../../platform/db/sqlite.ts';

/**
 * The backup's payload: every table of the shop as JSON lines, in a form that names no database
 * kind, so that a SQLite shop restores into PostgreSQL and back.
 *
 *   {"separ":"backup","format":1,"createdAt":…,"databaseKind":…,"migrations":[…]}
 *   {"table":"users","columns":[["id","int"],["username","text"],…]}
 *   [1,"ali",…]                                    one line a row, the columns' order
 *   {"end":"users","rows":1}
 *   …
 *   {"done":true,"tables":37,"rows":1234}
 *
 * The tables are read from the database itself (every table the migrations made, Kysely's own
 * excepted), in the order of their foreign keys, so that a new migration's table is in the next
 * backup with nothing to add here. A value is JSON's own (text, a number, null, a boolean), or
 * `{"b":base64}` for bytes (a receipt's image), or `{"i":"digits"}` for an integer beyond 2^53
 * (integers are read as text, so none loses a digit on the way). Times are text on both kinds, flags
 * 0/1 integers: both go as they are.
 */

export type ColumnKind = 'int' | 'real' | 'text' | 'blob' | 'other';

export interface TableShape {
  name: string;
  columns: Array<[name: string, kind: ColumnKind]>;
  /** Columns a PostgreSQL sequence fills (serial): their sequence is set past the restored rows. */
  serial: string[];
}

export type Value = string | number | boolean | null | { b: string } | { i: string };

function kindOf(type: string): ColumnKind {
  const t = type.toLowerCase();
  if (t.includes('int') || t.includes('serial')) return 'int';
  if (t.includes('blob') || t === 'bytea') return 'blob';
  if (t.includes('real') || t.includes('double') || t.includes('float') || t.includes('numeric')) return 'real';
  if (t.includes('text') || t.includes('char')) return 'text';
  return 'other';
}

/** The shop's tables, parents before the tables whose foreign keys name them. */
export async function shopTables(db: Db, kind: DatabaseKind): Promise<TableShape[]> {
  let schema: string | null = null;
  if (kind === 'postgres')
    schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
  const tables = (await db.introspection.getTables())
    .filter((t) => !t.isView && (schema === null || t.schema === schema))
    .map((t) => ({
      name: t.name,
      columns: t.columns.map((c) => [c.name, kindOf(c.dataType)] as [string, ColumnKind]),
      serial: kind === 'postgres' ? t.columns.filter((c) => c.isAutoIncrementing).map((c) => c.name) : [],
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const edges =
    kind === 'postgres'
      ? (
          await sql<{ child: string; parent: string }>`select tc.relname as child, rc.relname as parent
            from pg_constraint c join pg_class tc on tc.oid = c.conrelid join pg_class rc on rc.oid = c.confrelid
            join pg_namespace n on n.oid = tc.relnamespace
            where c.contype = 'f' and n.nspname = ${schema}`.execute(db)
        ).rows
      : (
          await sql<{ child: string; parent: string }>`select m.name as child, p."table" as parent
            from sqlite_master m, pragma_foreign_key_list(m.name) p where m.type = 'table'`.execute(db)
        ).rows;
  return parentsFirst(tables, edges);
}

/** Kahn's order: a table after every table it refers to (a cycle, which Separ has none of, keeps its order). */
function parentsFirst(tables: TableShape[], edges: Array<{ child: string; parent: string }>): TableShape[] {
  const names = new Set(tables.map((t) => t.name));
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of edges)
    if (child !== parent && names.has(child) && names.has(parent)) parents.get(child)!.add(parent);
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((t) => [...parents.get(t.name)!].every((p) => placed.has(p)));
    const next = ready.length > 0 ? ready : remaining.slice(0, 1);
    for (const t of next) {
      ordered.push(t);
      placed.add(t.name);
    }
    remaining = remaining.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** The migrations a database has applied, by name. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

const SAFE_DIGITS = /^-?\d{1,15}$/;

/** A value read from the database as it goes into the file. */
function encode(value: unknown, kind: ColumnKind): Value {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return { b: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : { i: String(value) };
  if (kind === 'int' && typeof value === 'string' && /^-?\d+$/.test(value)) {
    const n = Number(value);
    return SAFE_DIGITS.test(value) || Number.isSafeInteger(n) ? n : { i: value };
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** A value of the file as a query parameter of either database. */
export function decode(value: Value): unknown {
  if (value !== null && typeof value === 'object') {
    if ('b' in value && typeof value.b === 'string') return Buffer.from(value.b, 'base64');
    if ('i' in value && typeof value.i === 'string' && /^-?\d+$/.test(value.i)) return value.i;
    throw new Error('A value of the backup is neither bytes nor a whole number.');
  }
  return value;
}

const PAGE_ROWS = 500;

/**
 * A table's rows, a page at a time, each as the file's array of values: on SQLite by rowid (each
 * page found by the key, however long the table), on PostgreSQL through a cursor of the snapshot's
 * transaction.
 */
async function* tableRows(db: Db, kind: DatabaseKind, table: TableShape): AsyncGenerator<Value[]> {
  const columns = table.columns.map(([name, kind], i) =>
    kind === 'int'
      ? sql`cast(${sql.id(name)} as text) as ${sql.id(`c${i}`)}`
      : sql`${sql.id(name)} as ${sql.id(`c${i}`)}`,
  );
  const values = (row: Record<string, unknown>) => table.columns.map(([, kind], i) => encode(row[`c${i}`], kind));
  if (kind === 'sqlite') {
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const { rows } = await sql<Record<string, unknown> & { r: number }>`select rowid as r, ${sql.join(columns)}
        from ${sql.table(table.name)} where rowid > ${after} order by rowid limit ${PAGE_ROWS}`.execute(db);
      for (const row of rows) yield values(row);
      if (rows.length < PAGE_ROWS) return;
      after = rows[rows.length - 1]!.r;
    }
  }
  const order = sql.join(table.columns.map(([name]) => sql.id(name)));
  await sql`declare separ_backup no scroll cursor for select ${sql.join(columns)} from ${sql.table(table.name)}
    order by ${order}`.execute(db);
  try {
    for (;;) {
      const { rows } = await sql<
        Record<string, unknown>
      >`fetch forward ${sql.lit(PAGE_ROWS)} from separ_backup`.execute(db);
      for (const row of rows) yield values(row);
      if (rows.length < PAGE_ROWS) return;
    }
  } finally {
    await sql`close separ_backup`.execute(db);
  }
}

export interface PayloadMeta {
  separ: 'backup';
  format: number;
  createdAt: string;
  databaseKind: DatabaseKind;
  migrations: string[];
}

export interface PayloadSummary {
  tables: number;
  rows: number;
}

/** The payload's lines, read from `db` (a snapshot: nothing may change while it is read). */
export async function* payloadLines(
  db: Db,
  kind: DatabaseKind,
  meta: Omit<PayloadMeta, 'separ' | 'databaseKind' | 'migrations'>,
  summary: PayloadSummary,
): AsyncGenerator<string> {
  const head: PayloadMeta = { separ: 'backup', ...meta, databaseKind: kind, migrations: await appliedMigrations(db) };
  yield JSON.stringify(head);
  for (const table of await shopTables(db, kind)) {
    yield JSON.stringify({ table: table.name, columns: table.columns });
    let rows = 0;
    for await (const row of tableRows(db, kind, table)) {
      yield JSON.stringify(row);
      rows++;
    }
    yield JSON.stringify({ end: table.name, rows });
    summary.tables++;
    summary.rows += rows;
  }
  yield JSON.stringify({ done: true, tables: summary.tables, rows: summary.rows });
}

let seeded: Promise<Set<string>> | null = null;

/**
 * The tables the migrations themselves put rows in (the nodes' list version): a database holding
 * only those is empty of the shop. Found by migrating a scratch database in memory, so that it
 * stays true when a migration adds one.
 */
export function tablesSeededByMigrations(): Promise<Set<string>> {
  seeded ??= (async () => {
    const scratch = new Kysely<Database>({ dialect: nodeSqliteDialect(new DatabaseSync(':memory:')) });
    try {
      const { error } = await new Migrator({
        db: scratch,
        provider: new CodeMigrationProvider('sqlite'),
      }).migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      const names = new Set<string>();
      for (const table of await shopTables(scratch, 'sqlite')) {
        const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`.execute(scratch);
        if (Number(rows[0]?.n ?? 0) > 0) names.add(table.name);
      }
      return names;
    } finally {
      await scratch.destroy();
    }
  })().catch((error: unknown) => {
    seeded = null;
    throw error;
  });
  return seeded;
}

/** An insert of some rows of one table. */
export function insertRows(table: string, columns: string[], rows: Value[][]): RawBuilder<unknown> {
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))}) values ${sql.join(
    rows.map((row) => sql`(${sql.join(row.map(decode))})`),
  )}`;
}
