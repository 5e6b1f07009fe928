/**
 * Database errors are recognised in one place (`db/errors.ts`) by their codes, on both
 * databases: a unique or primary-key violation (SQLSTATE 23505; node:sqlite's errcode 2067 and
 * 1555), and a database that is away (a refused connection, a closed database), while other
 * errors (a NOT NULL violation, a syntax error) are neither.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from '../src/platform/db/errors.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';
import { freshDatabase, KINDS } from './harness.ts';

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe.each(KINDS)('database errors by their codes, on %s', (kind) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    fresh = await freshDatabase(kind);
    database = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 2 });
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.dispose();
  });

  it('recognises a primary-key and a unique violation, and nothing else as one', async () => {
    const { db } = database;
    await db.insertInto('settings').values({ key: 'codes.test', value: '1' }).execute();
    const primaryKey = await failure(() =>
      db.insertInto('settings').values({ key: 'codes.test', value: '2' }).execute(),
    );
    expect(isUniqueViolation(primaryKey)).toBe(true);
    expect(isDatabaseUnavailable(primaryKey)).toBe(false);

    const client = (name: string) =>
      db
        .insertInto('radius_clients')
        .values({
          ip: '192.0.2.9',
          name,
          secret_sealed: 'x',
          require_message_authenticator: 0,
          created_at: 'now',
        } as never)
        .execute();
    await client('first');
    const taken = await failure(() => client('second'));
    expect(isUniqueViolation(taken)).toBe(true);

    const notNull = await failure(() =>
      db
        .insertInto('settings')
        .values({ key: 'codes.null', value: null } as never)
        .execute(),
    );
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isDatabaseUnavailable(notNull)).toBe(false);
    const syntax = await failure(() => sql`selec 1`.execute(db));
    expect(isUniqueViolation(syntax)).toBe(false);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
  });

  it('recognises a database that is away', async () => {
    if (kind === 'postgres') {
      // Nothing listens on port 1: the connection is refused (ECONNREFUSED, marked at the connect).
      const away = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/separ', dataDir: fresh.dataDir });
      const error = await failure(() => away.db.selectFrom('settings').select('key').execute());
      await away.close();
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isUniqueViolation(error)).toBe(false);
      return;
    }
    // Another process holds the file's write lock past the busy timeout: SQLITE_BUSY (errcode 5).
    const intruder = new DatabaseSync(join(fresh.dataDir, 'separ.sqlite'));
    intruder.exec('PRAGMA busy_timeout = 0');
    intruder.exec('BEGIN EXCLUSIVE');
    try {
      const error = await failure(() =>
        database.db.insertInto('settings').values({ key: 'codes.busy', value: '1' }).execute(),
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isUniqueViolation(error)).toBe(false);
    } finally {
      intruder.exec('ROLLBACK');
      intruder.close();
    }
    // A file that cannot be opened: SQLITE_CANTOPEN (errcode 14).
    const unopened = (() => {
      try {
        new DatabaseSync(join(fresh.dataDir, 'no-such-dir', 'separ.sqlite'));
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(isDatabaseUnavailable(unopened)).toBe(true);
  }, 20_000);

  it('tells nothing of errors that are no database’s', () => {
    for (const error of [new Error('duplicate key value violates unique constraint'), new TypeError('x'), null, 'text'])
      expect([isUniqueViolation(error), isDatabaseUnavailable(error)]).toEqual([false, false]);
  });
});
