import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeAccount, parseServer } from '@separ/domain';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

describe.each(KINDS)('HTTP contract on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('public calls', () => {
    it('GET /getTelPlans lists the active plans with prices as JSON text', async () => {
      const response = await s.app.inject('/getTelPlans');
      expect(response.statusCode).toBe(200);
      const body = json<{ ok: boolean; code: number; data: Array<Record<string, unknown>> }>(response);
      expect(body.ok).toBe(true);
      expect(body.code).toBe(200);
      expect(body.data.length).toBeGreaterThanOrEqual(6);
      expect(body.data.every((p) => p.active === 1)).toBe(true);
      expect(body.data.some((p) => p.ios === 1)).toBe(true);
      expect(body.data.some((p) => p.ios === 0)).toBe(true);
      for (const plan of body.data) {
        expect(Object.keys(plan).sort()).toEqual(
          [
            'active',
            'allowedDevices',
            'allowedMB',
            'discount',
            'id',
            'ios',
            'price_credit',
            'price_toman',
            'subsDays',
            'title',
          ].sort(),
        );
        expect(typeof plan.price_toman).toBe('string');
      }
      expect(body.data.map((p) => p.title)).not.toContain('طرح قدیمی (غیرفعال)');
    });

    it('GET /site_gateways reports both gateways active through the sandbox', async () => {
      const body = json(await s.app.inject('/site_gateways'));
      expect(body).toMatchObject({ ok: true, ird_auto_active: 1, spay_auto_active: 1 });
    });

    it('GET /appinfo answers the download links in data[0]', async () => {
      const body = json<{ ok: boolean; data: Array<Record<string, string>> }>(await s.app.inject('/appinfo'));
      expect(body.ok).toBe(true);
      expect(body.data[0]?.app_android_link).toMatch(/^https:\/\//);
      expect(body.data[0]?.app_win_link).toMatch(/^https:\/\//);
    });

    it('GET /locales/{lng}/{ns}.json serves translation files, and 404 JSON otherwise', async () => {
      const en = await s.app.inject('/locales/en/errors.json');
      expect(en.statusCode).toBe(200);
      expect(json<{ request: { timeout: string } }>(en).request.timeout).toBe('Request timeout');
      const fa = await s.app.inject('/locales/fa/common.json');
      expect(json<{ header: { login: string } }>(fa).header.login).toBe('ورود');
      const etag = fa.headers.etag as string;
      expect(
        (await s.app.inject({ url: '/locales/fa/common.json', headers: { 'if-none-match': etag } })).statusCode,
      ).toBe(304);
      // Compressed for a browser that takes it, the same JSON once decoded.
      const plain = await s.app.inject({ url: '/locales/fa/home.json', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const packed = await s.app.inject({ url: '/locales/fa/home.json', headers: { 'accept-encoding': encoding } });
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.vary).toMatch(/accept-encoding/i);
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(json(plain));
      }
      for (const url of ['/locales/de/common.json', '/locales/en/nothing.json', '/locales/en/..%2f..%2fpackage.json']) {
        const response = await s.app.inject(url);
        expect(response.statusCode).toBe(404);
        expect(json(response)).toMatchObject({ ok: false });
      }
    });

    it('answers unknown API paths with a JSON 404', async () => {
      for (const url of ['/api/site/nothing', '/api/whatever']) {
        const response = await s.app.inject({ method: 'POST', url });
        expect(response.statusCode).toBe(404);
        expect(json(response)).toEqual({ ok: false, message: 'Not found', code: 'not_found' });
      }
    });
  });

  describe('login and sessions', () => {
    it('refuses blank credentials with 400 and wrong ones with 401', async () => {
      const blank = await s.app.inject({ method: 'POST', url: '/site_login?username=&password=' });
      expect(blank.statusCode).toBe(400);
      expect(json(blank)).toEqual({
        ok: false,
        message: 'Please enter username and password',
        code: 'missingCredentials',
      });
      const user = await s.createUser();
      const wrong = await s.app.inject({
        method: 'POST',
        url: `/site_login?username=${user.username}&password=nope123`,
      });
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong)).toEqual({ ok: false, message: 'Invalid username or password', code: 'bad_credentials' });
      const nobody = await s.app.inject({ method: 'POST', url: '/site_login?username=ghost&password=nope123' });
      expect(nobody.statusCode).toBe(401);
    });

    it("accepts the spec's request: query parameters with a form-urlencoded header and no body", async () => {
      const user = await s.createUser();
      const response = await s.app.inject({
        method: 'POST',
        url: `/site_login?username=${user.username}&password=${user.password}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ ok: true });
      const token = response.cookies.find((c) => c.name === 'jwtUserToken');
      const name = response.cookies.find((c) => c.name === 'jwtUserUsername');
      expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(token?.value.length).toBeGreaterThan(30);
      expect(name).toMatchObject({ value: user.username, path: '/', sameSite: 'Lax' });
      expect(name?.httpOnly).toBeFalsy();
    });

    it('accepts credentials in a form or JSON body too', async () => {
      const user = await s.createUser();
      const form = await s.app.inject({
        method: 'POST',
        url: '/site_login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${user.username}&password=${user.password}`,
      });
      expect(form.statusCode).toBe(200);
      const body = await s.app.inject({
        method: 'POST',
        url: '/site_login',
        payload: { username: user.username, password: user.password },
      });
      expect(body.statusCode).toBe(200);
    });

    it('POST /api/site/account needs a session and answers every account field', async () => {
      const anonymous = await s.app.inject({
        method: 'POST',
        url: '/api/site/account',
        headers: { 'content-type': 'application/json' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(json(anonymous)).toMatchObject({ ok: false });

      const user = await s.createUser({ ios: 1, allowedMB: -1, allowedDevices: 3 });
      const cookie = await s.login(user.username, user.password);
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/site/account',
        headers: { cookie, 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body).toMatchObject({
        ok: true,
        username: user.username,
        expireDate: '2026-07-01T12:00:00.000Z',
        usedMB: 0,
        allowedMB: -1,
        devices: [],
        allowedDevices: 3,
        suspend: 0,
        subsDays: 0,
        ios: 1,
        payments: [],
      });
      expect(JSON.stringify(body)).not.toContain(user.password);
      expect(normalizeAccount(body).username).toBe(user.username);
    });

    it('POST /api/site/account lists its own devices oldest first and payments newest first', async () => {
      const owner = await s.createUser();
      const other = await s.createUser();
      const db = s.database.db;
      const device = (userId: number, id: string, loginAt: string) => ({
        id,
        user_id: userId,
        device_info: `Android;${id}`,
        login_at: loginAt,
        token_hash: `hash-${id}`,
        last_seen_at: loginAt,
      });
      await db
        .insertInto('devices')
        .values([
          device(owner.id, 'd-late', '2026-05-03T00:00:00.000Z'),
          device(other.id, 'd-other', '2026-05-01T00:00:00.000Z'),
          device(owner.id, 'd-early', '2026-05-01T00:00:00.000Z'),
        ])
        .execute();
      const payment = (userId: number, resNum: string, createdAt: string, amount: number) => ({
        user_id: userId,
        res_num: resNum,
        ref_num: `ref-${resNum}`,
        state: 2,
        amount,
        plan_id: 1,
        created_at: createdAt,
      });
      // Two on the same second: the later row (higher id) comes first.
      await db
        .insertInto('payments')
        .values([
          payment(owner.id, 'p-old', '2026-04-01T00:00:00.000Z', 1_200_000),
          payment(owner.id, 'p-same-1', '2026-05-01T00:00:00.000Z', 3_200_000),
          payment(other.id, 'p-other', '2026-05-02T00:00:00.000Z', 999),
          payment(owner.id, 'p-same-2', '2026-05-01T00:00:00.000Z', 2_500_000),
        ])
        .execute();
      const cookie = await s.login(owner.username, owner.password);
      const body = json<Record<string, unknown>>(
        await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
      );
      expect(body.devices).toEqual([
        { id: 'd-early', deviceInfo: 'Android;d-early', loginAt: '2026-05-01T00:00:00.000Z' },
        { id: 'd-late', deviceInfo: 'Android;d-late', loginAt: '2026-05-03T00:00:00.000Z' },
      ]);
      const row = (resNum: string, createdAt: string, amount: number) => ({
        resNum,
        refNum: `ref-${resNum}`,
        state: 2,
        amount,
        createdAt,
        plan_id: 1,
      });
      expect(body.payments).toEqual([
        row('p-same-2', '2026-05-01T00:00:00.000Z', 2_500_000),
        row('p-same-1', '2026-05-01T00:00:00.000Z', 3_200_000),
        row('p-old', '2026-04-01T00:00:00.000Z', 1_200_000),
      ]);
    });

    it('logout revokes the session on the server and clears both cookies', async () => {
      const user = await s.createUser();
      const cookie = await s.login(user.username, user.password);
      const response = await s.app.inject({ method: 'POST', url: '/api/site/logout', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ ok: true });
      const cleared = response.cookies.filter((c) => c.name === 'jwtUserToken' || c.name === 'jwtUserUsername');
      expect(cleared).toHaveLength(2);
      for (const c of cleared) expect(c.value).toBe('');
      const after = await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });

    it('forgets a session after 30 days', async () => {
      const user = await s.createUser();
      const cookie = await s.login(user.username, user.password);
      await s.later(31 * 24 * 60, async () => {
        expect((await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })).statusCode).toBe(
          401,
        );
      });
    });

    it('ignores a forged token cookie', async () => {
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/site/account',
        headers: { cookie: 'jwtUserToken=forged' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('change password', () => {
    it.each([
      ['abc', 'short', 'New password must be at least 6 characters', 'tooShort'],
      ['same', 'same', 'New password cannot be the same as current password', 'sameAsCurrent'],
      ['x', 'bad-char!', 'Invalid characters in password', 'invalidCharacters'],
    ])('checks the rules of SPEC §5 again (%s -> %s)', async (current, next, message, code) => {
      const user = await s.createUser();
      const cookie = await s.login(user.username, user.password);
      const response = await s.app.inject({
        method: 'POST',
        url: `/api/site/changepassword?currentpassword=${current === 'same' ? user.password : current}&newpassword=${next === 'same' ? user.password : next}`,
        headers: { cookie },
      });
      expect(json(response)).toEqual({ ok: false, message, code });
    });

    it('refuses a wrong current password and a missing parameter', async () => {
      const user = await s.createUser();
      const cookie = await s.login(user.username, user.password);
      const wrong = await s.app.inject({
        method: 'POST',
        url: '/api/site/changepassword?currentpassword=wrong123&newpassword=newpass123',
        headers: { cookie },
      });
      expect(json(wrong)).toEqual({ ok: false, message: 'Current password is incorrect', code: 'currentIncorrect' });
      const missing = await s.app.inject({
        method: 'POST',
        url: '/api/site/changepassword?currentpassword=abc',
        headers: { cookie },
      });
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toMatchObject({ ok: false });
    });

    it('changes the password, keeps the session, and the new links carry it', async () => {
      const user = await s.createUser({ ios: 1 });
      const cookie = await s.login(user.username, user.password);
      const response = await s.app.inject({
        method: 'POST',
        url: `/api/site/changepassword?currentpassword=${user.password}&newpassword=Fresh2026`,
        headers: { cookie, 'content-type': 'application/json' },
      });
      expect(json(response)).toEqual({
        ok: true,
        message: 'Password changed successfully.',
        sessionsEnded: 0,
        devicesEnded: 0,
        chatsUnlinked: 0,
      });
      expect((await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })).statusCode).toBe(
        200,
      );
      await expect(s.login(user.username, user.password)).rejects.toThrow();
      await s.login(user.username, 'Fresh2026');
      const servers = json<{ servers: Array<{ server: string }> }>(
        await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } }),
      );
      expect(servers.servers.some((srv) => srv.server.includes(`${user.username}-Fresh2026`))).toBe(true);
    });

    it('needs a session', async () => {
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/site/changepassword?currentpassword=a&newpassword=b',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('servers', () => {
    it('answers countries and servers with xxx replaced by username-password', async () => {
      const user = await s.createUser({ ios: 1 });
      const cookie = await s.login(user.username, user.password);
      // An operator's server whose JSON is broken (the demo data has none) goes out as it is stored.
      const broken = await s.database.db
        .insertInto('servers')
        .values({
          title: 'Finland (broken)',
          type: 2,
          country_code: 'FI',
          server: '{"s": [broken',
          active: 1,
          sort_order: 99,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/site/servers',
        headers: { cookie, 'content-type': 'application/json', 'x-test': '1' },
      });
      expect(response.statusCode).toBe(200);
      const body = json<{
        ok: boolean;
        servers: Array<Record<string, unknown>>;
        countries: Array<{ id: string; title: string }>;
      }>(response);
      expect(body.ok).toBe(true);
      expect(body.countries.map((c) => c.id)).toEqual(
        expect.arrayContaining(['DE', 'NL', 'CA', 'SG', 'JP', 'FR', 'TR']),
      );
      expect(JSON.stringify(body.servers)).not.toContain('xxx');
      const parsed = body.servers.map((raw) => parseServer(raw as never));
      const germany = parsed.find((srv) => srv.title.startsWith('Germany 1'));
      expect(germany?.type).toBe('v2ray');
      expect(germany?.title).toBe(`Germany 1 — ${user.username}-${user.password}`);
      expect(germany?.links[0]).toContain(`vless://${user.username}-${user.password}@`);
      expect(parsed.find((srv) => srv.countryCode === 'FI')?.type).toBe('unknown');
      expect(parsed.find((srv) => srv.countryCode === 'GB')?.type).toBe('v2ray');
      expect(parsed.some((srv) => srv.type === 'openconnect')).toBe(true);
      await s.database.db.deleteFrom('servers').where('id', '=', broken.id).execute();
    });

    it('names countries in the visitor language', async () => {
      const user = await s.createUser();
      const cookie = await s.login(user.username, user.password);
      const fa = json<{ countries: Array<{ id: string; title: string }> }>(
        await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } }),
      );
      expect(fa.countries.find((c) => c.id === 'DE')?.title).toBe('آلمان');
      const en = json<{ countries: Array<{ id: string; title: string }> }>(
        await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie: `${cookie}; i18next=en` } }),
      );
      expect(en.countries.find((c) => c.id === 'DE')?.title).toBe('Germany');
    });

    it('needs a session', async () => {
      expect((await s.app.inject({ method: 'POST', url: '/api/site/servers' })).statusCode).toBe(401);
    });
  });

  describe('devices: VPN app login and unlinking', () => {
    const appLogin = (username: string, password: string, deviceInfo = 'Android;14') =>
      s.app.inject({ method: 'POST', url: '/api/app/login', payload: { username, password, deviceInfo } });

    it('creates a device session that the account lists, and the owner can unlink it', async () => {
      const user = await s.createUser();
      const login = await appLogin(user.username, user.password);
      expect(login.statusCode).toBe(200);
      const { deviceId, token } = json<{ deviceId: string; token: string }>(login);
      expect(token.length).toBeGreaterThan(30);
      const cookie = await s.login(user.username, user.password);
      const account = json<{ devices: Array<{ id: string; deviceInfo: string; loginAt: string }> }>(
        await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
      );
      expect(account.devices).toEqual([{ id: deviceId, deviceInfo: 'Android;14', loginAt: s.clock.now.toISOString() }]);
      const unlink = await s.app.inject({
        method: 'POST',
        url: `/api/site/unlinkdevice?sessionId=${deviceId}`,
        headers: { cookie },
      });
      expect(json(unlink)).toEqual({ ok: true });
      const again = await s.app.inject({
        method: 'POST',
        url: `/api/site/unlinkdevice?sessionId=${deviceId}`,
        headers: { cookie },
      });
      expect(again.statusCode).toBe(404);
    });

    it("never unlinks another user's device", async () => {
      const owner = await s.createUser();
      const other = await s.createUser();
      const { deviceId } = json<{ deviceId: string }>(await appLogin(owner.username, owner.password));
      const otherCookie = await s.login(other.username, other.password);
      const response = await s.app.inject({
        method: 'POST',
        url: `/api/site/unlinkdevice?sessionId=${deviceId}`,
        headers: { cookie: otherCookie },
      });
      expect(response.statusCode).toBe(404);
      const ownerCookie = await s.login(owner.username, owner.password);
      const account = json<{ devices: unknown[] }>(
        await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie: ownerCookie } }),
      );
      expect(account.devices).toHaveLength(1);
      const otherAccount = json<{ devices: unknown[] }>(
        await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie: otherCookie } }),
      );
      expect(otherAccount.devices).toHaveLength(0);
    });

    it('refuses a missing sessionId with 400', async () => {
      const user = await s.createUser();
      const cookie = await s.login(user.username, user.password);
      expect(
        (await s.app.inject({ method: 'POST', url: '/api/site/unlinkdevice', headers: { cookie } })).statusCode,
      ).toBe(400);
    });

    it('refuses a device beyond the limit with a clear message', async () => {
      const user = await s.createUser({ allowedDevices: 2 });
      expect((await appLogin(user.username, user.password, 'Android;13')).statusCode).toBe(200);
      expect((await appLogin(user.username, user.password, 'Windows;11')).statusCode).toBe(200);
      const third = await appLogin(user.username, user.password, 'iOS;17');
      expect(third.statusCode).toBe(403);
      expect(json<{ message: string }>(third).message).toMatch(/Device limit reached.*2 device/);
    });

    it('never passes the device limit under concurrent logins', async () => {
      const user = await s.createUser({ allowedDevices: 3 });
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => appLogin(user.username, user.password, `Android;${i}`)),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 403)).toHaveLength(9);
    });

    it('starts a pending subscription on the first app login', async () => {
      const user = await s.createUser({ subsDays: 30, expireDate: null });
      const login = await appLogin(user.username, user.password);
      expect(login.statusCode).toBe(200);
      const expected = new Date(s.clock.now.getTime() + 30 * 24 * 3600 * 1000).toISOString();
      expect(json(login)).toMatchObject({ expireDate: expected });
      const cookie = await s.login(user.username, user.password);
      const account = json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }));
      expect(account).toMatchObject({ subsDays: 0, expireDate: expected });
    });

    it('refuses suspended, expired and exhausted accounts, and wrong passwords', async () => {
      const suspended = await s.createUser();
      await s.database.db.updateTable('users').set({ suspend: 1 }).where('id', '=', suspended.id).execute();
      expect(json(await appLogin(suspended.username, suspended.password))).toMatchObject({
        ok: false,
        message: expect.stringMatching(/suspended/),
      });
      const expired = await s.createUser({ expireDate: '2026-05-01T00:00:00.000Z' });
      expect((await appLogin(expired.username, expired.password)).statusCode).toBe(403);
      const exhausted = await s.createUser({ allowedMB: 100 });
      await s.database.db
        .updateTable('users')
        .set({ used_bytes: 101 * 1024 * 1024 })
        .where('id', '=', exhausted.id)
        .execute();
      expect(json(await appLogin(exhausted.username, exhausted.password))).toMatchObject({
        message: expect.stringMatching(/data/),
      });
      expect((await appLogin(suspended.username, 'wrong')).statusCode).toBe(401);
      expect(
        (await s.app.inject({ method: 'POST', url: '/api/app/login', payload: { username: 'x' } })).statusCode,
      ).toBe(400);
    });

    it('lets a suspended account log in to the site and see its status', async () => {
      const user = await s.createUser();
      await s.database.db.updateTable('users').set({ suspend: 1 }).where('id', '=', user.id).execute();
      const cookie = await s.login(user.username, user.password);
      expect(json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }))).toMatchObject(
        { suspend: 1 },
      );
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request from another origin or referer, allows ours and none', async () => {
      const user = await s.createUser();
      const url = `/site_login?username=${user.username}&password=${user.password}`;
      const evil = await s.app.inject({ method: 'POST', url, headers: { origin: 'https://evil.example' } });
      expect(evil.statusCode).toBe(403);
      expect(json(evil)).toEqual({ ok: false, message: 'Cross-site request refused.', code: 'cross_site' });
      const evilReferer = await s.app.inject({
        method: 'POST',
        url,
        headers: { referer: 'https://evil.example/page' },
      });
      expect(evilReferer.statusCode).toBe(403);
      const nullOrigin = await s.app.inject({ method: 'POST', url, headers: { origin: 'null' } });
      expect(nullOrigin.statusCode).toBe(403);
      const own = await s.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      });
      expect(own.statusCode).toBe(200);
      const none = await s.app.inject({ method: 'POST', url });
      expect(none.statusCode).toBe(200);
    });
  });

  describe('junk input', () => {
    it('answers bad JSON, oversized parameters and odd content types with 4xx JSON', async () => {
      const badJson = await s.app.inject({
        method: 'POST',
        url: '/api/app/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      });
      expect(badJson.statusCode).toBe(400);
      expect(json(badJson)).toMatchObject({ ok: false });
      const long = await s.app.inject({ method: 'POST', url: `/site_login?username=${'a'.repeat(300)}&password=x` });
      expect(long.statusCode).toBe(400);
      expect(json(long)).toMatchObject({ ok: false });
      const text = await s.app.inject({
        method: 'POST',
        url: '/api/site/account',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.statusCode).toBe(401);
      const huge = await s.app.inject({
        method: 'POST',
        url: '/api/app/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"x":"${'a'.repeat(70_000)}"}`,
      });
      expect(huge.statusCode).toBe(413);
      expect(json(huge)).toMatchObject({ ok: false });
      const arrayParam = await s.app.inject({ method: 'POST', url: '/site_login?username=a&username=b&password=c' });
      expect(arrayParam.statusCode).toBeGreaterThanOrEqual(400);
      expect(arrayParam.statusCode).toBeLessThan(500);
    });
  });
});

describe.each(KINDS)('login throttling on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_USER_HOUR: '5', SEPAR_LOGIN_LIMIT_IP_MINUTE: '8' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 429 with Retry-After after too many failures for one account, then lets it in after the hour', async () => {
    const user = await s.createUser();
    const attempt = (password: string) =>
      s.app.inject({
        method: 'POST',
        url: `/site_login?username=${user.username}&password=${password}`,
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const blocked = await attempt(user.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(blocked)).toMatchObject({ ok: false });
    await s.later(61, async () => {
      expect((await attempt(user.password)).statusCode).toBe(200);
    });
  });

  it('throttles one address trying many accounts', async () => {
    const ip = '10.1.2.3';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await s.app.inject({ method: 'POST', url: `/site_login?username=guess${i}&password=x`, remoteAddress: ip }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 8).every((code) => code === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    const elsewhere = await s.app.inject({
      method: 'POST',
      url: '/site_login?username=guess0&password=x',
      remoteAddress: '10.7.7.7',
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
