import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStatus, normalizeAccount, parseServer } from '@separ/domain';
import { runAdmin } from '../../cli/admin.ts';
import { json, startTestServer, type TestServer } from '../../../test/harness.ts';
import { freePort } from '../../../test/processes.ts';
import {
  fetchThroughSocks,
  installed,
  payloadServer,
  selfSignedCertificate,
  startPeer,
  stopPeer,
  waitForPort,
} from '../../../test/peers.ts';
import { V2bXClient, type DecodedNode, type DecodedUser, type Send } from '../../../test/v2bx.ts';
import { parseLink } from './links.ts';

const SNI = 'node.separ.test';

/** The panel over real HTTP, as V2bX's resty client reaches it. */
function fetchSend(base: string): Send {
  return async (request) => {
    const response = await fetch(`${base}${request.url}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
  };
}

/**
 * The inbound V2bX builds for a Trojan node (core/xray/inbound.go buildTrojan, users added with
 * email "<tag>|<uuid>" and per-user traffic counters), for V2Ray 4.34 — the real node software
 * Debian ships; V2bX itself is not packaged. The account's VPN id (a UUID, CONTRACTS §5) goes in as
 * it is, as V2bX hands it to the core: the Trojan password here, the VLESS/VMess id elsewhere.
 */
function serverConfig(node: DecodedNode, users: DecodedUser[], tls: { cert: string; key: string }, apiPort: number) {
  return {
    log: { loglevel: 'warning' },
    stats: {},
    api: { tag: 'api', services: ['StatsService'] },
    policy: { levels: { '0': { statsUserUplink: true, statsUserDownlink: true } } },
    inbounds: [
      {
        tag: 'separ',
        listen: '127.0.0.1',
        port: node.serverPort,
        protocol: 'trojan',
        settings: { clients: users.map((u) => ({ password: u.uuid, email: `separ|${u.uuid}`, level: 0 })) },
        streamSettings: {
          network: node.network || 'tcp',
          security: 'tls',
          tlsSettings: { certificates: [{ certificateFile: tls.cert, keyFile: tls.key }] },
        },
      },
      { tag: 'api', listen: '127.0.0.1', port: apiPort, protocol: 'dokodemo-door', settings: { address: '127.0.0.1' } },
    ],
    outbounds: [{ protocol: 'freedom', tag: 'direct' }],
    routing: { rules: [{ type: 'field', inboundTag: ['api'], outboundTag: 'api' }] },
  };
}

/** A client app that imported the account's link: SOCKS in, Trojan out. */
function clientConfig(link: string, socksPort: number) {
  const spec = parseLink(link)!;
  return {
    log: { loglevel: 'warning' },
    inbounds: [{ listen: '127.0.0.1', port: socksPort, protocol: 'socks', settings: { udp: false } }],
    outbounds: [
      {
        protocol: 'trojan',
        settings: { servers: [{ address: spec.host, port: spec.port, password: spec.password }] },
        streamSettings: {
          network: spec.network ?? 'tcp',
          security: 'tls',
          // The test's certificate is self-signed; the name is still checked against the link's SNI.
          tlsSettings: { serverName: spec.sni, allowInsecure: true },
        },
      },
    ],
  };
}

/** V2bX reads its users' traffic from the core's counters, and resets them (node/user.go). */
function readTraffic(apiPort: number): Map<string, { up: number; down: number }> {
  const run = spawnSync(
    'v2ctl',
    ['api', `--server=127.0.0.1:${apiPort}`, 'StatsService.QueryStats', 'pattern: "" reset: true'],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`v2ctl failed: ${run.stderr}`);
  const traffic = new Map<string, { up: number; down: number }>();
  for (const match of run.stdout.matchAll(
    /name: "user>>>separ\|([^>]+)>>>traffic>>>(uplink|downlink)"\s+value: (\d+)/g,
  )) {
    const entry = traffic.get(match[1]!) ?? { up: 0, down: 0 };
    if (match[2] === 'uplink') entry.up += Number(match[3]);
    else entry.down += Number(match[3]);
    traffic.set(match[1]!, entry);
  }
  return traffic;
}

/**
 * A relay in front of the node, as an operator puts one (CONTRACTS §14: an extra host of the node):
 * it listens on another loopback address and port and passes the bytes on to the node untouched,
 * counting them, so that the test knows the traffic went through it.
 */
async function relay(to: number): Promise<{ server: Server; port: number; bytes(): number }> {
  let bytes = 0;
  const server = createServer((inbound) => {
    const outbound = createConnection({ host: '127.0.0.1', port: to });
    inbound.on('data', (chunk: Buffer) => (bytes += chunk.length));
    outbound.on('data', (chunk: Buffer) => (bytes += chunk.length));
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { server, port: (server.address() as AddressInfo).port, bytes: () => bytes };
}

describe('an account on a real V2Ray node (v2ray 4.34), driven as V2bX drives it', () => {
  let s: TestServer;
  let dir: string;
  let v2bx: V2bXClient;
  let target: Awaited<ReturnType<typeof payloadServer>>;
  let server: ChildProcess | undefined;
  let client: ChildProcess | undefined;
  let nodePort: number;
  let apiPort: number;
  let socksPort: number;
  let tls: { cert: string; key: string };
  let nodeId: number;
  let forward: Awaited<ReturnType<typeof relay>> | undefined;

  beforeAll(async () => {
    for (const program of ['v2ray', 'v2ctl', 'openssl'])
      if (!installed(program))
        throw new Error(`${program} is not installed: apt-get install -y v2ray openssl (.ci/run installs them)`);
    dir = mkdtempSync(join(tmpdir(), 'separ-v2ray-'));
    tls = selfSignedCertificate(dir, SNI);
    s = await startTestServer('sqlite');
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    [nodePort, apiPort, socksPort] = [await freePort(), await freePort(), await freePort()];
    const lines: string[] = [];
    await runAdmin(
      [
        'nodes',
        'add',
        '--name',
        'Local trojan',
        '--type',
        'trojan',
        '--host',
        '127.0.0.1',
        '--port',
        String(nodePort),
        '--sni',
        SNI,
        '--country',
        'DE',
        '--json',
      ],
      s.ctx,
      (line) => lines.push(line),
    );
    nodeId = (JSON.parse(lines[0]!) as { id: number }).id;
    v2bx = new V2bXClient(fetchSend(base), {
      ...(JSON.parse(lines[0]!) as { id: number; token: string }),
      type: 'trojan',
    });
    target = await payloadServer(512 * 1024);
  });
  afterAll(async () => {
    await stopPeer(client);
    await stopPeer(server);
    await target?.close();
    forward?.server.close();
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let lastNode: DecodedNode | null = null;
  let lastUsers: DecodedUser[] | null = null;

  /** What V2bX does at each pull: the node's config and users (304: as before), and the core (re)started with them. */
  async function pullAndRun() {
    lastNode = (await v2bx.getNodeInfo()).node ?? lastNode;
    lastUsers = (await v2bx.getUserList()).users ?? lastUsers;
    await stopPeer(server);
    writeFileSync(join(dir, 'server.json'), JSON.stringify(serverConfig(lastNode!, lastUsers!, tls, apiPort)));
    server = startPeer('v2ray', ['-config', join(dir, 'server.json')]);
    await waitForPort(nodePort, server);
    return lastUsers!;
  }

  async function connectWith(link: string) {
    await stopPeer(client);
    writeFileSync(join(dir, 'client.json'), JSON.stringify(clientConfig(link, socksPort)));
    client = startPeer('v2ray', ['-config', join(dir, 'client.json')]);
    await waitForPort(socksPort, client);
  }

  it('carries an account’s traffic, counts it, starts its subscription, and stops it when suspended', async () => {
    const alice = await s.createUser({ subsDays: 30, expireDate: null, username: 'alice1', password: 'Alice1pass' });
    const cookie = await s.login('alice1', 'Alice1pass');
    // The buyer's link, as the panel gives it.
    const servers = json<{ servers: Array<Parameters<typeof parseServer>[0]> }>(
      await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } }),
    ).servers.map((raw) => parseServer(raw));
    const link = servers.find((server) => server.title === 'Local trojan')!.links[0]!;
    expect(link.startsWith(`trojan://${alice.vpnId}@127.0.0.1:`)).toBe(true);
    expect(link).toMatch(/\?security=tls&sni=node\.separ\.test/);
    expect(link).not.toContain('Alice1pass');

    const users = await pullAndRun();
    expect(users.map((u) => u.uuid)).toContain(alice.vpnId);
    await connectWith(link);
    expect(await fetchThroughSocks(socksPort, target.port)).toBe(512 * 1024);

    // Another id does not get through the same node; nor does the login password.
    await connectWith(link.replace(alice.vpnId, '00000000-0000-4000-8000-000000000000'));
    await expect(fetchThroughSocks(socksPort, target.port)).rejects.toThrow();
    await connectWith(link.replace(alice.vpnId, 'alice1-Alice1pass'));
    await expect(fetchThroughSocks(socksPort, target.port)).rejects.toThrow();
    await connectWith(link);

    // V2bX's push: the core's counters, reset as they are read, by user id.
    const traffic = readTraffic(apiPort).get(alice.vpnId);
    expect(traffic?.down).toBeGreaterThan(512 * 1024);
    const uid = users.find((u) => u.uuid === alice.vpnId)!.id;
    expect((await v2bx.reportUserTraffic([{ uid, upload: traffic!.up, download: traffic!.down }])).status).toBe(200);
    const account = normalizeAccount(
      json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })),
    );
    expect(account.usedMB).toBe(1);
    expect(accountStatus(account, s.clock.now)).toEqual({ state: 'active', daysLeft: 30 });
    expect(readTraffic(apiPort).get(alice.vpnId)?.down ?? 0).toBe(0);

    // Suspended: the next pull leaves the account out, and the node refuses it.
    await runAdmin(['users', 'suspend', 'alice1'], s.ctx, () => undefined);
    const after = await pullAndRun();
    expect(after.map((u) => u.id)).not.toContain(alice.id);
    await connectWith(link);
    await expect(fetchThroughSocks(socksPort, target.port)).rejects.toThrow();
  }, 60_000);

  it('carries the traffic through an extra host of the node (a relay on another address and port) with the same link keys', async () => {
    forward = await relay(nodePort);
    const printed: string[] = [];
    await runAdmin(
      ['nodes', 'hosts', 'add', String(nodeId), '--address', '127.0.0.2', '--port', String(forward.port)],
      s.ctx,
      (line) => printed.push(line),
    );
    await runAdmin(
      ['nodes', 'hosts', 'add', String(nodeId), '--address', '127.0.0.3', '--remark', 'Paused'],
      s.ctx,
      (line) => printed.push(line),
    );
    await runAdmin(
      ['nodes', 'hosts', 'pause', String(nodeId), /^Host (\d+)/.exec(printed[1]!)![1]!],
      s.ctx,
      () => undefined,
    );
    const bob = await s.createUser({ subsDays: 30, expireDate: null, username: 'bob1', password: 'Bob1pass00' });
    const cookie = await s.login('bob1', 'Bob1pass00');
    const links = json<{ servers: Array<Parameters<typeof parseServer>[0]> }>(
      await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } }),
    )
      .servers.map((raw) => parseServer(raw))
      .find((server) => server.title === 'Local trojan')!.links;
    // The node's own link, then the active host's: the same password and SNI, the relay's address.
    expect(links).toHaveLength(2);
    const [own, extra] = links.map((link) => parseLink(link)!);
    expect(extra).toEqual({ ...own, name: 'Local trojan - 127.0.0.2', host: '127.0.0.2', port: forward.port });
    expect(extra!.password).toBe(bob.vpnId);

    await pullAndRun();
    await connectWith(links[1]!);
    expect(await fetchThroughSocks(socksPort, target.port)).toBe(512 * 1024);
    // The bytes went through the relay (the payload, TLS around it), and the node counted them as bob's.
    expect(forward.bytes()).toBeGreaterThan(512 * 1024);
    expect(readTraffic(apiPort).get(bob.vpnId)?.down).toBeGreaterThan(512 * 1024);
    // Another id does not get through the relay either: it is the node that decides.
    await connectWith(links[1]!.replace(bob.vpnId, '00000000-0000-4000-8000-000000000000'));
    await expect(fetchThroughSocks(socksPort, target.port)).rejects.toThrow();
  }, 60_000);
});
