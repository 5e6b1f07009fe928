import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { createContext, type ShopContext } from '../src/root.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle, type DatabaseKind } from '../src/platform/db/index.ts';
import { seedDemoData } from '../src/platform/db/seed.ts';
import type { SecretBox } from '../src/platform/security/crypto.ts';
import { createAccount, type NewAccount } from '../src/modules/accounts/accounts.ts';

/** The PostgreSQL server the tests use (CI and developers' machines run one on 127.0.0.1:5432). */
export const PG_ADMIN_URL = process.env.SEPAR_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const KINDS: DatabaseKind[] = ['sqlite', 'postgres'];

/** A fresh, empty database of the given kind, dropped again by `dispose`. */
export async function freshDatabase(
  kind: DatabaseKind,
): Promise<{ url: string | null; dataDir: string; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'separ-test-'));
  if (kind === 'sqlite') {
    return { url: null, dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `separ_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async dispose() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test server: the real app on a fresh database, driven by inject (no sockets). */
export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  box: SecretBox;
  ctx: ShopContext;
  clock: { now: Date };
  createUser(
    input?: Partial<NewAccount> & { username?: string; password?: string },
  ): Promise<{ id: number; username: string; password: string; vpnId: string }>;
  login(username: string, password: string): Promise<string>;
  /** Runs `fn` with the server's clock moved `minutes` ahead, then puts the clock back. */
  later<T>(minutes: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function startTestServer(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestServer> {
  const fresh = await freshDatabase(kind);
  const config = loadConfig({
    SEPAR_DATA_DIR: fresh.dataDir,
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    SEPAR_SCRYPT_N: '1024',
    SEPAR_SCRYPT_P: '1',
    SEPAR_WEB_DIST: join(fresh.dataDir, 'no-web'),
    // Tests see a change of the plans at once (the cache itself is tested with its real interval).
    SEPAR_PLANS_CACHE_CHECK_MS: '0',
    SEPAR_NODE_CACHE_CHECK_MS: '0',
    // The test clock stands still, so the windows of the purchase throttle never end: its own test sets it.
    SEPAR_ORDER_LIMIT_IP_HOUR: '100000',
    SEPAR_ORDER_LIMIT_EMAIL_HOUR: '100000',
    ...env,
  });
  const database = openDatabase({ ...config, poolSize: 5 });
  await migrateToLatest(database);
  await seedDemoData(database.db, new Date('2026-01-01T00:00:00Z'));
  const clock = { now: new Date('2026-06-01T12:00:00Z') };
  const ctx = createContext(config, database, () => clock.now);
  const app = await buildApp({ config, database, context: ctx });
  const box = ctx.secrets.box;
  return {
    app,
    database,
    config,
    box,
    ctx,
    clock,
    async createUser(input = {}) {
      const { user, password } = await createAccount(
        database.db,
        ctx.secrets,
        { allowedMB: 51_200, allowedDevices: 2, subsDays: 0, ios: 0, expireDate: '2026-07-01T12:00:00.000Z', ...input },
        clock.now,
      );
      return { id: user.id, username: user.username, password, vpnId: user.vpn_id };
    },
    async login(username, password) {
      const response = await app.inject({
        method: 'POST',
        url: `/site_login?username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`,
      });
      const cookie = response.cookies.find((c) => c.name === 'jwtUserToken');
      if (response.statusCode !== 200 || !cookie)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return `jwtUserToken=${cookie.value}`;
    },
    async later(minutes, fn) {
      const saved = clock.now;
      clock.now = new Date(saved.getTime() + minutes * 60_000);
      try {
        return await fn();
      } finally {
        clock.now = saved;
      }
    },
    async close() {
      await app.close();
      await database.close();
      await fresh.dispose();
    },
  };
}

/**
 * The payment result's `data` from the gateway return's redirect: in the fragment
 * (`/paymentresult#data=…`, CONTRACTS §15), or in the query for an older link.
 */
export function resultData(location: string | null | undefined): string | null {
  const url = new URL(location ?? '/', 'http://x');
  return new URLSearchParams(url.hash.slice(1)).get('data') ?? url.searchParams.get('data');
}

/** The JSON body of a response. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}
