import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../cli/admin.ts';
import { json, startTestServer, type TestServer } from '../../../test/harness.ts';
import { freePort } from '../../../test/processes.ts';
import { fetchThroughSocks, installed, payloadServer, startPeer, stopPeer, waitForPort } from '../../../test/peers.ts';

/**
 * The Xray JSON a client imports (CONTRACTS §14), loaded the way a client loads it, by Debian's
 * V2Ray 4.34 (Xray's ancestor: the same JSON for VMess, inbounds, outbounds and routing). V2Ray
 * ignores the fields it does not know; the few Xray-only ones that V2Ray reads differently are
 * rewritten first (below), and the rest is checked as it is: `v2ray -test` refuses a config whose
 * outbound, inbound or rule it cannot build, and a real run carries traffic through it.
 */

type Config = {
  remarks: string;
  inbounds: Array<Record<string, unknown> & { port: number }>;
  outbounds: Array<Record<string, unknown> & { tag: string; streamSettings?: Record<string, unknown> }>;
  routing: Record<string, unknown>;
};

/** What V2Ray 4.34 reads in another form: the fragment outbound (freedom fragments only in Xray), WS's `host`, sniffing. */
function forV2Ray(config: Config, ports?: { socks: number; http: number }): Record<string, unknown> {
  const outbounds = config.outbounds
    .filter((outbound) => outbound.tag !== 'fragment')
    .map((outbound) => {
      const stream = outbound.streamSettings;
      if (!stream) return outbound;
      const { sockopt, wsSettings, ...rest } = stream as {
        sockopt?: unknown;
        wsSettings?: { path: string; host?: string };
      };
      expect(sockopt === undefined || JSON.stringify(sockopt) === '{"dialerProxy":"fragment"}').toBe(true);
      return {
        ...outbound,
        streamSettings: {
          ...rest,
          ...(wsSettings
            ? {
                wsSettings: {
                  path: wsSettings.path,
                  ...(wsSettings.host ? { headers: { Host: wsSettings.host } } : {}),
                },
              }
            : {}),
        },
      };
    });
  const { remarks: _remarks, ...rest } = config;
  // Sniffing's `routeOnly` is Xray's: V2Ray 4.34 would send traffic to the sniffed name instead.
  const inbounds = config.inbounds.map(({ sniffing, ...inbound }) => {
    expect(sniffing).toMatchObject({ enabled: true, routeOnly: true });
    return ports ? { ...inbound, port: inbound.tag === 'socks' ? ports.socks : ports.http } : inbound;
  });
  return { ...rest, inbounds, outbounds };
}

/** Protocol Buffers, as much of it as a geoip.dat needs (v2ray's app/router GeoIPList). */
function varint(value: number): Buffer {
  const bytes: number[] = [];
  do {
    bytes.push((value & 0x7f) | (value > 0x7f ? 0x80 : 0));
    value >>>= 7;
  } while (value > 0);
  return Buffer.from(bytes);
}
const bytesField = (field: number, payload: Buffer) =>
  Buffer.concat([varint((field << 3) | 2), varint(payload.length), payload]);
const numberField = (field: number, value: number) => Buffer.concat([varint(field << 3), varint(value)]);
function geoip(entries: Record<string, Array<[string, number]>>): Buffer {
  return Buffer.concat(
    Object.entries(entries).map(([code, cidrs]) =>
      bytesField(
        1,
        Buffer.concat([
          bytesField(1, Buffer.from(code)),
          ...cidrs.map(([ip, prefix]) =>
            bytesField(
              2,
              Buffer.concat([bytesField(1, Buffer.from(ip.split('.').map(Number))), numberField(2, prefix)]),
            ),
          ),
        ]),
      ),
    ),
  );
}

const check = (dir: string, assets: string, name: string, config: unknown) => {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(config));
  return spawnSync('v2ray', ['-test', '-config', file], {
    encoding: 'utf8',
    env: { ...process.env, V2RAY_LOCATION_ASSET: assets },
  });
};

describe('Xray JSON, loaded and run by V2Ray 4.34 as a client would', () => {
  let s: TestServer;
  let dir: string;
  let realGeo: string;
  let testGeo: string;
  let subPath: string;
  let vpnId: string;
  let nodePort: number;
  let target: Awaited<ReturnType<typeof payloadServer>>;
  let server: ChildProcess | undefined;
  let client: ChildProcess | undefined;
  const admin = (...argv: string[]) => runAdmin(argv, s.ctx, () => undefined);
  const configs = async () => {
    const answer = await s.app.inject({ method: 'GET', url: subPath, headers: { 'user-agent': 'Happ/1.63.1' } });
    expect(answer.statusCode, answer.body).toBe(200);
    return json<Config[]>(answer);
  };

  beforeAll(async () => {
    if (!installed('v2ray')) throw new Error('v2ray is not installed: apt-get install -y v2ray (.ci/run installs it)');
    dir = mkdtempSync(join(tmpdir(), 'separ-xray-'));
    // The geo data clients ship, reduced to the codes the configs name: private ranges and Iran's.
    realGeo = join(dir, 'real');
    testGeo = join(dir, 'test');
    for (const [folder, data] of [
      [
        realGeo,
        geoip({
          PRIVATE: [
            ['10.0.0.0', 8],
            ['127.0.0.0', 8],
            ['192.168.0.0', 16],
          ],
          IR: [['2.144.0.0', 14]],
        }),
      ],
      // For the run: loopback counted as Iranian (and not private), so that the routing shows which way traffic went.
      [testGeo, geoip({ PRIVATE: [['10.0.0.0', 8]], IR: [['127.0.0.0', 8]] })],
    ] as const) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'geoip.dat'), data);
    }
    s = await startTestServer('sqlite');
    nodePort = await freePort();
    await admin(
      'nodes',
      'add',
      '--name',
      'Peer VMess',
      '--type',
      'vmess',
      '--host',
      '127.0.0.1',
      '--port',
      String(nodePort),
      '--country',
      'DE',
    );
    await admin(
      'nodes',
      'add',
      '--name',
      'Peer VMess WS TLS',
      '--type',
      'vmess',
      '--host',
      'vm.example.com',
      '--port',
      '443',
      '--country',
      'DE',
      '--transport',
      'ws',
      '--path',
      '/vm',
      '--transport-host',
      'cdn.example.com',
      '--security',
      'tls',
      '--sni',
      'vm.example.com',
    );
    await admin(
      'nodes',
      'add',
      '--name',
      'Peer VLESS TLS',
      '--type',
      'vless',
      '--host',
      'vl.example.com',
      '--port',
      '443',
      '--country',
      'DE',
      '--security',
      'tls',
    );
    await admin(
      'nodes',
      'add',
      '--name',
      'Peer Trojan',
      '--type',
      'trojan',
      '--host',
      'tj.example.com',
      '--port',
      '443',
      '--country',
      'DE',
    );
    const user = await s.createUser({ username: 'peerxray', password: 'Peerpass12345', allowedMB: 51_200 });
    vpnId = user.vpnId;
    const cookie = await s.login(user.username, user.password);
    subPath = new URL(
      json<{ subUrl: string }>(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }))
        .subUrl,
    ).pathname;
    target = await payloadServer(256 * 1024);
  });
  afterAll(async () => {
    await stopPeer(client);
    await stopPeer(server);
    await target?.close();
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loads every VMess, VLESS and Trojan config, with and without the settings, and refuses a broken one', async () => {
    const names = ['Peer VMess', 'Peer VMess WS TLS', 'Peer VLESS TLS', 'Peer Trojan'];
    for (const settings of [
      [],
      [
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
      ],
    ]) {
      if (settings.length > 0) await admin('settings', 'set', ...settings);
      const all = (await configs()).filter((config) => names.includes(config.remarks));
      expect(all.map((config) => config.remarks).sort()).toEqual([...names].sort());
      for (const config of all) {
        const run = check(dir, realGeo, 'ok', forV2Ray(config));
        expect(run.stdout + run.stderr, config.remarks).toContain('Configuration OK');
        expect(run.status, config.remarks).toBe(0);
      }
      // The check can fail: a rule naming geo data that is not there, or an id that is no id.
      const [first] = all;
      const badRule = forV2Ray({
        ...first!,
        routing: { rules: [{ type: 'field', ip: ['geoip:nowhere'], outboundTag: 'direct' }] },
      });
      expect(check(dir, realGeo, 'bad-rule', badRule).status).not.toBe(0);
      const badId = JSON.parse(JSON.stringify(forV2Ray(first!)).replaceAll(vpnId, 'not-a-uuid')) as unknown;
      expect(check(dir, realGeo, 'bad-id', badId).status).not.toBe(0);
    }
    await admin('settings', 'set', '--fragment', '0', '--mux', '0', '--iran-direct', '0');
  });

  it('carries traffic through the proxy, and Iran-direct sends Iranian addresses around it', async () => {
    // The node: VMess over TCP, the account's VPN id as its user (as V2bX configures the core).
    writeFileSync(
      join(dir, 'server.json'),
      JSON.stringify({
        log: { loglevel: 'warning' },
        inbounds: [
          {
            listen: '127.0.0.1',
            port: nodePort,
            protocol: 'vmess',
            settings: { clients: [{ id: vpnId, alterId: 0 }] },
          },
        ],
        outbounds: [{ protocol: 'freedom' }],
      }),
    );
    const run = async (iranDirect: boolean) => {
      await admin('settings', 'set', '--iran-direct', iranDirect ? '1' : '0', '--mux', '1');
      const config = (await configs()).find((c) => c.remarks === 'Peer VMess')!;
      const ports = { socks: await freePort(), http: await freePort() };
      writeFileSync(join(dir, 'client.json'), JSON.stringify(forV2Ray(config, ports)));
      await stopPeer(client);
      client = startPeer('v2ray', ['-config', join(dir, 'client.json')]);
      await waitForPort(ports.socks, client);
      return ports.socks;
    };
    // V2Ray reads the geo data from V2RAY_LOCATION_ASSET: the test's, where loopback is "Iranian".
    process.env.V2RAY_LOCATION_ASSET = testGeo;
    try {
      server = startPeer('v2ray', ['-config', join(dir, 'server.json')]);
      await waitForPort(nodePort, server);
      let socks = await run(false);
      expect(await fetchThroughSocks(socks, target.port)).toBe(256 * 1024);
      // Through the proxy: without the node, nothing passes.
      await stopPeer(server);
      server = undefined;
      await expect(fetchThroughSocks(socks, target.port, 4000)).rejects.toThrow();
      // Iran-direct: the "Iranian" address goes direct, node or not.
      socks = await run(true);
      expect(await fetchThroughSocks(socks, target.port)).toBe(256 * 1024);
    } finally {
      delete process.env.V2RAY_LOCATION_ASSET;
      await admin('settings', 'set', '--iran-direct', '0', '--mux', '0');
    }
  });
});
