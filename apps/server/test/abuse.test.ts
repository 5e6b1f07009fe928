import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, trustProxy } from '../src/platform/config.ts';
import { clientKey } from '../src/platform/http/clientKey.ts';
import { GENERATED_SCRYPT, Passwords } from '../src/platform/security/passwords.ts';
import { BoundedQueue } from '../src/platform/security/workQueue.ts';
import { AppError } from '../src/platform/errors.ts';
import { purgeExpiredSessions } from '../src/modules/accounts/sessions.ts';
import { purgeThrottle } from '../src/platform/security/throttle.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the bounded queue', () => {
  it('runs at most `concurrency` tasks at once, in the order they came', async () => {
    const queue = new BoundedQueue({ concurrency: 2, maxWaitMs: 10_000, initialEstimateMs: 10 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        queue.run(async () => {
          running++;
          most = Math.max(most, running);
          await sleep(10);
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('refuses at once, with a Retry-After, a task that would wait longer than allowed', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaitMs: 100, initialEstimateMs: 40 });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => queue.run(() => sleep(40))));
    // Running one, it may queue two (2 × 40 ms ≤ 100 ms) and not a third (3 × 40 ms).
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    const refused = (outcomes[3] as PromiseRejectedResult).reason as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe('overloaded');
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(queue.averageMs).toBeGreaterThan(30);
  });

  it('puts urgent work first and never refuses it', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaitMs: 0, initialEstimateMs: 20 });
    const order: string[] = [];
    const first = queue.run(async () => {
      await sleep(20);
      order.push('first');
    });
    await expect(queue.run(() => sleep(1))).rejects.toMatchObject({ code: 'overloaded' });
    const urgent = queue.run(async () => void order.push('urgent'), { urgent: true });
    await Promise.all([first, urgent]);
    expect(order).toEqual(['first', 'urgent']);
  });
});

describe('password hashing', () => {
  it('hashes what Separ generates at the fast cost, and what people choose at the configured one', async () => {
    const passwords = new Passwords({ N: 2048, r: 8, p: 1 }, { concurrency: 1, maxWaitMs: 1000 });
    const generated = await passwords.hashGenerated('Ab3dEf7hJk9m');
    const chosen = await passwords.hashChosen('mypassword1');
    expect(generated).toMatch(new RegExp(`^scrypt\\$${GENERATED_SCRYPT.N}\\$8\\$1\\$`));
    expect(chosen).toMatch(/^scrypt\$2048\$8\$1\$/);
    expect(await passwords.verify('Ab3dEf7hJk9m', generated)).toBe(true);
    expect(await passwords.verify('mypassword1', chosen)).toBe(true);
    expect(await passwords.verify('nope', chosen)).toBe(false);
    // Two fast ones (hash and check) never went through the queue; the chosen ones did.
    expect(passwords.stats).toMatchObject({ fast: 2, slow: 3 });
  });
});

describe('clients as throttles count them', () => {
  it('is an IPv4 address as it is, an IPv6 client by its /64, a mapped address by its IPv4', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('reads SEPAR_TRUST_PROXY as no proxy, the loopback proxy, or the proxies to trust', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toEqual(['loopback']);
    expect(trustProxy('true')).toEqual(['loopback']);
    expect(trustProxy('10.0.0.1, 192.168.0.0/16,loopback, fd00::/8')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/SEPAR_TRUST_PROXY: "10.0.0.0\/33"/);
    expect(() => trustProxy('proxy.example')).toThrow(/not an IP address/);
  });
});

describe.each(KINDS)('logins under attack, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, {
      // A real (if smaller) hash, so that the time it takes shows.
      SEPAR_SCRYPT_N: '8192',
      SEPAR_SCRYPT_P: '1',
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '5',
      SEPAR_LOGIN_LIMIT_USER_HOUR: '1000',
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  const login = (username: string, password: string, remoteAddress = '198.51.100.7', headers = {}) =>
    s.app.inject({
      method: 'POST',
      url: `/site_login?username=${username}&password=${password}`,
      remoteAddress,
      headers,
    });

  it('counts parallel attempts before hashing: only the allowed number is ever checked', async () => {
    const user = await s.createUser({ password: 'rightpass1' });
    const before = s.ctx.secrets.passwords.stats.slow;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(user.username, 'wrongpass1', '198.51.100.20')),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((code) => code === 401)).toHaveLength(5);
    expect(statuses.filter((code) => code === 429)).toHaveLength(15);
    expect(s.ctx.secrets.passwords.stats.slow - before).toBe(5);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(json(answer)).toEqual({
        ok: false,
        message: 'Too many login attempts. Please wait and try again.',
        code: 'tooManyAttempts',
      });
    }
  });

  it('costs no hash for an unknown username, yet answers no sooner than a real check', async () => {
    const user = await s.createUser({ password: 'rightpass1' });
    await login(user.username, 'wrongpass1', '198.51.100.30'); // the floor is measured on this machine
    const floor = s.ctx.secrets.passwords.floorMs();
    const before = s.ctx.secrets.passwords.stats.slow;
    const started = performance.now();
    const unknown = await login('nobody-here', 'whatever1', '198.51.100.31');
    const took = performance.now() - started;
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown)).toEqual({ ok: false, message: 'Invalid username or password', code: 'bad_credentials' });
    expect(s.ctx.secrets.passwords.stats.slow).toBe(before);
    expect(took).toBeGreaterThanOrEqual(floor * 0.9);
  });

  it('counts an IPv6 client by its /64, whatever address in it it uses', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) statuses.push((await login('nobody', 'nothing1', `2001:db8:7:7::${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await login('nobody', 'nothing1', '2001:db8:7:8::1')).statusCode).toBe(401);
  });

  it('takes a successful login back from the count', async () => {
    const user = await s.createUser({ password: 'rightpass1' });
    for (let i = 0; i < 12; i++)
      expect((await login(user.username, 'rightpass1', '198.51.100.40')).statusCode).toBe(200);
  });
});

describe.each(KINDS)('a flood of logins from one client, right and wrong, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, {
      SEPAR_SCRYPT_N: '16384',
      SEPAR_SCRYPT_P: '2',
      SEPAR_HASH_CONCURRENCY: '1',
      SEPAR_HASH_MAX_WAIT_MS: '50',
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000000',
      SEPAR_LOGIN_LIMIT_USER_HOUR: '1000000',
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers every attempt: counts and refunds of the same rows never deadlock', async () => {
    // A generated password is checked at the fast cost, never queued: every right attempt is
    // counted (the client's and the account's rows in one statement) and refunded on success.
    const user = await s.createUser();
    const statuses: number[] = [];
    for (let wave = 0; wave < 5; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          s.app.inject({
            method: 'POST',
            url: `/site_login?username=${user.username}&password=${i % 3 === 0 ? 'wrongpass1' : user.password}`,
            remoteAddress: '198.51.100.90',
          }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((code) => ![200, 401].includes(code))).toEqual([]);
  });
});

describe('a full hashing queue', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', {
      SEPAR_SCRYPT_N: '16384',
      SEPAR_SCRYPT_P: '2',
      SEPAR_HASH_CONCURRENCY: '1',
      SEPAR_HASH_MAX_WAIT_MS: '150',
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 503 JSON with Retry-After at once, and the refused attempts do not count', async () => {
    const user = await s.createUser({ password: 'rightpass1' });
    await s.ctx.secrets.passwords.calibrate();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        s.app.inject({
          method: 'POST',
          url: `/site_login?username=${user.username}&password=wrong${i}x`,
          remoteAddress: `192.0.2.${i + 1}`,
        }),
      ),
    );
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThan(10);
    expect(answers.every((a) => [401, 503].includes(a.statusCode))).toBe(true);
    for (const answer of busy) {
      expect(json(answer)).toEqual({
        ok: false,
        message: 'The service is busy. Please try again in a moment.',
        code: 'overloaded',
      });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const counted = await s.database.db
      .selectFrom('throttle')
      .select('count')
      .where('key', '=', `login:user:${user.username}`)
      .executeTakeFirstOrThrow();
    expect(counted.count).toBe(30 - busy.length);
    // The queue drained: the right password works again at once.
    const ok = await s.app.inject({
      method: 'POST',
      url: `/site_login?username=${user.username}&password=rightpass1`,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('never refuses a buyer coming back from the bank: completion needs no slow hash', async () => {
    const response = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=busy@example.com&gate=ird',
      headers: { 'content-type': 'application/json' },
    });
    const authority = json<{ url: string }>(response).url.split('/').pop()!;
    const paid = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const user = await s.createUser({ password: 'rightpass1' });
    // Fill the queue with logins, and come back from the bank in the middle of them.
    const logins = Array.from({ length: 20 }, (_, i) =>
      s.app.inject({
        method: 'POST',
        url: `/site_login?username=${user.username}&password=wrong${i}x`,
        remoteAddress: `192.0.2.${100 + i}`,
      }),
    );
    const back = await s.app.inject(String(paid.headers.location));
    expect(back.statusCode).toBe(303);
    expect(String(back.headers.location)).toMatch(/^\/paymentresult#data=/);
    const codes = (await Promise.all(logins)).map((a) => a.statusCode);
    expect(codes).toContain(503);
    const order = await s.database.db
      .selectFrom('orders')
      .select('state')
      .where('authority', '=', authority)
      .executeTakeFirstOrThrow();
    expect(order.state).toBe(2);
  });
});

describe('behind a proxy', () => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('throttles the address the trusted proxy saw, not what the client wrote in X-Forwarded-For', async () => {
    s = await startTestServer('sqlite', { SEPAR_TRUST_PROXY: '127.0.0.1' });
    const response = await s.app.inject({
      method: 'POST',
      url: '/site_login?username=nobody&password=nothing1',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.50' },
    });
    expect(response.statusCode).toBe(401);
    const keys = (await s.database.db.selectFrom('throttle').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('login:ip:203.0.113.50');
    expect(keys).not.toContain('login:ip:6.6.6.6');
    // From an address that is not the proxy, the header is ignored.
    await s.app.inject({
      method: 'POST',
      url: '/site_login?username=nobody&password=nothing1',
      remoteAddress: '198.51.100.99',
      headers: { 'x-forwarded-for': '6.6.6.7' },
    });
    const after = (await s.database.db.selectFrom('throttle').select('key').execute()).map((r) => r.key);
    expect(after).toContain('login:ip:198.51.100.99');
    expect(after).not.toContain('login:ip:6.6.6.7');
  });
});

describe.each(KINDS)('payment requests, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_ORDER_LIMIT_IP_HOUR: '6', SEPAR_ORDER_LIMIT_EMAIL_HOUR: '3' });
  });
  afterAll(async () => {
    await s?.close();
  });
  const buy = (email: string, remoteAddress: string) =>
    s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=1&email=${email}&gate=ird`,
      headers: { 'content-type': 'application/json' },
      remoteAddress,
    });

  it('are limited per e-mail and per client, with a clear 429', async () => {
    const byEmail = [];
    for (let i = 0; i < 4; i++) byEmail.push((await buy('same@example.com', `198.51.100.${i + 1}`)).statusCode);
    expect(byEmail).toEqual([200, 200, 200, 429]);
    const byIp = [];
    for (let i = 0; i < 7; i++) byIp.push(await buy(`buyer${i}@example.com`, '203.0.113.77'));
    expect(byIp.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(json(byIp[6]!)).toEqual({
      ok: false,
      message: 'Too many payment requests. Please wait and try again.',
      code: 'tooManyAttempts',
    });
    expect(Number(byIp[6]!.headers['retry-after'])).toBeGreaterThan(0);
    const orders = await s.database.db.selectFrom('orders').select('id').execute();
    expect(orders).toHaveLength(9);
  });
});

describe.each(KINDS)('sessions, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a password change keeps this session and ends the other web sessions and the app devices', async () => {
    const user = await s.createUser({ password: 'oldpass1', allowedDevices: 3 });
    const here = await s.login(user.username, 'oldpass1');
    const elsewhere = await s.login(user.username, 'oldpass1');
    const app = await s.app.inject({
      method: 'POST',
      url: '/api/app/login',
      payload: { username: user.username, password: 'oldpass1', deviceInfo: 'Android;14' },
    });
    expect(app.statusCode).toBe(200);
    const changed = await s.app.inject({
      method: 'POST',
      url: '/api/site/changepassword?currentpassword=oldpass1&newpassword=Fresh7pass2',
      headers: { cookie: here },
    });
    expect(json(changed)).toEqual({
      ok: true,
      message: 'Password changed successfully.',
      sessionsEnded: 1,
      devicesEnded: 1,
      chatsUnlinked: 0,
    });
    const account = (cookie: string) => s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
    const mine = await account(here);
    expect(mine.statusCode).toBe(200);
    expect(json<{ devices: unknown[] }>(mine).devices).toEqual([]);
    expect((await account(elsewhere)).statusCode).toBe(401);
  });

  it('takes a new password of up to 64 characters, whatever the username (CONTRACTS §15)', async () => {
    const user = await s.createUser({ password: 'oldpass1' });
    const cookie = await s.login(user.username, 'oldpass1');
    const tooLong = await s.app.inject({
      method: 'POST',
      url: `/api/site/changepassword?currentpassword=oldpass1&newpassword=${'a1'.repeat(32)}b`,
      headers: { cookie },
    });
    expect(json(tooLong)).toEqual({
      ok: false,
      message: 'New password must be at most 64 characters',
      code: 'tooLong',
    });
    const longest = await s.app.inject({
      method: 'POST',
      url: `/api/site/changepassword?currentpassword=oldpass1&newpassword=${'b1'.repeat(32)}`,
      headers: { cookie },
    });
    expect(json(longest)).toMatchObject({ ok: true });
  });

  it('deletes expired sessions and ended throttle windows', async () => {
    const user = await s.createUser();
    await s.login(user.username, user.password);
    const count = async (table: 'sessions' | 'throttle') =>
      (await s.database.db.selectFrom(table).selectAll().execute()).length;
    const sessions = await count('sessions');
    expect(await purgeExpiredSessions(s.database.db, s.clock.now)).toBe(0);
    const later = new Date(s.clock.now.getTime() + 31 * 24 * 3600_000);
    expect(await purgeExpiredSessions(s.database.db, later)).toBe(sessions);
    await s.app.inject({ method: 'POST', url: '/site_login?username=ghost&password=nothing1' });
    expect(await count('throttle')).toBeGreaterThan(0);
    expect(await purgeThrottle(s.database.db, s.clock.now)).toBe(0);
    await purgeThrottle(s.database.db, later);
    expect(await count('throttle')).toBe(0);
  });
});

describe('configuration', () => {
  it('sizes the hashing queue to the machine unless told', () => {
    expect(loadConfig({}).hashing.concurrency).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ SEPAR_HASH_CONCURRENCY: '3', SEPAR_HASH_MAX_WAIT_MS: '250' }).hashing).toEqual({
      concurrency: 3,
      maxWaitMs: 250,
    });
  });
});
