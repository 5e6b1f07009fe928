import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { json, KINDS, startTestServer, type TestServer } from '../../../test/harness.ts';
import { runAdmin } from '../../cli/admin.ts';
import { parseLink } from '../nodes/links.ts';
import { formatFor } from './clients.ts';
import { xrayUuid } from './formats.ts';

/** User-Agents of real clients, from their sources (or, for the closed ones, what panels match). */
const CLIENTS: Array<[string, string]> = [
  ['HiddifyNext/2.5.7 (android) like ClashMeta v2ray sing-box', 'singbox'],
  ['HiddifyNextX/2.5.7 (windows) like ClashMeta v2ray sing-box', 'singbox'],
  ['SFA/1.11.0 (541; sing-box 1.11.0; language en_US)', 'singbox'],
  ['SFI (sing-box 1.12.1; language fa)', 'singbox'],
  ['SFM (sing-box 1.11.4; language en)', 'singbox'],
  ['SFT (sing-box 1.11.4; language en)', 'singbox'],
  ['sing-box 1.10.0', 'singbox'],
  [
    'Karing/1.0.26.323 platform/android ClashMeta;sing-box;clash-verge;NekoBox/Android/1.3.1 (Perfer ClashMeta Format);HiddifyNext;v2ray',
    'singbox',
  ],
  ['clash-verge/v2.0.0', 'clash'],
  ['FlClash/v0.8.92 clash-verge Platform/android', 'clash'],
  ['ClashMetaForAndroid/2.11.7.Meta', 'clash'],
  ['clash.meta/v1.19.0', 'clash'],
  ['mihomo/1.18.5', 'clash'],
  ['Stash/2.6.0 Clash/1.9.0', 'clash'],
  ['ClashX Pro/1.118.0.2', 'clash'],
  ['NekoBox/Android/1.3.9 (Prefer ClashMeta Format)', 'clash'],
  ['v2rayNG/1.9.5', 'base64'],
  ['v2rayN/7.10.5', 'base64'],
  ['Streisand/1.6.44', 'base64'],
  ['Shadowrocket/2070 CFNetwork/1496.0.7 Darwin/23.5.0', 'base64'],
  ['Happ/1.63.1', 'xray'],
  ['curl/8.5.0', 'base64'],
  ['', 'base64'],
];

describe('the client a User-Agent names', () => {
  it.each(CLIENTS)('%s → %s', (ua, format) => {
    expect(formatFor(ua, '*/*')).toBe(format);
  });

  it('gives a browser the page, and lets ?format= decide', () => {
    const chrome = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
    expect(formatFor(chrome, 'text/html,application/xhtml+xml,*/*;q=0.8')).toBe('page');
    expect(formatFor(chrome, 'text/html', 'clash')).toBe('clash');
    expect(formatFor('v2rayNG/1.9.5', '*/*', 'singbox')).toBe('singbox');
    expect(formatFor('HiddifyNext/2.5.7', '*/*', 'base64')).toBe('base64');
  });

  it('maps an id that is not a UUID as Xray does (UUIDv5 under the nil namespace)', () => {
    // Xray-core common/uuid ParseString: sha1(16 zero bytes + text), version 5, variant 10.
    expect(xrayUuid('sp482913-Ab3dEf7hJk9m')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(xrayUuid('sp482913-Ab3dEf7hJk9m')).toBe(xrayUuid('sp482913-Ab3dEf7hJk9m'));
    expect(xrayUuid('9D2E5B4C-8A1F-4C3E-9B7A-2F1E0D3C4B5A')).toBe('9d2e5b4c-8a1f-4c3e-9b7a-2f1e0d3c4b5a');
  });
});

describe.each(KINDS)('GET /sub/{token}, on %s', (kind) => {
  let s: TestServer;
  let cookie: string;
  let user: { id: number; username: string; password: string; vpnId: string };
  let subUrl: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    const admin = (...argv: string[]) => runAdmin(argv, s.ctx, () => undefined);
    await admin(
      'nodes',
      'add',
      '--name',
      'DE REALITY',
      '--type',
      'vless',
      '--host',
      'de.example.com',
      '--port',
      '443',
      '--country',
      'DE',
      '--security',
      'reality',
      '--sni',
      'www.microsoft.com',
      '--flow',
      'xtls-rprx-vision',
    );
    await admin(
      'nodes',
      'add',
      '--name',
      'NL Trojan',
      '--type',
      'trojan',
      '--host',
      'nl.example.com',
      '--port',
      '443',
      '--country',
      'NL',
      '--transport',
      'grpc',
      '--service-name',
      'tj',
    );
    await admin(
      'nodes',
      'add',
      '--name',
      'SS',
      '--type',
      'shadowsocks',
      '--host',
      'ss.example.com',
      '--port',
      '8388',
      '--country',
      'NL',
      '--cipher',
      '2022-blake3-aes-128-gcm',
    );
    await admin(
      'nodes',
      'add',
      '--name',
      'Hy2',
      '--type',
      'hysteria2',
      '--host',
      'hy.example.com',
      '--port',
      '443',
      '--country',
      'TR',
      '--obfs-password',
      'obfs-secret-1',
    );
    await admin(
      'nodes',
      'add',
      '--name',
      'VMess WS',
      '--type',
      'vmess',
      '--host',
      'vm.example.com',
      '--port',
      '80',
      '--country',
      'FR',
      '--transport',
      'ws',
      '--path',
      '/vm',
    );
    user = await s.createUser({
      username: 'subuser',
      password: 'Subpass12345',
      allowedMB: 51_200,
      expireDate: '2026-07-01T12:00:00.000Z',
    });
    cookie = await s.login(user.username, user.password);
    subUrl = json<{ subUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
    ).subUrl;
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search, headers });

  it('gives the account a subscription URL with a random token', () => {
    expect(subUrl).toMatch(/^http:\/\/localhost(:\d+)?\/sub\/[A-Za-z0-9_-]{32}$/);
  });

  it('answers v2rayNG with the account’s V2Ray links, base64, and the headers clients read', async () => {
    const answer = await get(subUrl, { 'user-agent': 'v2rayNG/1.9.5' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const links = Buffer.from(answer.body, 'base64').toString('utf8').split('\n');
    // The hand-written V2Ray templates of the demo (2 per server, 8 servers) and the five nodes; no OpenConnect.
    expect(links.every((link) => parseLink(link) !== null)).toBe(true);
    expect(links.some((link) => link.startsWith('https://'))).toBe(false);
    for (const link of links) {
      const spec = parseLink(link)!;
      // The nodes' links carry the account's VPN id (CONTRACTS §5); the hand-written templates keep
      // SPEC's username-password.
      const node = ['DE REALITY', 'NL Trojan', 'SS', 'Hy2', 'VMess WS'].includes(spec.name);
      if (spec.protocol !== 'shadowsocks')
        expect(spec.id ?? spec.password, link).toBe(node ? user.vpnId : 'subuser-Subpass12345');
      if (node) expect(link).not.toContain('Subpass12345');
    }
    expect(links.map((link) => parseLink(link)!.name)).toEqual(
      expect.arrayContaining(['DE REALITY', 'NL Trojan', 'SS', 'Hy2', 'VMess WS', 'DE1-WS']),
    );
    expect(answer.headers['subscription-userinfo']).toBe(
      `upload=0; download=0; total=${51_200 * 1024 * 1024}; expire=${Date.parse('2026-07-01T12:00:00.000Z') / 1000}`,
    );
    expect(answer.headers['profile-update-interval']).toBe('12');
    expect(answer.headers.vary).toBe('User-Agent, Accept');
    expect(answer.headers['profile-title']).toBe(`base64:${Buffer.from('Separ').toString('base64')}`);
    expect(answer.headers['support-url']).toMatch(/\/support$/);
    expect(answer.headers['profile-web-page-url']).toBe(subUrl);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="subuser"; filename*=UTF-8''subuser`);
    const etag = String(answer.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await get(subUrl, { 'user-agent': 'v2rayNG/1.9.5', 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('answers Clash.Meta clients with a mihomo profile of the same servers', async () => {
    const answer = await get(subUrl, { 'user-agent': 'clash-verge/v2.0.0' });
    expect(answer.headers['content-type']).toBe('text/yaml; charset=utf-8');
    const profile = parse(answer.body) as {
      proxies: Array<Record<string, unknown>>;
      'proxy-groups': Array<Record<string, unknown>>;
      rules: string[];
    };
    const byName = new Map(profile.proxies.map((proxy) => [proxy.name, proxy]));
    expect(byName.get('DE REALITY')).toMatchObject({
      type: 'vless',
      server: 'de.example.com',
      port: 443,
      uuid: user.vpnId,
      flow: 'xtls-rprx-vision',
      tls: true,
      servername: 'www.microsoft.com',
      'client-fingerprint': 'chrome',
      'reality-opts': {
        'public-key': expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        'short-id': expect.stringMatching(/^[0-9a-f]+$/),
      },
    });
    expect(byName.get('NL Trojan')).toMatchObject({
      type: 'trojan',
      password: user.vpnId,
      network: 'grpc',
      'grpc-opts': { 'grpc-service-name': 'tj' },
      sni: 'nl.example.com',
    });
    expect(byName.get('SS')).toMatchObject({
      type: 'ss',
      cipher: '2022-blake3-aes-128-gcm',
      password: expect.stringMatching(/^[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/),
    });
    expect(byName.get('Hy2')).toMatchObject({
      type: 'hysteria2',
      password: user.vpnId,
      sni: 'hy.example.com',
      obfs: 'salamander',
      'obfs-password': 'obfs-secret-1',
    });
    expect(byName.get('VMess WS')).toMatchObject({
      type: 'vmess',
      uuid: user.vpnId,
      alterId: 0,
      cipher: 'auto',
      network: 'ws',
      'ws-opts': { path: '/vm' },
    });
    const names = profile.proxies.map((proxy) => proxy.name);
    expect(new Set(names).size).toBe(names.length);
    expect(profile['proxy-groups'][0]).toMatchObject({ name: 'Separ', type: 'select' });
    expect(profile['proxy-groups'][0]!.proxies).toEqual(['Auto', ...names]);
    expect(profile['proxy-groups'][1]).toMatchObject({ name: 'Auto', type: 'url-test', proxies: names });
    expect(profile.rules.at(-1)).toBe('MATCH,Separ');
  });

  it('answers the sing-box family with a sing-box profile (Hiddify too, though it names ClashMeta)', async () => {
    for (const ua of [
      'HiddifyNext/2.5.7 (android) like ClashMeta v2ray sing-box',
      'SFA/1.12.0 (541; sing-box 1.12.0; language en_US)',
    ]) {
      const answer = await get(subUrl, { 'user-agent': ua });
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const profile = JSON.parse(answer.body) as {
        outbounds: Array<Record<string, unknown>>;
        inbounds: unknown[];
        route: { final: string };
        dns: { servers: Array<Record<string, unknown>> };
      };
      const byTag = new Map(profile.outbounds.map((outbound) => [outbound.tag, outbound]));
      expect(byTag.get('DE REALITY')).toMatchObject({
        type: 'vless',
        server: 'de.example.com',
        server_port: 443,
        uuid: user.vpnId,
        flow: 'xtls-rprx-vision',
        tls: {
          enabled: true,
          server_name: 'www.microsoft.com',
          utls: { enabled: true, fingerprint: 'chrome' },
          reality: { enabled: true },
        },
      });
      expect(byTag.get('NL Trojan')).toMatchObject({
        type: 'trojan',
        password: user.vpnId,
        tls: { enabled: true, server_name: 'nl.example.com' },
        transport: { type: 'grpc', service_name: 'tj' },
      });
      expect(byTag.get('SS')).toMatchObject({ type: 'shadowsocks', method: '2022-blake3-aes-128-gcm' });
      expect(byTag.get('Hy2')).toMatchObject({
        type: 'hysteria2',
        password: user.vpnId,
        obfs: { type: 'salamander', password: 'obfs-secret-1' },
        tls: { enabled: true, server_name: 'hy.example.com' },
      });
      expect(byTag.get('VMess WS')).toMatchObject({
        type: 'vmess',
        security: 'auto',
        alter_id: 0,
        transport: { type: 'ws', path: '/vm' },
      });
      // Every outbound a selector names exists, and the route ends at the selector.
      const tags = new Set(profile.outbounds.map((outbound) => outbound.tag));
      for (const outbound of profile.outbounds)
        for (const name of (outbound.outbounds as string[] | undefined) ?? []) expect(tags.has(name), name).toBe(true);
      expect(profile.route.final).toBe('Separ');
      expect(profile.inbounds).toHaveLength(1);
      // A core that names 1.12 gets typed DNS servers; Hiddify (no version) the older form.
      expect('type' in profile.dns.servers[0]!).toBe(ua.startsWith('SFA'));
    }
  });

  it('forces a format with ?format=, and answers 404 for an unknown token', async () => {
    const forced = await get(`${subUrl}?format=clash`, { 'user-agent': 'v2rayNG/1.9.5' });
    expect(forced.headers['content-type']).toBe('text/yaml; charset=utf-8');
    const unknown = await s.app.inject('/sub/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ ok: false, message: 'No such subscription.', code: 'subscriptionNotFound' });
  });

  it('gives a suspended or expired account no links, with its state in the headers', async () => {
    await runAdmin(['users', 'suspend', 'subuser'], s.ctx, () => undefined);
    const suspended = await get(subUrl, { 'user-agent': 'v2rayNG/1.9.5' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.body).toBe('');
    const clash = parse((await get(subUrl, { 'user-agent': 'mihomo/1.18.5' })).body) as {
      proxies: unknown[];
      'proxy-groups': Array<{ proxies: string[] }>;
    };
    expect(clash.proxies).toEqual([]);
    expect(clash['proxy-groups'][0]!.proxies).toEqual(['DIRECT']);
    await runAdmin(['users', 'unsuspend', 'subuser'], s.ctx, () => undefined);
    const expired = await s.later(31 * 24 * 60, () => get(subUrl, { 'user-agent': 'v2rayNG/1.9.5' }));
    expect(expired.body).toBe('');
    expect(expired.headers['subscription-userinfo']).toMatch(/expire=\d+$/);
  });

  it('gives a browser the page’s data as JSON, and resets the link: the old one is 404', async () => {
    const data = json(await get(`${subUrl}?format=json`));
    expect(data).toMatchObject({ ok: true, username: 'subuser', allowedMB: 51_200, subUrl });
    expect(data).not.toHaveProperty('password');
    const reset = json<{ ok: boolean; subUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/sub/reset', headers: { cookie } }),
    );
    expect(reset.ok).toBe(true);
    expect(reset.subUrl).not.toBe(subUrl);
    expect((await get(subUrl, { 'user-agent': 'v2rayNG/1.9.5' })).statusCode).toBe(404);
    expect((await get(reset.subUrl, { 'user-agent': 'v2rayNG/1.9.5' })).statusCode).toBe(200);
    const account = json<{ subUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
    );
    expect(account.subUrl).toBe(reset.subUrl);
    expect((await s.app.inject({ method: 'POST', url: '/api/site/sub/reset' })).statusCode).toBe(401);
  });
});
