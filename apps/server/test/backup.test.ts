import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { runAdmin } from '../src/cli/admin.ts';
import { createContext, type ShopContext } from '../src/root.ts';
import { loadConfig } from '../src/platform/config.ts';
import { migrateToLatest, openDatabase, type DatabaseKind } from '../src/platform/db/index.ts';
import { createAccount } from '../src/modules/accounts/accounts.ts';
import { runScheduledBackup } from '../src/modules/backup/index.ts';
import { writeBackupFile } from '../src/modules/backup/format.ts';
import { shopTables } from '../src/modules/backup/payload.ts';
import { FakeBotApi } from './fakeBotApi.ts';
import { freshDatabase, json, startTestServer, type TestServer } from './harness.ts';

/**
 * Backups (CONTRACTS §13): one encrypted file of every table, restored into an empty database of
 * either kind; a file of another key or changed by one byte refused with nothing written; scheduled
 * backups kept and sent to the operators' chat in parts.
 */

const KEY = randomBytes(32).toString('hex');
const OTHER_KEY = randomBytes(32).toString('hex');
const BIG = '9007199254740993'; // 2^53 + 1: a number would lose its last digit.
const IMAGE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0x0a, 0x0d]), randomBytes(3000)]);

const disposers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose().catch(() => undefined);
});
afterAll(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose().catch(() => undefined);
});

/** separ-admin on a context: what it printed. */
async function admin(ctx: ShopContext, ...argv: string[]): Promise<string> {
  const lines: string[] = [];
  await runAdmin(argv, ctx, (line) => lines.push(line));
  return lines.join('\n');
}

interface Account {
  username: string;
  password: string;
}

/** A shop with its accounts, a node, a receipt's image, a big counter: the source of a backup. */
async function sourceShop(kind: DatabaseKind, key = KEY, env: Record<string, string> = {}) {
  const s = await startTestServer(kind, { SEPAR_SECRET_KEY: key, ...env });
  disposers.push(() => s.close());
  await admin(
    s.ctx,
    'nodes',
    'add',
    '--name',
    'de1',
    '--type',
    'vless',
    '--host',
    'de.example.com',
    '--port',
    '443',
    '--country',
    'DE',
  );
  const accounts: Account[] = [];
  for (const email of ['ali@example.com', 'sara@example.com', null]) {
    const user = await s.createUser({ email, password: `Pass-${accounts.length}-word9` });
    accounts.push({ username: user.username, password: user.password });
  }
  await s.ctx.db
    .updateTable('users')
    .set({ used_bytes: sql<number>`${BIG}` })
    .where('username', '=', accounts[2]!.username)
    .execute();
  await s.ctx.db
    .insertInto('card_receipts')
    .values({
      order_id: 4242,
      tracking: 'TR-1',
      image: IMAGE,
      image_type: 'image/png',
      image_sha256: 'x',
      image_bytes: IMAGE.length,
      created_at: '2026-06-01T12:00:00.000Z',
    })
    .execute();
  return { s, accounts };
}

/** What an account sees: its subUrl and its subscription's links (after logging in by the site's route). */
async function accountView(s: Pick<TestServer, 'app'>, account: Account) {
  const login = await s.app.inject({
    method: 'POST',
    url: `/site_login?username=${encodeURIComponent(account.username)}&password=${encodeURIComponent(account.password)}`,
  });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = login.cookies.find((c) => c.name === 'jwtUserToken')!;
  const view = json<{ subUrl: string; username: string }>(
    await s.app.inject({
      method: 'POST',
      url: '/api/site/account',
      headers: { cookie: `jwtUserToken=${cookie.value}` },
    }),
  );
  const sub = await s.app.inject({ method: 'GET', url: new URL(view.subUrl).pathname });
  expect(sub.statusCode).toBe(200);
  const links = Buffer.from(sub.body, 'base64').toString('utf8').split('\n').filter(Boolean).sort();
  return { subUrl: view.subUrl, links };
}

/** An empty shop of one kind: migrated (as separ-admin leaves it), no row of its own. */
async function emptyShop(kind: DatabaseKind, key = KEY) {
  const fresh = await freshDatabase(kind);
  const config = loadConfig({
    SEPAR_DATA_DIR: fresh.dataDir,
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    SEPAR_SECRET_KEY: key,
    SEPAR_SCRYPT_N: '1024',
    SEPAR_SCRYPT_P: '1',
    SEPAR_WEB_DIST: join(fresh.dataDir, 'no-web'),
    SEPAR_PLANS_CACHE_CHECK_MS: '0',
    SEPAR_NODE_CACHE_CHECK_MS: '0',
  });
  const database = openDatabase({ ...config, poolSize: 3 });
  await migrateToLatest(database);
  const ctx = createContext(config, database, () => new Date('2026-06-02T08:00:00Z'));
  const app = await buildApp({ config, database, context: ctx });
  disposers.push(async () => {
    await app.close();
    await database.close();
    await fresh.dispose();
  });
  const count = async (table: 'users' | 'audit_log' | 'card_receipts' | 'plans') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { ctx, app, config, count, dataDir: fresh.dataDir };
}

function backupFile(dir: string, name = 'shop.backup') {
  return join(dir, name);
}

/** These tests build two or three shops each, on both databases: a loaded machine needs more than the default. */
const SLOW = 120_000;

const PAIRS: Array<[DatabaseKind, DatabaseKind]> = [
  ['sqlite', 'postgres'],
  ['postgres', 'sqlite'],
];

describe.each(PAIRS)('a %s shop backed up and restored into an empty %s database', (from, to) => {
  it(
    'logs the same accounts in with the same passwords, and gives them the same links and subUrl',
    async () => {
      const { s, accounts } = await sourceShop(from);
      const before = await Promise.all(accounts.map((a) => accountView(s, a)));
      const file = backupFile(s.config.dataDir);
      const printed = await admin(s.ctx, 'backup', 'create', '--out', file);
      expect(printed).toContain('Backup written');
      const bytes = readFileSync(file);
      // Encrypted and compressed whole: no name, e-mail or password hash can be read in it.
      for (const needle of [
        ...accounts.map((a) => a.username),
        'ali@example.com',
        'scrypt$',
        'de.example.com',
        'users',
      ])
        expect(bytes.includes(Buffer.from(needle))).toBe(false);

      const target = await emptyShop(to);
      const restored = await admin(target.ctx, 'backup', 'restore', file);
      expect(restored).toMatch(new RegExp(`from a ${from} backup`));
      // Every table of the database is in the file, with all its rows (the audit log too: the
      // source wrote backup.create after its snapshot, the target backup.restore after the rows).
      const tables = await shopTables(s.ctx.db, from);
      expect(tables.length).toBeGreaterThan(30);
      const counts = async (db: typeof s.ctx.db) => {
        const result: Record<string, number> = {};
        for (const { name } of tables)
          result[name] = Number(
            (await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db)).rows[0]!.n,
          );
        return result;
      };
      const sourceCounts = await counts(s.ctx.db);
      expect(await counts(target.ctx.db)).toEqual(sourceCounts);
      expect(sourceCounts.users).toBe(3);
      expect(sourceCounts.card_receipts).toBe(1);
      const after = await Promise.all(accounts.map((a) => accountView(target, a)));
      expect(after).toEqual(before);
      expect(after[0]!.links.some((link) => link.startsWith('vless://'))).toBe(true);
      // A wrong password still fails.
      const wrong = await target.app.inject({
        method: 'POST',
        url: `/site_login?username=${accounts[0]!.username}&password=not-the-password-1`,
      });
      expect(wrong.statusCode).not.toBe(200);

      // Bytes and integers beyond 2^53 come back exact.
      const receipt = await target.ctx.db
        .selectFrom('card_receipts')
        .select(['image', 'tracking'])
        .executeTakeFirstOrThrow();
      expect(Buffer.from(receipt.image!).equals(IMAGE)).toBe(true);
      const big = await sql<{
        v: string;
      }>`select cast(used_bytes as text) as v from users where username = ${accounts[2]!.username}`.execute(
        target.ctx.db,
      );
      expect(big.rows[0]!.v).toBe(BIG);
      const audits = await target.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'target', 'operator'])
        .orderBy('id')
        .execute();
      // The backup is of the moment before its own audit entry (which stays in the source's log).
      expect(audits.at(-2)).toMatchObject({ action: 'node.add' });
      expect(audits.at(-1)).toMatchObject({
        action: 'backup.restore',
        target: 'shop.backup',
        operator: `${userInfo().username}@cli`,
      });

      // New rows get fresh ids (PostgreSQL's sequences moved past the restored rows).
      const { user } = await createAccount(
        target.ctx.db,
        target.ctx.secrets,
        { allowedMB: 1024, allowedDevices: 1, subsDays: 30, ios: 0 },
        new Date('2026-06-02T08:00:00Z'),
      );
      const maxBefore = Math.max(...(await s.ctx.db.selectFrom('users').select('id').execute()).map((r) => r.id));
      expect(user.id).toBeGreaterThan(maxBefore);
      await admin(
        target.ctx,
        'plans',
        'add',
        '--title',
        'After',
        '--ios',
        '0',
        '--mb',
        '1',
        '--days',
        '1',
        '--devices',
        '1',
        '--toman',
        '1000',
      );

      // A database that holds a shop takes no backup.
      await expect(admin(target.ctx, 'backup', 'restore', file)).rejects.toThrow(/already holds a shop/);
    },
    SLOW,
  );
});

describe.each(['sqlite', 'postgres'] as DatabaseKind[])('a backup refused by an empty %s database', (to) => {
  it(
    'refuses a file changed by one byte, or of another key, with no row written; then takes the good file',
    async () => {
      const { s } = await sourceShop(to === 'sqlite' ? 'postgres' : 'sqlite');
      const file = backupFile(s.config.dataDir);
      await admin(s.ctx, 'backup', 'create', '--out', file);
      const good = readFileSync(file);
      const { s: stranger } = await sourceShop('sqlite', OTHER_KEY);
      const foreign = backupFile(stranger.config.dataDir, 'foreign.backup');
      await admin(stranger.ctx, 'backup', 'create', '--out', foreign);

      const target = await emptyShop(to);
      const untouched = async () => {
        expect(await target.count('users')).toBe(0);
        expect(await target.count('plans')).toBe(0);
        expect(await target.count('audit_log')).toBe(0);
      };
      // One byte changed: in the header, in the middle of the body, in the tag.
      for (const at of [12, Math.floor(good.length / 2), good.length - 1]) {
        const altered = Buffer.from(good);
        altered[at] = altered[at]! ^ 0x01;
        const path = backupFile(target.dataDir, `altered-${at}.backup`);
        writeFileSync(path, altered);
        await expect(admin(target.ctx, 'backup', 'restore', path)).rejects.toThrow(/secret key|changed|damaged/);
        await untouched();
      }
      const cut = backupFile(target.dataDir, 'cut.backup');
      writeFileSync(cut, good.subarray(0, good.length - 100));
      await expect(admin(target.ctx, 'backup', 'restore', cut)).rejects.toThrow(/secret key|changed/);
      await expect(admin(target.ctx, 'backup', 'restore', foreign)).rejects.toThrow(
        /not made under this shop's secret key/,
      );
      await untouched();

      // A file of this key whose payload goes wrong half-way: what went in before is rolled back.
      const broken = backupFile(target.dataDir, 'broken.backup');
      const migrations = (
        await target.ctx.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute()
      ).map((row) => (row as { name: string }).name);
      await writeBackupFile(
        broken,
        target.ctx.secrets.box,
        '2026-06-01T00:00:00.000Z',
        (async function* () {
          yield JSON.stringify({
            separ: 'backup',
            format: 1,
            createdAt: 'x',
            databaseKind: 'sqlite',
            migrations: migrations.sort(),
          });
          yield JSON.stringify({
            table: 'countries',
            columns: [
              ['id', 'text'],
              ['title', 'text'],
              ['title_fa', 'text'],
              ['sort_order', 'int'],
            ],
          });
          yield JSON.stringify(['DE', 'Germany', 'آلمان', 1]);
          yield JSON.stringify({ end: 'countries', rows: 1 });
          yield JSON.stringify({ table: 'no_such_table', columns: [['id', 'int']] });
        })(),
      );
      await expect(admin(target.ctx, 'backup', 'restore', broken)).rejects.toThrow(/does not have: no_such_table/);
      expect(
        Number(
          (
            await target.ctx.db
              .selectFrom('countries')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(0);
      await untouched();

      await admin(target.ctx, 'backup', 'restore', file);
      expect(await target.count('users')).toBe(
        await s.ctx.db
          .selectFrom('users')
          .select('id')
          .execute()
          .then((r) => r.length),
      );
    },
    SLOW,
  );
});

describe.each(['sqlite', 'postgres'] as DatabaseKind[])('scheduled backups on %s', (kind) => {
  it('makes one backup a period across processes, keeps the last N, and sends it to the operators’ chat in parts', async () => {
    const api = new FakeBotApi('42:backup');
    await api.start();
    disposers.push(() => api.stop());
    const { s } = await sourceShop(kind, KEY, {
      SEPAR_BACKUP_INTERVAL_HOURS: '6',
      SEPAR_BACKUP_KEEP: '2',
      SEPAR_BACKUP_PART_BYTES: '2048',
      SEPAR_BOT_TOKEN: api.token,
      SEPAR_BOT_API_ROOT: api.origin,
      SEPAR_BOT_OPERATOR_CHATS: '555,-100777',
    });
    // A second process on the same database and data directory.
    const other = createContext(s.config, s.database, () => s.clock.now);

    const first = await runScheduledBackup(s.ctx);
    expect(first).not.toBeNull();
    expect(await runScheduledBackup(other)).toBeNull();
    expect(await runScheduledBackup(s.ctx)).toBeNull();
    expect(first!.sentTo).toBe(2);
    const documents = api.calls.filter((call) => call.method === 'sendDocument');
    const file = readFileSync(first!.file);
    expect(file.length).toBeGreaterThan(2048);
    for (const chat of ['555', '-100777']) {
      const parts = documents.filter((call) => String(call.params.chat_id) === chat);
      expect(parts.length).toBe(Math.ceil(file.length / 2048));
      const uploads = parts.map((call) => call.params.upload as { filename: string; bytes: Buffer });
      expect(uploads.every((u) => u.bytes.length <= 2048)).toBe(true);
      expect([...uploads.map((u) => u.filename)].sort()).toEqual(uploads.map((u) => u.filename));
      expect(Buffer.concat(uploads.map((u) => u.bytes)).equals(file)).toBe(true);
    }

    // The parts joined again restore into an empty database.
    const joined = backupFile(s.config.dataDir, 'joined.backup');
    writeFileSync(
      joined,
      Buffer.concat(
        documents
          .filter((call) => String(call.params.chat_id) === '555')
          .map((call) => (call.params.upload as { bytes: Buffer }).bytes),
      ),
    );
    const target = await emptyShop(kind === 'sqlite' ? 'postgres' : 'sqlite');
    await admin(target.ctx, 'backup', 'restore', joined);
    expect(await target.count('users')).toBeGreaterThan(0);

    const second = await s.later(6 * 60, () => runScheduledBackup(other));
    const third = await s.later(12 * 60, () => runScheduledBackup(s.ctx));
    expect(second).not.toBeNull();
    expect(third!.removed).toEqual([first!.file.split('/').pop()]);
    const kept = readdirSync(join(s.config.dataDir, 'backups')).filter((name) => name.endsWith('.backup'));
    expect(kept.sort()).toEqual([second!.file, third!.file].map((f) => f.split('/').pop()).sort());
    expect(existsSync(first!.file)).toBe(false);
    const runs = await s.ctx.db.selectFrom('backup_runs').selectAll().orderBy('slot').execute();
    expect(runs.map((r) => [r.file !== null, r.sent_to])).toEqual([
      [true, 2],
      [true, 2],
      [true, 2],
    ]);
    const audits = await s.ctx.db
      .selectFrom('audit_log')
      .select(['operator', 'action'])
      .where('action', '=', 'backup.create')
      .execute();
    expect(audits).toEqual(Array(3).fill({ operator: 'schedule', action: 'backup.create' }));
  });

  it(
    'is off with SEPAR_BACKUP_INTERVAL_HOURS=0',
    async () => {
      const { s } = await sourceShop(kind);
      expect(s.config.backup.intervalHours).toBe(0);
      expect(await runScheduledBackup(s.ctx)).toBeNull();
      expect(existsSync(join(s.config.dataDir, 'backups'))).toBe(false);
    },
    SLOW,
  );
});
