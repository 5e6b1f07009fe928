import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.ts';
import { loadConfig, trustProxy } from '../src/platform/config.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

/**
 * CONTRACTS §15 "Behind a proxy", "Nothing tells a known username from an unknown one" and
 * "Cookies" (security review findings 7, 10 and 16), on both databases.
 */

const throttleKeys = async (s: TestServer) =>
  (await s.database.db.selectFrom('throttle').select('key').execute()).map((r) => r.key);

describe('SEPAR_TRUST_PROXY=1', () => {
  it('means the loopback proxy, not whatever peer reaches the port', () => {
    expect(trustProxy('1')).toEqual(['loopback']);
    expect(trustProxy('true')).toEqual(['loopback']);
    expect(loadConfig({ SEPAR_TRUST_PROXY: '1' }).trustProxy).toEqual(['loopback']);
    // A proxy elsewhere is named by its address or network, as before.
    expect(trustProxy('10.0.0.5, 192.168.0.0/16')).toEqual(['10.0.0.5', '192.168.0.0/16']);
  });
});

describe.each(KINDS)('behind a loopback proxy (SEPAR_TRUST_PROXY=1), on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await s?.close();
  });
  const login = (remoteAddress: string, headers: Record<string, string>) =>
    s.app.inject({ method: 'POST', url: '/site_login?username=nobody&password=nothing1', remoteAddress, headers });

  it('ignores a spoofed X-Forwarded-For (and -Proto) from a peer that is not loopback', async () => {
    const direct = await login('198.51.100.23', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' });
    expect(direct.statusCode).toBe(401);
    // Judged by its own address, and as the plain HTTP it is: no HSTS.
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    let keys = await throttleKeys(s);
    expect(keys).toContain('login:ip:198.51.100.23');
    expect(keys).not.toContain('login:ip:6.6.6.6');
    // The same header through the proxy on this machine names the client the proxy saw.
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const proxied = await login(peer, { 'x-forwarded-for': '6.6.6.7, 203.0.113.77' });
      expect(proxied.statusCode).toBe(401);
    }
    keys = await throttleKeys(s);
    expect(keys).toContain('login:ip:203.0.113.77');
    expect(keys).not.toContain('login:ip:6.6.6.7');
    expect(keys).not.toContain('login:ip:127.0.0.1');
  });
});

describe.each(KINDS)('the global failed-login budget, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, {
      SEPAR_LOGIN_LIMIT_GLOBAL_MINUTE: '8',
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000',
      SEPAR_LOGIN_LIMIT_USER_HOUR: '1000',
    });
  });
  afterAll(async () => {
    await s?.close();
  });
  let address = 0;
  /** Every attempt from an address of its own: no per-client limit ever applies. */
  const login = (username: string, password: string) =>
    s.app.inject({
      method: 'POST',
      url: `/site_login?username=${username}&password=${password}`,
      remoteAddress: `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    });

  it('is spent by failures from any address, and then refuses known and unknown usernames alike', async () => {
    const user = await s.createUser();
    // Right passwords spend none of it.
    for (let i = 0; i < 12; i++) expect((await login(user.username, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await login(user.username, `wrong${i}pass`)).statusCode).toBe(401);
      expect((await login(`nobody${i}`, `wrong${i}pass`)).statusCode).toBe(401);
    }
    const known = await login(user.username, 'wrong9pass');
    const unknown = await login('nobody9', 'wrong9pass');
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(json(known)).toEqual(json(unknown));
    expect(json(known)).toMatchObject({ ok: false, code: 'tooManyAttempts' });
    expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(0);
    // No address escapes it, not even with the right password, until the minute has passed.
    expect((await login(user.username, user.password)).statusCode).toBe(429);
    // The operators' sign-in shares it.
    await runAdmin(['operators', 'add', 'olga', '--password', 'olga password 1'], s.ctx, () => {});
    const operator = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '10.99.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'olga', password: 'olga password 1' }),
    });
    expect(operator.statusCode).toBe(429);
    const later = await s.later(1, () => login(user.username, user.password));
    expect(later.statusCode).toBe(200);
  });

  it('is on by default, with room for a busy shop', () => {
    const { loginLimits } = loadConfig({});
    expect(loginLimits.globalPerMinute).toBeGreaterThanOrEqual(300);
    expect(loginLimits.globalPerMinute).toBeLessThanOrEqual(10_000);
  });
});

describe.each(KINDS)('a full hashing queue, for known and unknown usernames, on %s', (kind) => {
  let s: TestServer;
  let release: () => void = () => {};
  let blockers: Array<Promise<unknown>> = [];
  beforeAll(async () => {
    s = await startTestServer(kind, {
      SEPAR_SCRYPT_N: '16384',
      SEPAR_SCRYPT_P: '2',
      SEPAR_HASH_CONCURRENCY: '1',
      SEPAR_HASH_MAX_WAIT_MS: '150',
    });
  });
  afterEach(async () => {
    release();
    await Promise.all(blockers);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 503 to every username alike, and counts none of them', async () => {
    const chosen = await s.createUser({ password: 'rightpass1' });
    const generated = await s.createUser();
    await runAdmin(['operators', 'add', 'opal', '--password', 'opal password 1'], s.ctx, () => {});
    // Fill the queue: one hash running, and as many waiting as make it refuse the next.
    const { queue } = s.ctx.secrets.passwords;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const full = () => {
      try {
        queue.admit();
        return false;
      } catch {
        return true;
      }
    };
    blockers = [];
    while (!full() && blockers.length < 1000) blockers.push(queue.run(() => gate, { urgent: true }));
    expect(full()).toBe(true);

    const probe = (username: string, i: number) =>
      s.app.inject({
        method: 'POST',
        url: `/site_login?username=${username}&password=wrong${i}pass`,
        remoteAddress: `192.0.2.${i + 1}`,
      });
    const answers = [
      await probe(chosen.username, 1),
      await probe(generated.username, 2),
      await probe('nobody-at-all', 3),
      await probe('sp000000', 4),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(json(answer)).toEqual(json(answers[0]!));
    }
    const admin = (username: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: '192.0.2.50',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username, password: 'not the password' }),
      });
    const [knownOperator, unknownOperator] = [await admin('opal'), await admin('nobody')];
    expect(knownOperator.statusCode).toBe(503);
    expect(unknownOperator.statusCode).toBe(503);
    expect(knownOperator.body).toBe(unknownOperator.body);
    // Refused before anything was counted.
    expect((await throttleKeys(s)).filter((key) => key.startsWith('login:'))).toEqual([]);
  });
});

describe.each(KINDS)('session cookies over HTTPS, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await s?.close();
  });
  const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };

  it("accept only the __Host- names: a buyer's un-prefixed cookie opens nothing", async () => {
    const { username, password } = await s.createUser();
    const login = await s.app.inject({
      method: 'POST',
      url: `/site_login?username=${username}&password=${password}`,
      headers: https,
    });
    const token = login.cookies.find((c) => c.name === '__Host-jwtUserToken')!.value;
    const account = (cookie: string) =>
      s.app.inject({ method: 'POST', url: '/api/site/account', headers: { ...https, cookie } });
    expect((await account(`__Host-jwtUserToken=${token}`)).statusCode).toBe(200);
    expect((await account(`jwtUserToken=${token}`)).statusCode).toBe(401);
    // Over plain HTTP (development) the plain name is the one.
    const plain = await s.app.inject({
      method: 'POST',
      url: '/api/site/account',
      headers: { cookie: `jwtUserToken=${token}` },
    });
    expect(plain.statusCode).toBe(200);
  });

  it("accept only the __Host- names: an operator's un-prefixed cookie opens nothing", async () => {
    await runAdmin(['operators', 'add', 'oscar', '--password', 'oscar password 1'], s.ctx, () => {});
    const signIn = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { ...https, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'oscar', password: 'oscar password 1' }),
    });
    const token = signIn.cookies.find((c) => c.name === '__Host-separ_admin')!.value;
    const me = (cookie: string) => s.app.inject({ url: '/api/admin/me', headers: { ...https, cookie } });
    expect((await me(`__Host-separ_admin=${token}`)).statusCode).toBe(200);
    const plain = await me(`separ_admin=${token}`);
    expect(plain.statusCode).toBe(401);
    expect(json(plain)).toMatchObject({ code: 'unauthenticated' });
  });
});

describe('session cookies in production', () => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('are Secure even when the request reached the server as plain HTTP', async () => {
    s = await startTestServer('sqlite', {
      NODE_ENV: 'production',
      SEPAR_SECRET_KEY: 'ab'.repeat(32),
      SEPAR_PUBLIC_URL: 'https://shop.example',
    });
    const { username, password } = await s.createUser();
    const login = await s.app.inject({ method: 'POST', url: `/site_login?username=${username}&password=${password}` });
    expect(login.statusCode).toBe(200);
    for (const cookie of login.cookies) expect(cookie, cookie.name).toMatchObject({ secure: true });
  });
});
