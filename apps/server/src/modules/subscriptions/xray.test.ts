import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fragmentProblem, isFragmentValue } from '@separ/domain';
import { json, KINDS, startTestServer, type TestServer } from '../../../test/harness.ts';
import { runAdmin } from '../../cli/admin.ts';
import { addOperator } from '../operators/operators.ts';
import { formatFor } from './clients.ts';

type Config = {
  remarks: string;
  inbounds: Array<{ tag: string; listen: string; port: number; protocol: string }>;
  outbounds: Array<{
    tag: string;
    protocol: string;
    settings: Record<string, unknown>;
    streamSettings?: Record<string, unknown> & { sockopt?: { dialerProxy?: string } };
    mux?: { enabled: boolean };
  }>;
  routing: { domainStrategy: string; rules: Array<Record<string, unknown>> };
};

/** The shop's nodes here: one of each kind that tells the settings apart. */
const NODES: Record<string, string[]> = {
  'X Vision': ['--type', 'vless', '--security', 'reality', '--sni', 'www.microsoft.com', '--flow', 'xtls-rprx-vision'],
  'X XHTTP': ['--type', 'vless', '--transport', 'xhttp', '--path', '/xh', '--security', 'reality', '--sni', 'a.com'],
  'X VMess WS': ['--type', 'vmess', '--transport', 'ws', '--path', '/vm', '--transport-host', 'cdn.example.com'],
  'X VMess TLS': ['--type', 'vmess', '--transport', 'grpc', '--service-name', 'vmg', '--security', 'tls'],
  'X Trojan': ['--type', 'trojan', '--sni', 'tj.example.com'],
  'X SS': ['--type', 'shadowsocks', '--cipher', 'aes-256-gcm'],
  'X Hy2': ['--type', 'hysteria2'],
};

describe('the Xray JSON format and the fragment rules', () => {
  it('is what Happ gets, and what ?format=xray forces for anyone', () => {
    expect(formatFor('Happ/1.63.1', '*/*')).toBe('xray');
    expect(formatFor('Happ/3.2.0/ios', '*/*')).toBe('xray');
    expect(formatFor('v2rayNG/1.9.5', '*/*', 'xray')).toBe('xray');
    expect(formatFor('v2rayN/7.10.5', '*/*')).toBe('base64');
  });

  it('takes Xray’s fragment syntax within bounds, the three values together or none', () => {
    expect(isFragmentValue('fragmentPackets', 'tlshello')).toBe(true);
    expect(isFragmentValue('fragmentPackets', '1-3')).toBe(true);
    expect(isFragmentValue('fragmentPackets', '0-3')).toBe(false);
    expect(isFragmentValue('fragmentPackets', '3-1')).toBe(false);
    expect(isFragmentValue('fragmentLength', '100-200')).toBe(true);
    expect(isFragmentValue('fragmentLength', 'tlshello')).toBe(false);
    expect(isFragmentValue('fragmentLength', '100-99999')).toBe(false);
    expect(isFragmentValue('fragmentInterval', '0')).toBe(true);
    expect(isFragmentValue('fragmentInterval', '10-20')).toBe(true);
    expect(isFragmentValue('fragmentInterval', '-5')).toBe(false);
    expect(isFragmentValue('fragmentInterval', '10 - 20')).toBe(false);
    expect(fragmentProblem({ fragmentPackets: '', fragmentLength: '', fragmentInterval: '' })).toBeNull();
    expect(fragmentProblem({ fragmentPackets: '1-3', fragmentLength: '100-200', fragmentInterval: '10' })).toBeNull();
    expect(fragmentProblem({ fragmentPackets: 'tlshello', fragmentLength: '', fragmentInterval: '' })).toMatch(
      /together/,
    );
    expect(fragmentProblem({ fragmentPackets: 'x', fragmentLength: '1', fragmentInterval: '1' })).toMatch(
      /fragment packets must be "tlshello" or a whole number or a range from 1 to 100/,
    );
  });
});

describe.each(KINDS)('Xray JSON, fragment, mux and Iran-direct on %s (CONTRACTS §14)', (kind) => {
  let s: TestServer;
  let subPath: string;
  let vpnId: string;
  const admin = (...argv: string[]) => runAdmin(argv, s.ctx, () => undefined);
  beforeAll(async () => {
    s = await startTestServer(kind);
    for (const [name, options] of Object.entries(NODES))
      await admin(
        'nodes',
        'add',
        '--name',
        name,
        '--host',
        'x.example.com',
        '--port',
        '443',
        '--country',
        'DE',
        ...options,
      );
    const user = await s.createUser({ username: 'xrayuser', password: 'Xraypass12345', allowedMB: 51_200 });
    vpnId = user.vpnId;
    const cookie = await s.login(user.username, user.password);
    const subUrl = json<{ subUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
    ).subUrl;
    subPath = new URL(subUrl).pathname;
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (query = '', ua = 'v2rayNG/1.9.5') =>
    s.app.inject({ method: 'GET', url: `${subPath}${query}`, headers: { 'user-agent': ua } });
  const configs = async (ua = 'v2rayNG/1.9.5') => {
    const answer = await get('?format=xray', ua);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['subscription-userinfo']).toMatch(/^upload=0; download=0; total=/);
    return json<Config[]>(answer);
  };
  const byName = (all: Config[], name: string) => {
    const found = all.find((config) => config.remarks === name);
    expect(found, name).toBeDefined();
    return found!;
  };
  const clashRules = async () => parse((await get('?format=clash')).body).rules as string[];
  const singBox = async () =>
    json<{ route: { rules: Array<Record<string, unknown>>; rule_set?: Array<Record<string, unknown>> } }>(
      await get('?format=singbox'),
    );

  it('answers a complete Xray config per link Xray carries, with none of the settings while they are unset', async () => {
    const all = await configs();
    // Happ's User-Agent takes the same, unforced.
    expect((await get('', 'Happ/1.63.1')).body).toBe(JSON.stringify(all, null, 2));
    const names = all.map((config) => config.remarks);
    expect(names).toEqual(expect.arrayContaining(Object.keys(NODES).filter((name) => name !== 'X Hy2')));
    // Xray has no Hysteria 2: that link stays in the other formats.
    expect(names).not.toContain('X Hy2');
    for (const config of all) {
      expect(config.inbounds.map((inbound) => [inbound.tag, inbound.protocol, inbound.listen])).toEqual([
        ['socks', 'socks', '127.0.0.1'],
        ['http', 'http', '127.0.0.1'],
      ]);
      expect(config.outbounds.map((outbound) => outbound.tag)).toEqual(['proxy', 'direct', 'block']);
      expect(config.outbounds[0]!.mux).toBeUndefined();
      expect(config.outbounds[0]!.streamSettings?.sockopt).toBeUndefined();
      expect(config.routing).toEqual({
        domainStrategy: 'AsIs',
        rules: [
          { type: 'field', ip: ['geoip:private'], outboundTag: 'direct' },
          { type: 'field', network: 'tcp,udp', outboundTag: 'proxy' },
        ],
      });
    }
    const vision = byName(all, 'X Vision').outbounds[0]!;
    expect(vision).toMatchObject({
      protocol: 'vless',
      settings: {
        vnext: [
          { address: 'x.example.com', port: 443, users: [{ id: vpnId, encryption: 'none', flow: 'xtls-rprx-vision' }] },
        ],
      },
      streamSettings: {
        network: 'tcp',
        security: 'reality',
        realitySettings: { serverName: 'www.microsoft.com', fingerprint: 'chrome', shortId: expect.any(String) },
      },
    });
    expect((vision.streamSettings!.realitySettings as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(byName(all, 'X VMess WS').outbounds[0]).toMatchObject({
      protocol: 'vmess',
      settings: { vnext: [{ users: [{ id: vpnId, alterId: 0, security: 'auto' }] }] },
      streamSettings: { network: 'ws', security: 'none', wsSettings: { path: '/vm', host: 'cdn.example.com' } },
    });
    expect(byName(all, 'X Trojan').outbounds[0]).toMatchObject({
      protocol: 'trojan',
      settings: { servers: [{ address: 'x.example.com', port: 443, password: vpnId }] },
      streamSettings: { security: 'tls', tlsSettings: { serverName: 'tj.example.com' } },
    });
    expect(byName(all, 'X SS').outbounds[0]).toMatchObject({
      protocol: 'shadowsocks',
      settings: { servers: [{ method: 'aes-256-gcm', password: vpnId }] },
    });
    expect(await clashRules()).not.toEqual(expect.arrayContaining(['GEOIP,IR,DIRECT']));
    const route = (await singBox()).route;
    expect(route.rule_set).toBeUndefined();
    expect(route.rules.filter((rule) => 'domain_suffix' in rule || 'rule_set' in rule)).toEqual([]);
  });

  it('carries fragment on TLS and REALITY, mux where the transport allows it, and Iran-direct in every format', async () => {
    await admin(
      'settings',
      'set',
      '--fragment-packets',
      'tlshello',
      '--fragment-length',
      '100-200',
      '--fragment-interval',
      '10-20',
      '--mux',
      '1',
      '--iran-direct',
      '1',
    );
    const all = await configs();
    const fragment = { packets: 'tlshello', length: '100-200', interval: '10-20' };
    for (const name of ['X Vision', 'X XHTTP', 'X VMess TLS', 'X Trojan']) {
      const config = byName(all, name);
      expect(
        config.outbounds.map((outbound) => outbound.tag),
        name,
      ).toEqual(['proxy', 'direct', 'block', 'fragment']);
      expect(config.outbounds[0]!.streamSettings!.sockopt, name).toEqual({ dialerProxy: 'fragment' });
      expect(config.outbounds[3], name).toMatchObject({ protocol: 'freedom', settings: { fragment } });
    }
    for (const name of ['X VMess WS', 'X SS']) {
      const config = byName(all, name);
      expect(
        config.outbounds.map((outbound) => outbound.tag),
        name,
      ).toEqual(['proxy', 'direct', 'block']);
      expect(config.outbounds[0]!.streamSettings!.sockopt, name).toBeUndefined();
    }
    // Mux: not under VLESS Vision, not over XHTTP (its own XMUX), not for Shadowsocks.
    for (const name of ['X VMess WS', 'X VMess TLS', 'X Trojan'])
      expect(byName(all, name).outbounds[0]!.mux, name).toMatchObject({ enabled: true, concurrency: 8 });
    for (const name of ['X Vision', 'X XHTTP', 'X SS'])
      expect(byName(all, name).outbounds[0]!.mux, name).toBeUndefined();
    for (const config of all)
      expect(config.routing).toEqual({
        domainStrategy: 'IPIfNonMatch',
        rules: [
          { type: 'field', ip: ['geoip:private'], outboundTag: 'direct' },
          { type: 'field', domain: ['domain:ir'], outboundTag: 'direct' },
          { type: 'field', ip: ['geoip:ir'], outboundTag: 'direct' },
          { type: 'field', network: 'tcp,udp', outboundTag: 'proxy' },
        ],
      });

    const rules = await clashRules();
    const match = rules.indexOf('MATCH,Separ');
    expect(match).toBe(rules.length - 1);
    expect(rules.indexOf('GEOIP,IR,DIRECT')).toBeGreaterThanOrEqual(0);
    expect(rules.indexOf('GEOIP,IR,DIRECT')).toBeLessThan(match);
    expect(rules.indexOf('DOMAIN-SUFFIX,ir,DIRECT')).toBeGreaterThanOrEqual(0);
    expect(rules.indexOf('DOMAIN-SUFFIX,ir,DIRECT')).toBeLessThan(match);

    const { route } = await singBox();
    expect(route.rules).toEqual(
      expect.arrayContaining([
        { domain_suffix: ['.ir'], outbound: 'direct' },
        { rule_set: ['geoip-ir'], outbound: 'direct' },
      ]),
    );
    // The rule set the rule names is defined (sing-box refuses a rule naming an unknown one).
    expect(route.rule_set).toEqual([
      {
        type: 'remote',
        tag: 'geoip-ir',
        format: 'binary',
        url: 'https://raw.githubusercontent.com/SagerNet/sing-geoip/rule-set/geoip-ir.srs',
        download_detour: 'Separ',
      },
    ]);
  });

  it('gives an account that may not connect an empty array, with its state in the headers', async () => {
    const expired = await s.createUser({
      username: 'xrayold',
      password: 'Xraypass12345',
      expireDate: '2020-01-01T00:00:00.000Z',
    });
    const cookie = await s.login(expired.username, expired.password);
    const url = json<{ subUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
    ).subUrl;
    const answer = await s.app.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: { 'user-agent': 'Happ/1.63.1' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('[]');
    expect(answer.headers['subscription-userinfo']).toMatch(/expire=1577836800$/);
  });

  it('turns each off again: --fragment 0, --mux 0, --iran-direct 0', async () => {
    await admin('settings', 'set', '--fragment', '0');
    let all = await configs();
    expect(all.every((config) => config.outbounds.length === 3)).toBe(true);
    expect(byName(all, 'X Trojan').outbounds[0]!.mux).toBeDefined();
    await admin('settings', 'set', '--mux', '0', '--iran-direct', '0');
    all = await configs();
    expect(all.every((config) => config.outbounds[0]!.mux === undefined)).toBe(true);
    expect(all.every((config) => config.routing.rules.length === 2)).toBe(true);
    expect(await clashRules()).not.toContain('GEOIP,IR,DIRECT');
  });

  it('refuses junk settings, on the command line and in the admin, and changes nothing', async () => {
    const refused = [
      ['--fragment-packets', 'tlshello'],
      ['--fragment-packets', '0-3', '--fragment-length', '100-200', '--fragment-interval', '10-20'],
      ['--fragment-packets', '1-3', '--fragment-length', '200-100', '--fragment-interval', '10-20'],
      ['--fragment-packets', '1-3', '--fragment-length', '100-200', '--fragment-interval', 'fast'],
      ['--fragment', '1'],
      ['--fragment', '0', '--fragment-length', '100'],
      ['--mux', 'yes'],
      ['--iran-direct', '2'],
    ];
    for (const options of refused)
      await expect(admin('settings', 'set', ...options), options.join(' ')).rejects.toThrow();
    await addOperator(s.ctx, { username: 'xrayop', password: 'correct horse battery' }, 'test');
    const signed = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'xrayop', password: 'correct horse battery' }),
    });
    const cookie = `separ_admin=${signed.cookies.find((c) => c.name === 'separ_admin')!.value}`;
    const put = (payload: unknown) =>
      s.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    for (const payload of [
      { fragmentPackets: 'tlshello' },
      { fragmentPackets: 'tlshello', fragmentLength: '100-200', fragmentInterval: '99999' },
      { fragmentPackets: 7, fragmentLength: '100-200', fragmentInterval: '10' },
      { muxEnabled: 'yes' },
      { iranDirect: 1 },
    ]) {
      const answer = await put(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<{ code: string }>(answer).code).toBeTruthy();
    }
    expect((await get('?format=nonsense')).statusCode).toBe(400);
    const all = await configs();
    expect(all.every((config) => config.outbounds.length === 3 && !config.outbounds[0]!.mux)).toBe(true);

    const saved = await put({
      fragmentPackets: '1-3',
      fragmentLength: '100-200',
      fragmentInterval: '10',
      iranDirect: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toMatchObject({
      fragmentPackets: '1-3',
      fragmentLength: '100-200',
      iranDirect: true,
      muxEnabled: false,
    });
    expect(byName(await configs(), 'X Trojan').outbounds[3]).toMatchObject({
      settings: { fragment: { packets: '1-3', length: '100-200', interval: '10' } },
    });
  });
});
