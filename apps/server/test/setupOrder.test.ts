import { execFile, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_COUNTRIES, DEMO_PLANS } from '@separ/domain/demo';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/index.ts';
import { freshDatabase, KINDS } from './harness.ts';
import { exited, freePort, startServer, waitHealthy } from './processes.ts';

const run = promisify(execFile);
const serverDir = join(import.meta.dirname, '..');

/** separ-admin as the operator runs it: its own process, on the data directory or DATABASE_URL of `env`. */
async function separAdmin(env: Record<string, string>, ...argv: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--conditions=@separ/source', '--disable-warning=ExperimentalWarning', 'src/cli/admin.ts', ...argv],
    { cwd: serverDir, env: { ...process.env, SEPAR_SCRYPT_N: '1024', SEPAR_SCRYPT_P: '1', ...env } },
  );
  return stdout;
}

/**
 * Set-up in any order (issue 32 §6): separ-admin on a fresh data directory, before the first
 * `npm start`, used to make that start crash while seeding the demo catalogue (`UNIQUE constraint
 * failed: countries.id`: `nodes add --country DE` had added Germany). The first start takes a
 * database the CLI has touched, keeps what the operator wrote, and seeds only the rest.
 */
describe.each(KINDS)('the first start of a %s database separ-admin wrote to first', (kind) => {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('starts, keeps the operator’s rows and seeds the rest of the demo catalogue', async () => {
    const fresh = await freshDatabase(kind);
    cleanups.push(fresh.dispose);
    const env = { SEPAR_DATA_DIR: fresh.dataDir, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) };

    // The crash of the issue: a node in a country the demo catalogue also lists.
    await separAdmin(
      env,
      'nodes',
      'add',
      '--name',
      'de1',
      '--type',
      'vless',
      '--host',
      'de1.example.com',
      '--port',
      '443',
      '--country',
      'DE',
    );
    // A country, a link setting and a card of the operator's own, all of which the seed also writes.
    await separAdmin(env, 'countries', 'add', 'NL', '--title', 'Holland', '--title-fa', 'هلند شمالی');
    await separAdmin(env, 'settings', 'set', '--android-url', 'https://dl.example.com/app.apk');

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' });
    children.push(first);
    await waitHealthy(base, first);

    const check = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    try {
      const countries = await check.db.selectFrom('countries').select(['id', 'title']).execute();
      // Every demo country, once; the operator's Netherlands under the operator's name.
      expect(countries.map((c) => c.id).sort()).toEqual(DEMO_COUNTRIES.map((c) => c.id).sort());
      expect(countries.find((c) => c.id === 'NL')?.title).toBe('Holland');
      // The demo plans came in (the CLI added none), numbered as the mocks expect.
      const plans = await check.db.selectFrom('plans').select(['id', 'title']).orderBy('id').execute();
      expect(plans.map((p) => ({ id: Number(p.id), title: p.title }))).toEqual(
        DEMO_PLANS.map(({ id, title }) => ({ id, title })),
      );
      const links = await check.db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', ['app_android_link', 'app_win_link'])
        .execute();
      expect(Object.fromEntries(links.map((l) => [l.key, l.value]))).toMatchObject({
        app_android_link: 'https://dl.example.com/app.apk',
      });
      expect(links).toHaveLength(2);
      expect(await check.db.selectFrom('nodes').select('name').execute()).toEqual([{ name: 'de1' }]);
    } finally {
      await check.close();
    }
    // The shop sells the seeded catalogue.
    const listed = (await (await fetch(`${base}/getTelPlans`)).json()) as { data: unknown[] };
    expect(listed.data.length).toBeGreaterThan(0);
    first.kill('SIGTERM');
    expect((await exited(first)).code).toBe(0);
  }, 120_000);

  it('a plan and a server added before the first start keep the demo ones out of their tables', async () => {
    const fresh = await freshDatabase(kind);
    cleanups.push(fresh.dispose);
    const env = { SEPAR_DATA_DIR: fresh.dataDir, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) };
    await separAdmin(
      env,
      'plans',
      'add',
      '--title',
      'Own',
      '--ios',
      '0',
      '--mb',
      '1024',
      '--days',
      '30',
      '--devices',
      '1',
      '--toman',
      '50000',
    );
    await separAdmin(env, 'countries', 'add', 'DE', '--title', 'Germany', '--title-fa', 'آلمان');
    await separAdmin(
      env,
      'servers',
      'add',
      '--title',
      'Own server',
      '--type',
      '1',
      '--country',
      'DE',
      '--link',
      'vpn.example.com',
    );

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' });
    children.push(child);
    await waitHealthy(base, child);
    const check = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    try {
      expect((await check.db.selectFrom('plans').select('title').execute()).map((p) => p.title)).toEqual(['Own']);
      expect((await check.db.selectFrom('servers').select('title').execute()).map((s) => s.title)).toEqual([
        'Own server',
      ]);
      expect(await check.db.selectFrom('countries').select('id').execute()).toHaveLength(DEMO_COUNTRIES.length);
    } finally {
      await check.close();
    }
    child.kill('SIGTERM');
    expect((await exited(child)).code).toBe(0);
  }, 120_000);
});
