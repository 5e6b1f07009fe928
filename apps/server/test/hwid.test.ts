import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';
import { runAdmin } from '../src/cli/admin.ts';
import { userDetail } from '../src/modules/operators/userDetail.ts';
import { hwidDeviceOf } from '../src/modules/accounts/hwid.ts';

// The device limit by hardware id (CONTRACTS §14): a subscription fetch with `x-hwid` is one of the
// account's devices, beside its app logins; one more gets no links and an announcement.

const HAPP = 'Happ/3.4.1';
/** A client that sends the hardware id and takes the base64 list (Happ takes Xray JSON, CONTRACTS §14). */
const V2RAYTUN = 'v2RayTun/5.12.3';
const device = (hwid: string, extra: Record<string, string> = {}) => ({
  'user-agent': V2RAYTUN,
  'x-hwid': hwid,
  'x-device-os': 'Android',
  'x-ver-os': '14',
  'x-device-model': 'Pixel 8',
  ...extra,
});

/** The links of a base64 profile (the demo's hand-written servers' and the node's). */
const linksOf = (body: string) =>
  Buffer.from(body, 'base64')
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '');
/** Whether a base64 profile carries the account's links, the node's among them. */
const served = (body: string) => linksOf(body).some((link) => link.includes('@de.example.com:443'));

/** The text of `announce: base64:…`. */
const announced = (value: unknown) => {
  expect(value).toMatch(/^base64:[A-Za-z0-9+/]+={0,2}$/);
  return Buffer.from(String(value).slice('base64:'.length), 'base64').toString('utf8');
};

describe('the headers of a hardware id', () => {
  it('takes a hardware id of printable ASCII, and cleans what is said of the device', () => {
    expect(hwidDeviceOf({ 'x-hwid': ' 6b77631a1de1c0e8 ' })).toEqual({
      hwid: '6b77631a1de1c0e8',
      os: null,
      osVersion: null,
      model: null,
    });
    // Header bytes reach the server as Latin-1 text: these are UTF-8 bytes, as a client sends them.
    const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
    expect(
      hwidDeviceOf({
        'x-hwid': 'a',
        'x-device-os': bytes('iOS;\u202eevil'),
        'x-ver-os': '\t17.5  ',
        'x-device-model': bytes('小米 13'),
      }),
    ).toEqual({ hwid: 'a', os: 'iOS evil', osVersion: '17.5', model: '小米 13' });
    expect(hwidDeviceOf({ 'x-hwid': 'a', 'x-device-model': 'M'.repeat(500) })?.model).toHaveLength(64);
  });

  it('reads a header that is no hardware id as none', () => {
    for (const junk of ['', '   ', 'a b', 'x'.repeat(129), 'caf\u00e9', '\u0000abc'])
      expect(hwidDeviceOf({ 'x-hwid': junk })).toBeNull();
    expect(hwidDeviceOf({ 'x-hwid': ['a', 'b'] })).toBeNull();
    expect(hwidDeviceOf({})).toBeNull();
  });
});

describe.each(KINDS)('the device limit by hardware id, on %s', (kind) => {
  let s: TestServer;
  const admin = (...argv: string[]) => runAdmin(argv, s.ctx, () => undefined);

  beforeAll(async () => {
    s = await startTestServer(kind);
    await admin(
      'nodes',
      'add',
      '--name',
      'DE',
      '--type',
      'vless',
      '--host',
      'de.example.com',
      '--port',
      '443',
      '--country',
      'DE',
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A buyer with a panel session and the subscription's path. */
  async function buyer(username: string, input: { allowedDevices?: number; suspend?: boolean } = {}) {
    const user = await s.createUser({ username, password: 'Hwidpass123', allowedDevices: input.allowedDevices ?? 2 });
    const cookie = await s.login(user.username, user.password);
    const account = () =>
      s.app
        .inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })
        .then((r) => json<{ devices: Array<{ id: string; deviceInfo: string; model?: string }> }>(r));
    const { subUrl } = json<{ subUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
    );
    const path = new URL(subUrl).pathname;
    if (input.suspend) await s.database.db.updateTable('users').set({ suspend: 1 }).where('id', '=', user.id).execute();
    const sub = (headers: Record<string, string>, query = '') =>
      s.app.inject({ method: 'GET', url: path + query, headers });
    return { user, cookie, account, sub };
  }

  it('registers a device, counts it once on every fetch, and lists it with its OS and model', async () => {
    const b = await buyer('hwid1');
    const first = await b.sub(device('hw-one'));
    expect(first.statusCode).toBe(200);
    expect(first.headers.announce).toBeUndefined();
    expect(served(first.body)).toBe(true);

    const { devices } = await b.account();
    expect(devices).toEqual([
      { id: expect.any(String), deviceInfo: 'Android;14', loginAt: s.clock.now.toISOString(), model: 'Pixel 8' },
    ]);
    const seenAt = async () =>
      (
        await s.database.db
          .selectFrom('devices')
          .select('last_seen_at')
          .where('hwid', '=', 'hw-one')
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    expect(await seenAt()).toBe(s.clock.now.toISOString());

    // The same device again, an hour later, with a newer OS: one device, seen now, its version updated.
    await s.later(60, async () => {
      const again = await b.sub(device('hw-one', { 'x-ver-os': '15' }));
      expect(served(again.body)).toBe(true);
      expect(await seenAt()).toBe(s.clock.now.toISOString());
    });
    const after = (await b.account()).devices;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ deviceInfo: 'Android;15', model: 'Pixel 8', loginAt: s.clock.now.toISOString() });
  });

  it('shares the limit with app logins: one device more gets no links and an announcement', async () => {
    const b = await buyer('hwid2');
    expect((await b.sub(device('hw-a'))).statusCode).toBe(200);
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/app/login',
      payload: { username: 'hwid2', password: 'Hwidpass123', deviceInfo: 'Windows;11' },
    });
    expect(login.statusCode).toBe(200);
    expect((await b.account()).devices).toHaveLength(2);

    // A third device: 200, no links, and why, in the account's language (Persian by default).
    const third = await b.sub(device('hw-b'));
    expect(third.statusCode).toBe(200);
    expect(third.body).toBe('');
    const text = announced(third.headers.announce);
    expect(text).toContain('سقف دستگاه‌ها');
    expect(text).toContain('۲');
    expect(third.headers['x-hwid-limit']).toBe('true');
    expect((await b.account()).devices).toHaveLength(2);
    // The profile headers stay, as for any answer.
    expect(third.headers['subscription-userinfo']).toMatch(/^upload=0; download=0; total=\d+; expire=\d+$/);

    // Every format is empty for it: Xray JSON (Happ's) is an empty array, Clash has no proxies, sing-box no servers.
    const xray = await b.sub(device('hw-b', { 'user-agent': HAPP }));
    expect(xray.statusCode).toBe(200);
    expect(JSON.parse(xray.body)).toEqual([]);
    expect(xray.headers.announce).toBe(third.headers.announce);
    const clash = await b.sub(device('hw-b', { 'user-agent': 'clash-verge/v2.0.0' }));
    expect(clash.statusCode).toBe(200);
    expect((parse(clash.body) as { proxies: unknown[] }).proxies).toEqual([]);
    expect(clash.headers.announce).toBe(third.headers.announce);
    const singbox = await b.sub(device('hw-b', { 'user-agent': 'SFA/1.11.0 (541; sing-box 1.11.0; language en_US)' }));
    const outbounds = json<{ outbounds: Array<{ type: string }> }>(singbox).outbounds;
    expect(outbounds.filter((o) => o.type === 'vless')).toEqual([]);
    expect(singbox.headers.announce).toBeDefined();

    // The devices already known keep their links, and a request without a hardware id is left to
    // the nodes' IP rule.
    expect(served((await b.sub(device('hw-a'))).body)).toBe(true);
    const plain = await b.sub({ 'user-agent': 'v2rayNG/1.9.5' });
    expect(served(plain.body)).toBe(true);
    expect(plain.headers.announce).toBeUndefined();
    expect(plain.headers['x-hwid-limit']).toBeUndefined();

    // The app login is refused too now that the hardware ids and logins fill the limit.
    const another = await s.app.inject({
      method: 'POST',
      url: '/api/app/login',
      payload: { username: 'hwid2', password: 'Hwidpass123', deviceInfo: 'iOS;18' },
    });
    expect(json(another)).toMatchObject({ ok: false, code: 'deviceLimitReached' });
  });

  it('says it in English to an account whose language is English', async () => {
    const b = await buyer('hwid3', { allowedDevices: 1 });
    await s.database.db
      .insertInto('bot_users')
      .values({ messaging_id: 'hwid3-chat', language: 'en', user_id: b.user.id, created_at: s.clock.now.toISOString() })
      .execute();
    await b.sub(device('hw-x'));
    const over = await b.sub(device('hw-y'));
    expect(announced(over.headers.announce)).toBe(
      'Device limit reached: this subscription allows 1 devices. Remove one of them in your account panel to add this device.',
    );
  });

  it('frees the place of a device the buyer unlinks: a new one then fits', async () => {
    const b = await buyer('hwid4', { allowedDevices: 1 });
    await b.sub(device('hw-old', { 'x-device-model': 'Galaxy S21' }));
    expect((await b.sub(device('hw-new'))).body).toBe('');
    const [old] = (await b.account()).devices;
    expect(old).toMatchObject({ model: 'Galaxy S21' });
    const unlinked = await s.app.inject({
      method: 'POST',
      url: `/api/site/unlinkdevice?sessionId=${old!.id}`,
      headers: { cookie: b.cookie },
    });
    expect(json(unlinked)).toEqual({ ok: true });
    const now = await b.sub(device('hw-new'));
    expect(now.headers.announce).toBeUndefined();
    expect(served(now.body)).toBe(true);
    expect((await b.account()).devices).toEqual([expect.objectContaining({ model: 'Pixel 8' })]);
    // The old device is a new one again, and over the limit.
    expect((await b.sub(device('hw-old'))).headers.announce).toBeDefined();
  });

  it('shows them to operators as V2Ray devices, and ends them with the account’s devices', async () => {
    const b = await buyer('hwid5');
    await b.sub(device('hw-op'));
    const detail = await userDetail(s.ctx, 'hwid5');
    expect(detail.devicesList).toEqual([
      { id: expect.any(String), kind: 'v2ray', info: 'Android;14, Pixel 8', since: s.clock.now.toISOString() },
    ]);
    await admin('users', 'end-devices', 'hwid5');
    expect((await userDetail(s.ctx, 'hwid5')).devicesList).toEqual([]);
    // It ended the web sessions too: a new one sees no device.
    const cookie = await s.login('hwid5', 'Hwidpass123');
    const account = await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
    expect(json(account).devices).toEqual([]);
  });

  it('registers nothing for an account that may not connect', async () => {
    const b = await buyer('hwid6', { suspend: true });
    const answer = await b.sub(device('hw-s'));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('');
    expect(answer.headers.announce).toBeUndefined();
    expect((await b.account()).devices).toEqual([]);
  });

  it('answers junk headers without an error, and registers no junk hardware id', async () => {
    const b = await buyer('hwid7', { allowedDevices: 1 });
    const junk: Array<Record<string, string>> = [
      { 'x-hwid': '' },
      { 'x-hwid': 'x'.repeat(5000) },
      { 'x-hwid': 'with space' },
      { 'x-hwid': 'caf\u00e9' },
      { 'x-hwid': "'; drop table devices; --" },
      {
        'x-hwid': "';drop-table-devices;--",
        'x-device-os': '\u00ff\u00fe'.repeat(3000),
        'x-device-model': '\t;;;\u00a0',
      },
      { 'x-hwid': "';drop-table-devices;--", 'x-ver-os': 'v'.repeat(10_000) },
      { 'x-hwid': 'ok-1' },
    ];
    for (const headers of junk) {
      const answer = await b.sub({ 'user-agent': HAPP, ...headers });
      expect(answer.statusCode, JSON.stringify(headers).slice(0, 80)).toBeLessThan(500);
    }
    const { devices } = await b.account();
    // The first hardware id that was one, stored as text; the later ones over the limit. What the
    // device said of itself is cut to its bounds, and a model of only separators is none.
    expect(devices).toHaveLength(1);
    expect(devices[0]!.deviceInfo).toBe(`${'\u00ff\u00fe'.repeat(16)};${'v'.repeat(32)}`);
    expect(devices[0]!.model).toBeUndefined();
    const rows = await s.database.db.selectFrom('devices').select('hwid').where('user_id', '=', b.user.id).execute();
    expect(rows.map((r) => r.hwid)).toEqual(["';drop-table-devices;--"]);
  });
});
