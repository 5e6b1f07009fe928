import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/index.ts';
import { startFakeGateway } from './fakeGateway.ts';
import { freshDatabase } from './harness.ts';
import { exited, freePort, startServer, waitHealthy } from './processes.ts';

const KEY = 'a'.repeat(64);

/** Runs the real server process to its exit, and what it said on stderr. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@separ/source', '--disable-warning=ExperimentalWarning', 'src/main.ts'],
    { cwd: join(import.meta.dirname, '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const { code } = await exited(child);
  return { code, stderr };
}

describe('production mode (NODE_ENV=production)', () => {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  it.each([
    [{}, /SEPAR_SECRET_KEY .* and SEPAR_PUBLIC_URL/],
    [{ SEPAR_SECRET_KEY: KEY }, /needs SEPAR_PUBLIC_URL \(the shop's https:\/\/ origin/],
    [{ SEPAR_SECRET_KEY: KEY, SEPAR_PUBLIC_URL: 'http://shop.example.com' }, /needs SEPAR_PUBLIC_URL/],
    [{ SEPAR_SECRET_KEY: KEY, SEPAR_PUBLIC_URL: 'https://shop.example.com/shop' }, /needs SEPAR_PUBLIC_URL/],
    [{ SEPAR_PUBLIC_URL: 'https://shop.example.com' }, /needs SEPAR_SECRET_KEY/],
    [
      {
        SEPAR_SECRET_KEY: KEY,
        SEPAR_PUBLIC_URL: 'https://shop.example.com',
        SEPAR_OXAPAY_MERCHANT_KEY: 'OXA-KEY',
        SEPAR_OXAPAY_BASE_URL: 'http://oxapay.example',
      },
      /needs an https:\/\/ SEPAR_OXAPAY_BASE_URL/,
    ],
    [
      { SEPAR_SECRET_KEY: KEY, SEPAR_PUBLIC_URL: 'https://shop.example.com', SEPAR_NOWPAYMENTS_API_KEY: 'NP-KEY' },
      /needs both SEPAR_NOWPAYMENTS_API_KEY and SEPAR_NOWPAYMENTS_IPN_SECRET/,
    ],
  ])('refuses to start without what it needs: %j', async (settings, message) => {
    const fresh = await freshDatabase('sqlite');
    cleanups.push(fresh.dispose);
    const { code, stderr } = await runToExit({
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      SEPAR_DATA_DIR: fresh.dataDir,
      SEPAR_SECRET_KEY: '',
      SEPAR_PUBLIC_URL: '',
      ...settings,
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^separ: NODE_ENV=production needs /);
    expect(stderr).toMatch(message);
  });

  it('starts with them, offers no sandbox bank, seeds nothing, and sells through a configured gateway', async () => {
    const fresh = await freshDatabase('postgres');
    cleanups.push(fresh.dispose);
    const gateway = await startFakeGateway((path) =>
      path === '/payment' ? { json: { status: 200, authority: 'LIVE1' } } : { json: { status: -22 } },
    );
    cleanups.push(gateway.close);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEPAR_DATA_DIR: fresh.dataDir,
      DATABASE_URL: fresh.url!,
      SEPAR_SECRET_KEY: KEY,
      SEPAR_PUBLIC_URL: 'https://shop.example.com',
    };

    const bare = startServer(env);
    children.push(bare);
    await waitHealthy(base, bare);
    expect(await (await fetch(`${base}/site_gateways`)).json()).toMatchObject({
      ok: true,
      ird_auto_active: 0,
      spay_auto_active: 0,
    });
    expect(await (await fetch(`${base}/getTelPlans`)).json()).toEqual({ ok: true, code: 200, data: [] });
    const sandbox = await fetch(`${base}/sandbox/pay/SBX0123`);
    expect(sandbox.status).toBe(404);
    expect(await sandbox.json()).toEqual({ ok: false, message: 'Not found', code: 'not_found' });
    expect((await fetch(`${base}/sandbox/pay/SBX0123`, { method: 'POST', body: 'action=pay' })).status).toBe(404);

    const check = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    try {
      for (const table of ['plans', 'servers', 'countries', 'users', 'cards', 'operators'] as const)
        expect(await check.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      await check.db
        .insertInto('plans')
        .values({
          title: 'Monthly',
          active: 1,
          ios: 0,
          allowed_mb: 51_200,
          subs_days: 30,
          allowed_devices: 1,
          discount: null,
          price_toman: '{"100":120000}',
          price_credit: '{"100":120000}',
          sort_order: 0,
          created_at: '2026-11-01T00:00:00.000Z',
        })
        .execute();
    } finally {
      await check.close();
    }
    const refused = await fetch(`${base}/requestAccount2?plan_id=1&email=a@b.co&gate=ird`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      ok: false,
      message: 'This payment gateway is not available right now.',
      code: 'gatewayUnavailable',
    });
    bare.kill('SIGTERM');
    expect((await exited(bare)).code).toBe(0);

    // With IranDargah's merchant settings, that gate sells through it; SPAY stays off.
    const live = startServer({ ...env, SEPAR_IRD_MERCHANT_ID: 'M-LIVE', SEPAR_IRD_BASE_URL: gateway.url });
    children.push(live);
    await waitHealthy(base, live);
    expect(await (await fetch(`${base}/site_gateways`)).json()).toMatchObject({
      ird_auto_active: 1,
      spay_auto_active: 0,
    });
    const sold = await fetch(`${base}/requestAccount2?plan_id=1&email=a@b.co&gate=ird`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(await sold.json()).toMatchObject({ ok: true, url: `${gateway.url}/ird/startpay/LIVE1` });
    expect(gateway.requests[0]?.body).toMatchObject({
      merchantID: 'M-LIVE',
      callbackURL: 'https://shop.example.com/payment/callback/ird',
    });
    live.kill('SIGTERM');
    expect((await exited(live)).code).toBe(0);
  }, 60_000);
});
