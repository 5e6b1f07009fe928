import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePaymentResult } from '@separ/domain';
import { openDatabase } from '../../platform/db/index.ts';
import { freshDatabase, KINDS, resultData } from '../../../test/harness.ts';
import { exited, freePort, startServer, waitHealthy } from '../../../test/processes.ts';

describe.each(KINDS)('a server killed between verify and commit, on %s', (kind) => {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  it('loses nothing and doubles nothing: reconciliation completes the order after restart', async () => {
    const fresh = await freshDatabase(kind);
    cleanups.push(fresh.dispose);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      SEPAR_DATA_DIR: fresh.dataDir,
      ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
      // A claim lasts two gateway timeouts and 5 s: 7 s here.
      SEPAR_GATEWAY_TIMEOUT_MS: '1000',
    };

    const first = startServer({ ...env, SEPAR_FAULT: 'crash-after-verify', SEPAR_RECONCILE_INTERVAL_SECONDS: '0' });
    children.push(first);
    await waitHealthy(base, first);
    const purchase = await fetch(`${base}/requestAccount2?plan_id=1&email=crash@example.com&gate=ird`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const { url } = (await purchase.json()) as { url: string };
    const paid = await fetch(url.replace(/^http:\/\/[^/]+/, base), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(paid.status).toBe(303);
    const callback = new URL(paid.headers.get('location') ?? '');
    const returned = `${base}${callback.pathname}${callback.search}`;
    await expect(fetch(returned, { redirect: 'manual' })).rejects.toThrow();
    expect((await exited(first)).signal).toBe('SIGKILL');

    const check = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 2 });
    try {
      const before = await check.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
      expect(before.state).toBe(0);
      // The dead process still holds the order's claim: nobody else settles it until the lease ends.
      expect(before.claim_token).not.toBeNull();
      expect(Date.parse(before.claimed_until ?? '')).toBeGreaterThan(Date.now());
      expect(await check.db.selectFrom('users').selectAll().execute()).toHaveLength(0);

      const second = startServer({ ...env, SEPAR_RECONCILE_INTERVAL_SECONDS: '1', SEPAR_RECONCILE_AFTER_MINUTES: '0' });
      children.push(second);
      await waitHealthy(base, second);
      let order = before;
      for (let i = 0; i < 250 && order.state !== 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        order = await check.db.selectFrom('orders').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
      }
      expect(order.state).toBe(2);
      expect(order.claim_token).toBeNull();
      const history = await check.db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).execute();
      expect(history.map((e) => [e.from_state, e.to_state, e.actor])).toEqual([
        [null, 0, 'buyer'],
        [0, 2, 'reconcile'],
      ]);
      expect(await check.db.selectFrom('users').selectAll().execute()).toHaveLength(1);
      expect(
        await check.db.selectFrom('payments').selectAll().where('res_num', '=', order.res_num).execute(),
      ).toHaveLength(1);
      expect(await check.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).execute()).toHaveLength(
        1,
      );

      // The payer's browser retries the return: it sees duplicate, nothing more is created.
      const late = await fetch(returned, { redirect: 'manual' });
      expect(late.status).toBe(303);
      const data = resultData(late.headers.get('location') ?? '');
      expect(decodePaymentResult(data).status).toBe('duplicate');
      expect(await check.db.selectFrom('users').selectAll().execute()).toHaveLength(1);

      second.kill('SIGTERM');
      expect((await exited(second)).code).toBe(0);
    } finally {
      await check.close();
    }
  }, 90_000);
});
