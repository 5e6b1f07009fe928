import { mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { Kysely, sql } from 'kysely';
import { audit, type Actor } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { nodeSqliteDialect, openSqlite } from '../../platform/db/sqlite.ts';
import { AppError, conflict, invalid } from '../../platform/errors.ts';
import { sendDocumentsToOperators } from '../messaging/index.ts';
import { BACKUP_FORMAT, BackupUnreadable, backupLines, verifyBackup, writeBackupFile } from './format.ts';
import {
  appliedMigrations,
  insertRows,
  payloadLines,
  shopTables,
  tablesSeededByMigrations,
  type PayloadMeta,
  type PayloadSummary,
  type TableShape,
  type Value,
} from './payload.ts';

/** The data directory's folder of scheduled backups (and of `backup create` without `--out`). */
export function backupsDir(ctx: AppContext): string {
  return join(ctx.config.dataDir, 'backups');
}

const FILE_PREFIX = 'separ-';
const FILE_SUFFIX = '.backup';

/** A backup's file name for its time: `separ-2026-06-01T12-00-00Z.backup`, sorting as it was made. */
export function backupFileName(at: Date): string {
  return `${FILE_PREFIX}${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}${FILE_SUFFIX}`;
}

/**
 * Runs `read` on a snapshot of the database, so that the backup is of one moment while the shop
 * goes on: on SQLite, a copy (`VACUUM INTO`, made at once in the data directory and removed after),
 * read through its own connection, which leaves the shop's connection free; on PostgreSQL, one
 * connection in a read-only repeatable-read transaction.
 */
async function withSnapshot<T>(ctx: AppContext, read: (db: Db) => Promise<T>): Promise<T> {
  if (ctx.database.kind === 'sqlite') {
    mkdirSync(backupsDir(ctx), { recursive: true, mode: 0o700 });
    const dir = await mkdtemp(join(backupsDir(ctx), '.snapshot-'));
    try {
      const file = join(dir, 'snapshot.sqlite');
      await sql`vacuum into ${file}`.execute(ctx.db);
      const copy = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqlite(file)) });
      try {
        return await read(copy);
      } finally {
        await copy.destroy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return ctx.db.connection().execute(async (connection) => {
    await sql`begin isolation level repeatable read read only`.execute(connection);
    try {
      return await read(connection);
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
}

export interface BackupMade {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
}

/**
 * `separ-admin backup create [--out FILE]`: every table in one file, encrypted and authenticated
 * under the shop's secret key (format.ts, payload.ts). Audited as `backup.create`.
 */
export async function createBackup(ctx: AppContext, options: { out?: string; actor: Actor }): Promise<BackupMade> {
  const now = ctx.now();
  let file: string;
  if (options.out) file = resolve(options.out);
  else {
    mkdirSync(backupsDir(ctx), { recursive: true, mode: 0o700 });
    file = join(backupsDir(ctx), backupFileName(now));
  }
  const summary: PayloadSummary = { tables: 0, rows: 0 };
  const createdAt = now.toISOString();
  const bytes = await withSnapshot(ctx, (db) =>
    writeBackupFile(
      file,
      ctx.secrets.box,
      createdAt,
      payloadLines(db, ctx.database.kind, { format: BACKUP_FORMAT, createdAt }, summary),
    ),
  );
  await audit(ctx.db, ctx, {
    actor: options.actor,
    action: 'backup.create',
    target: basename(file),
    after: { bytes, tables: summary.tables, rows: summary.rows },
  });
  return { file, bytes, ...summary };
}

export interface BackupRestored {
  tables: number;
  rows: number;
  createdAt: string;
  from: string;
}

/** Rows a statement inserts at most: well under both databases' limit of parameters. */
const MAX_PARAMETERS = 4000;

type Line =
  | PayloadMeta
  | { table: string; columns: Array<[string, string]> }
  | { end: string; rows: number }
  | { done: true; tables: number; rows: number }
  | Value[];

/**
 * `separ-admin backup restore FILE`: the backup into this database, which must hold no row of a
 * shop (migrated and empty). The whole file is read and its tag checked first: a file of another key
 * or changed by one byte is refused before anything is written. Then one transaction: the rows in
 * the order of the foreign keys, PostgreSQL's sequences moved past them, the audit entry
 * `backup.restore`. Anything wrong rolls it all back, and the database still takes a good file.
 */
export async function restoreBackup(ctx: AppContext, file: string, actor: Actor): Promise<BackupRestored> {
  const path = resolve(file);
  try {
    await verifyBackup(path, ctx.secrets.box);
  } catch (error) {
    if (error instanceof BackupUnreadable) throw invalid(error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw invalid(`No file ${path}.`);
    throw error;
  }
  const kind = ctx.database.kind;
  const seeded = await tablesSeededByMigrations();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const tables = new Map((await shopTables(trx, kind)).map((t) => [t.name, t]));
      // Empty of the shop: no row but those the migrations write themselves.
      const holding: string[] = [];
      for (const name of tables.keys()) {
        if (seeded.has(name)) continue;
        const { rows } = await sql<{ one: number }>`select 1 as one from ${sql.table(name)} limit 1`.execute(trx);
        if (rows.length > 0) holding.push(name);
      }
      if (holding.length > 0)
        throw conflict(
          `This database already holds a shop (rows in ${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''}): a backup is restored only into an empty one. Create a new database (or data directory), then restore.`,
        );
      if (kind === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
      for (const name of seeded) if (tables.has(name)) await sql`delete from ${sql.table(name)}`.execute(trx);

      const lines = backupLines(path, ctx.secrets.box);
      const first = await lines.next();
      const meta = (first.done ? null : JSON.parse(first.value)) as PayloadMeta | null;
      if (!meta || meta.separ !== 'backup' || meta.format !== BACKUP_FORMAT)
        throw invalid('This backup holds no shop this Separ can read.');
      const here = await appliedMigrations(trx);
      if (meta.migrations.join(',') !== here.join(',')) {
        const theirs = meta.migrations.at(-1) ?? 'none';
        const ours = here.at(-1) ?? 'none';
        throw invalid(
          `This backup was made by a Separ at migration ${theirs}, this one is at ${ours}: restore it with the same version of Separ, then upgrade.`,
        );
      }
      let table: TableShape | null = null;
      let columns: string[] = [];
      let batch: Value[][] = [];
      let batchRows = 1;
      let counted = 0;
      let total = 0;
      let restoredTables = 0;
      let done: { tables: number; rows: number } | null = null;
      const flush = async () => {
        if (table && batch.length > 0) await insertRows(table.name, columns, batch).execute(trx);
        batch = [];
      };
      for await (const text of lines) {
        if (done) throw invalid('This backup goes on after its end.');
        const line = JSON.parse(text) as Line;
        if (Array.isArray(line)) {
          if (!table || line.length !== columns.length) throw invalid('This backup holds a row outside its table.');
          batch.push(line);
          counted++;
          if (batch.length >= batchRows) await flush();
        } else if ('table' in line) {
          if (table) throw invalid(`This backup's table ${table.name} has no end.`);
          const target = tables.get(line.table);
          if (!target) throw invalid(`This backup holds a table this Separ does not have: ${line.table}.`);
          const known = new Set(target.columns.map(([name]) => name));
          const missing = line.columns.map(([name]) => name).filter((name) => !known.has(name));
          if (missing.length > 0)
            throw invalid(`This backup's table ${line.table} has columns this Separ does not: ${missing.join(', ')}.`);
          table = target;
          columns = line.columns.map(([name]) => name);
          batchRows = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length)));
          counted = 0;
        } else if ('end' in line) {
          if (!table || line.end !== table.name || line.rows !== counted)
            throw invalid('This backup is damaged: a table ends where it did not begin, or with rows missing.');
          await flush();
          for (const column of table.serial)
            await sql`select setval(pg_get_serial_sequence(${table.name}, ${column}),
              coalesce((select max(${sql.id(column)}) from ${sql.table(table.name)}), 0) + 1, false)`.execute(trx);
          total += counted;
          restoredTables++;
          table = null;
        } else if ('done' in line) {
          if (table || line.tables !== restoredTables || line.rows !== total)
            throw invalid('This backup is damaged: its end does not match what it holds.');
          done = line;
        } else throw invalid('This backup holds a line this Separ cannot read.');
      }
      if (!done) throw invalid('This backup is cut short: it has no end.');
      await audit(trx, ctx, {
        actor,
        action: 'backup.restore',
        target: basename(path),
        after: { createdAt: meta.createdAt, from: meta.databaseKind, tables: restoredTables, rows: total },
      });
      return { tables: restoredTables, rows: total, createdAt: meta.createdAt, from: meta.databaseKind };
    });
  } catch (error) {
    if (error instanceof BackupUnreadable) throw invalid(error.message);
    if (error instanceof SyntaxError) throw invalid('This backup is damaged: a line of it is not JSON.');
    if (error instanceof AppError) throw error;
    throw new Error(`The restore failed and nothing of it was kept: ${(error as Error).message}`, { cause: error });
  }
}

/** The scheduled backups' context: the platform's, whose log the job reports to. */
export type BackupContext = AppContext;

/** The start of the period `at` falls in, every `hours` hours from the Unix epoch (UTC). */
function periodStart(at: Date, hours: number): string {
  const ms = hours * 3_600_000;
  return new Date(Math.floor(at.getTime() / ms) * ms).toISOString();
}

/**
 * The scheduled backup (SEPAR_BACKUP_INTERVAL_HOURS, a job of main.ts): once a period across every
 * process (the period's row in `backup_runs` is taken by one insert), into `backups/`, keeping the
 * last SEPAR_BACKUP_KEEP, and sent to the operators' chats in parts under the Bot API's limit.
 * Answers what it made, or null when the period's backup is made already (or backups are off).
 */
export async function runScheduledBackup(
  ctx: BackupContext,
): Promise<(BackupMade & { removed: string[]; sentTo: number }) | null> {
  const { intervalHours, keep } = ctx.config.backup;
  if (intervalHours <= 0) return null;
  const now = ctx.now();
  const slot = periodStart(now, intervalHours);
  const taken = await ctx.db
    .insertInto('backup_runs')
    .values({
      slot,
      started_at: now.toISOString(),
      finished_at: null,
      file: null,
      bytes: null,
      error: null,
      sent_to: null,
    })
    .onConflict((oc) => oc.column('slot').doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  let made: BackupMade;
  try {
    made = await createBackup(ctx, { actor: 'schedule' });
  } catch (error) {
    await ctx.db
      .updateTable('backup_runs')
      .set({ finished_at: ctx.now().toISOString(), error: String((error as Error).message).slice(0, 500) })
      .where('slot', '=', slot)
      .execute();
    throw error;
  }
  const removed = await pruneBackups(ctx, keep);
  const sentTo = (await sendDocumentsToOperators(ctx, backupParts(made.file, ctx.config.backup.partBytes))).length;
  await ctx.db
    .updateTable('backup_runs')
    .set({ finished_at: ctx.now().toISOString(), file: basename(made.file), bytes: made.bytes, sent_to: sentTo })
    .where('slot', '=', slot)
    .execute();
  return { ...made, removed, sentTo };
}

/** The newest scheduled backup's record (for `separ-admin doctor`), or null when none was made yet. */
export async function lastScheduledBackup(ctx: AppContext): Promise<{
  startedAt: string;
  finishedAt: string | null;
  file: string | null;
  bytes: number | null;
  error: string | null;
  sentTo: number | null;
} | null> {
  const row = await ctx.db
    .selectFrom('backup_runs')
    .select(['started_at', 'finished_at', 'file', 'bytes', 'error', 'sent_to'])
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    file: row.file,
    bytes: row.bytes === null ? null : Number(row.bytes),
    error: row.error,
    sentTo: row.sent_to === null ? null : Number(row.sent_to),
  };
}

/** Removes all but the newest `keep` backups of `backups/` (only the files this module names). */
export async function pruneBackups(ctx: AppContext, keep: number): Promise<string[]> {
  const names = (await readdir(backupsDir(ctx)).catch(() => [] as string[]))
    .filter((name) => name.startsWith(FILE_PREFIX) && name.endsWith(FILE_SUFFIX))
    .sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await rm(join(backupsDir(ctx), name), { force: true });
  return removed;
}

/**
 * A file in parts of at most `partBytes`, read one part at a time: `name.part1of3`, … (numbered to sort,
 * joined again with `cat name.part* > name`). A file that fits is one part under its own name.
 */
export async function* backupParts(
  file: string,
  partBytes: number,
): AsyncGenerator<{ bytes: Uint8Array; filename: string; caption: string }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const count = Math.max(1, Math.ceil(size / partBytes));
    const name = basename(file);
    const digits = String(count).length;
    for (let i = 0; i < count; i++) {
      const bytes = Buffer.alloc(Math.min(partBytes, size - i * partBytes));
      await handle.read(bytes, 0, bytes.length, i * partBytes);
      const part = String(i + 1).padStart(digits, '0');
      yield {
        bytes,
        filename: count === 1 ? name : `${name}.part${part}of${count}`,
        caption: count === 1 ? name : `${name} (${i + 1}/${count})`,
      };
    }
  } finally {
    await handle.close();
  }
}
