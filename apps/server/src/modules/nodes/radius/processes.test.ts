import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.ts';
import { createContext } from '../../../root.ts';
import { openDatabase } from '../../../platform/db/index.ts';
import { createAccount } from '../../accounts/accounts.ts';
import { freshDatabase } from '../../../../test/harness.ts';
import { exited, freePort, startServer, waitHealthy } from '../../../../test/processes.ts';
import { ask, freeUdpPort, request } from '../../../../test/radiusClient.ts';
import { addRadiusClient } from './service.ts';

const SECRET = 'two-processes-secret';
const KEY = 'b'.repeat(64);

/**
 * Several server processes on one machine and one database: each binds the RADIUS ports with
 * SO_REUSEPORT, the kernel spreads the requests over them, and any one of them can answer.
 */
describe('RADIUS in two server processes at once', () => {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  it('answers every request while both run, and when one of them stops', async () => {
    const fresh = await freshDatabase('postgres');
    cleanups.push(fresh.dispose);
    const env = { SEPAR_DATA_DIR: fresh.dataDir, DATABASE_URL: fresh.url!, SEPAR_SECRET_KEY: KEY };
    const [auth, acct] = [await freeUdpPort(), await freeUdpPort()];
    const ports = [await freePort(), await freePort()];
    const start = (port: number) =>
      startServer({
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEPAR_RADIUS_AUTH_PORT: String(auth),
        SEPAR_RADIUS_ACCT_PORT: String(acct),
        SEPAR_LOGIN_LIMIT_IP_MINUTE: '100000',
        SEPAR_RECONCILE_INTERVAL_SECONDS: '0',
      });
    const first = start(ports[0]!);
    children.push(first);
    await waitHealthy(`http://127.0.0.1:${ports[0]}`, first);

    const config = loadConfig(env);
    const database = openDatabase({ ...config, poolSize: 2 });
    let username = '';
    let password = '';
    try {
      const ctx = createContext(config, database);
      await addRadiusClient(ctx, { ip: '127.0.0.1', secret: SECRET });
      const made = await createAccount(
        database.db,
        ctx.secrets,
        { allowedMB: 1024, allowedDevices: 5, subsDays: 30, ios: 0 },
        new Date(),
      );
      ({ username } = made.user);
      password = made.password;
    } finally {
      await database.close();
    }
    const second = start(ports[1]!);
    children.push(second);
    await waitHealthy(`http://127.0.0.1:${ports[1]}`, second);
    // The first process read its clients before the client was added: it hears it within ten seconds.
    await new Promise((resolve) => setTimeout(resolve, 5500));

    const login = () =>
      ask(
        auth,
        SECRET,
        request('Access-Request', SECRET, [
          ['User-Name', username],
          ['User-Password', password],
        ]),
        // Thirty at once, hashed one at a time per process while the rest of the suite runs.
        10_000,
      );
    const both = await Promise.all(Array.from({ length: 30 }, login));
    expect(both.map((reply) => reply?.code)).toEqual(Array(30).fill('Access-Accept'));
    const accounted = await ask(
      acct,
      SECRET,
      request('Accounting-Request', SECRET, [
        ['Acct-Status-Type', 'Start'],
        ['User-Name', username],
        ['Acct-Session-Id', 'two-1'],
      ]),
    );
    expect(accounted?.code).toBe('Accounting-Response');

    first.kill('SIGTERM');
    expect((await exited(first)).code).toBe(0);
    const alone = await Promise.all(Array.from({ length: 10 }, login));
    expect(alone.map((reply) => reply?.code)).toEqual(Array(10).fill('Access-Accept'));
    second.kill('SIGTERM');
    expect((await exited(second)).code).toBe(0);
  }, 60_000);
});
