import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';
import { FifoLock } from '../src/platform/db/sqlite.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FifoLock', () => {
  it('hands the lock to one waiter at a time, in the order they came', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    await lock.acquire();
    const waiters = [1, 2, 3].map((n) => lock.acquire().then(() => order.push(n)));
    await tick();
    expect(order).toEqual([]);
    expect(lock.waiting).toBe(3);

    lock.release();
    await tick();
    // One release resumes one waiter: the others stay asleep.
    expect(order).toEqual([1]);
    expect(lock.waiting).toBe(2);

    lock.release();
    lock.release();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    lock.release();
    // Free again: the next caller gets it at once.
    let got = false;
    void lock.acquire().then(() => (got = true));
    await tick();
    expect(got).toBe(true);
  });
});

describe('the node:sqlite driver', () => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'separ-sqlite-'));
    handle = openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a query out of another caller’s open transaction: it waits, and never sees what was rolled back', async () => {
    const { db } = handle;
    let inside!: () => void;
    const insideTransaction = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('settings').values({ key: 'uncommitted', value: 'x' }).execute();
        inside();
        await finishing;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);

    await insideTransaction;
    let read: unknown[] | null = null;
    const reading = db
      .selectFrom('settings')
      .selectAll()
      .where('key', '=', 'uncommitted')
      .execute()
      .then((rows) => (read = rows));
    await tick();
    expect(read).toBeNull(); // queued behind the transaction, not run inside it
    finish();
    expect(await transaction).toBe('roll back');
    await reading;
    expect(read).toEqual([]);
  });

  it('reports changed rows and inserted ids as Kysely expects', async () => {
    const { db } = handle;
    const insert = await db.insertInto('settings').values({ key: 'a', value: '1' }).executeTakeFirst();
    expect(typeof insert.insertId).toBe('bigint');
    const update = await db.updateTable('settings').set({ value: '2' }).where('key', '=', 'a').executeTakeFirst();
    expect(update.numUpdatedRows).toBe(1n);
    const rows: string[] = [];
    for await (const row of db.selectFrom('settings').select('value').where('key', '=', 'a').stream())
      rows.push(row.value);
    expect(rows).toEqual(['2']);
  });
});
