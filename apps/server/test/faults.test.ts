/**
 * Faults (security issue §2): the database going away gives 503 JSON with a clear message and the
 * service recovers when it returns; SIGTERM drains the requests in flight.
 */
import { request as httpRequest } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, json, PG_ADMIN_URL, startTestServer, type TestServer } from './harness.ts';
import { exited, freePort, startServer, waitHealthy } from './processes.ts';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

describe('the embedded database locked by another process', () => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('answers 503 with Retry-After while the file is unavailable for writing, and recovers', async () => {
    s = await startTestServer('sqlite');
    const user = await s.createUser();
    // Another process takes the database file's write lock and keeps it.
    const intruder = new DatabaseSync(join(s.config.dataDir, 'separ.sqlite'));
    intruder.exec('PRAGMA busy_timeout = 0');
    intruder.exec('BEGIN EXCLUSIVE');
    try {
      const refused = await s.app.inject({
        method: 'POST',
        url: `/site_login?username=${user.username}&password=${user.password}`,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(json(refused)).toEqual({ ok: false, message: UNAVAILABLE, code: 'unavailable' });
    } finally {
      intruder.exec('ROLLBACK');
      intruder.close();
    }
    const cookie = await s.login(user.username, user.password);
    const account = await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
    expect(json(account)).toMatchObject({ ok: true, username: user.username });
  }, 30_000);
});

describe('PostgreSQL going away mid-traffic', () => {
  let s: TestServer;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  afterAll(async () => {
    await admin.end().catch(() => undefined);
    await s?.close();
  });

  it('answers only 200 or 503 JSON while connections are killed and refused, then recovers', async () => {
    s = await startTestServer('postgres');
    await admin.connect();
    const name = new URL(s.config.databaseUrl!).pathname.slice(1);
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const read = () => s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
    expect((await read()).statusCode).toBe(200);

    // The database refuses new connections and every open one is killed, while requests keep coming.
    await admin.query(`alter database ${name} with allow_connections false`);
    const traffic = Array.from({ length: 30 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 10)).then(read),
    );
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    const during = await Promise.all(traffic);
    const statuses = during.map((r) => r.statusCode);
    expect(
      statuses.every((code) => code === 200 || code === 503),
      statuses.join(','),
    ).toBe(true);
    expect(statuses).toContain(503);
    for (const response of during.filter((r) => r.statusCode === 503))
      expect(json(response)).toEqual({ ok: false, message: UNAVAILABLE, code: 'unavailable' });
    expect(json(await s.app.inject('/healthz'))).toEqual({
      ok: false,
      message: 'Database unavailable',
      code: 'databaseUnavailable',
    });

    // It comes back: so does the service, without a restart.
    await admin.query(`alter database ${name} with allow_connections true`);
    await expect.poll(async () => (await read()).statusCode, { timeout: 10_000 }).toBe(200);
    expect(json(await s.app.inject('/healthz'))).toEqual({ ok: true });
  }, 60_000);
});

/** A login on its own connection: `sent` once the request is written, `answer` with its status and body. */
function login(port: number) {
  let sent!: () => void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<{ status: number; body: { message: string }; at: number }>((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/site_login?username=nobody&password=whatever1', agent: false },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), at: Date.now() }));
      },
    );
    request.on('error', reject);
    request.on('finish', sent);
    request.end();
  });
  return { sent: written, answer };
}

describe('SIGTERM', () => {
  it('drains the requests in flight, refuses new ones, and exits 0', async () => {
    const fresh = await freshDatabase('sqlite');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Above the real password cost (p 16 for 3): each login takes a while, so that all are in flight at once.
    const child = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      SEPAR_DATA_DIR: fresh.dataDir,
      SEPAR_SCRYPT_N: '32768',
      SEPAR_SCRYPT_P: '16',
      // None refused for load: all twelve are waited for.
      SEPAR_HASH_MAX_WAIT_MS: '60000',
      SEPAR_RECONCILE_INTERVAL_SECONDS: '0',
    });
    try {
      await waitHealthy(base, child);
      // Twelve logins, each on its own connection; SIGTERM once all of them have reached the server.
      const inFlight = Array.from({ length: 12 }, () => login(port));
      await Promise.all(inFlight.map((r) => r.sent));
      // A quarter second for the server to read them all (a connection whose request is still unread
      // when the server closes counts as idle: 150 ms was once too short on a loaded machine). A
      // failed login answers no sooner than a full-cost check takes (half a second or more at this
      // cost), so they are still in flight at SIGTERM: checked below by when each answer came.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const signalled = Date.now();
      child.kill('SIGTERM');
      const answers = await Promise.all(inFlight.map((r) => r.answer));
      // All twelve were still being answered when the signal came.
      expect(answers.filter((a) => a.at > signalled)).toHaveLength(12);
      // Every request that was in flight got its real answer (a refused login), none a broken socket.
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(401));
      expect(answers[0]!.body.message).toBe('Invalid username or password');
      expect(await exited(child)).toEqual({ code: 0, signal: null });
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await fresh.dispose();
    }
  }, 60_000);
});
