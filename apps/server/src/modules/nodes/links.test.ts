import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServer } from '@separ/domain';
import { runAdmin } from '../../cli/admin.ts';
import { json, startTestServer, type TestServer } from '../../../test/harness.ts';
import { findNode, realityPublicKey } from './records.ts';
import { formatLink, nodeLinkSpec, parseLink, shadowsocksPassword } from './links.ts';
import { UserListCache } from './userList.ts';

const ID = 'sp482913-Ab3dEf7hJk9m';

/** Every kind of node an operator can make, as separ-admin options. */
const KINDS_OF_NODE: Record<string, string[]> = {
  'vless tcp reality vision': [
    '--type',
    'vless',
    '--security',
    'reality',
    '--sni',
    'www.microsoft.com',
    '--flow',
    'xtls-rprx-vision',
  ],
  'vless grpc reality': [
    '--type',
    'vless',
    '--transport',
    'grpc',
    '--service-name',
    'gsvc',
    '--security',
    'reality',
    '--sni',
    'dl.google.com',
  ],
  'vless xhttp reality': [
    '--type',
    'vless',
    '--transport',
    'xhttp',
    '--path',
    '/xh',
    '--security',
    'reality',
    '--sni',
    'www.apple.com',
  ],
  'vless ws tls': [
    '--type',
    'vless',
    '--transport',
    'ws',
    '--path',
    '/vl',
    '--transport-host',
    'cdn.example.com',
    '--security',
    'tls',
  ],
  'vless httpupgrade tls': [
    '--type',
    'vless',
    '--transport',
    'httpupgrade',
    '--path',
    '/hu',
    '--security',
    'tls',
    '--sni',
    'hu.example.com',
  ],
  'vless tcp none': ['--type', 'vless'],
  'vmess ws': ['--type', 'vmess', '--transport', 'ws', '--path', '/vm'],
  'vmess grpc tls': ['--type', 'vmess', '--transport', 'grpc', '--service-name', 'vmg', '--security', 'tls'],
  'vmess tcp tls': ['--type', 'vmess', '--security', 'tls'],
  'trojan tcp': ['--type', 'trojan'],
  'trojan ws': ['--type', 'trojan', '--transport', 'ws', '--path', '/tj', '--sni', 'tj.example.com'],
  'trojan grpc': ['--type', 'trojan', '--transport', 'grpc', '--service-name', 'tjg'],
  'ss aes-256-gcm': ['--type', 'shadowsocks', '--cipher', 'aes-256-gcm'],
  'ss chacha20': ['--type', 'shadowsocks', '--cipher', 'chacha20-ietf-poly1305'],
  'ss 2022': ['--type', 'shadowsocks', '--cipher', '2022-blake3-aes-128-gcm'],
  'hysteria2 obfs': [
    '--type',
    'hysteria2',
    '--obfs-password',
    'obfs-secret-1',
    '--up-mbps',
    '200',
    '--down-mbps',
    '1000',
  ],
  hysteria2: ['--type', 'hysteria2'],
};

describe('nodes from separ-admin, and the links they give', () => {
  let s: TestServer;
  const ids = new Map<string, number>();
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  beforeAll(async () => {
    s = await startTestServer('sqlite');
    let port = 20_000;
    for (const [name, options] of Object.entries(KINDS_OF_NODE)) {
      const host = name.includes('none') || name === 'vmess ws' ? '203.0.113.9' : `${name.split(' ')[0]}.example.com`;
      const out = await run(
        'nodes',
        'add',
        '--name',
        name,
        '--host',
        host,
        '--port',
        String(port++),
        '--country',
        'NL',
        ...options,
        '--json',
      );
      const { id, token } = JSON.parse(out) as { id: number; token: string };
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      ids.set(name, id);
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each(Object.keys(KINDS_OF_NODE))('%s: the link parses back to the node’s settings', async (name) => {
    const node = await findNode(s.database.db, ids.get(name)!);
    const link = formatLink(nodeLinkSpec(node, ID, s.box));
    const spec = parseLink(link);
    expect(spec, link).not.toBeNull();
    expect(spec).toMatchObject({ name: node.name, host: node.host, port: node.port });
    expect(spec!.protocol).toBe(node.protocol);
    switch (node.protocol) {
      case 'vless':
      case 'vmess':
        expect(spec!.id).toBe(ID);
        break;
      case 'shadowsocks':
        expect(spec!.method).toBe(node.cipher);
        expect(spec!.password).toBe(
          shadowsocksPassword(node, node.server_key ? s.box.open(node.server_key) : null, ID),
        );
        break;
      default:
        expect(spec!.password).toBe(ID);
    }
    if (node.protocol === 'shadowsocks') return;
    if (node.protocol === 'hysteria2') {
      expect(spec!.sni).toBe(node.server_name);
      expect(spec!.obfsPassword).toBe(node.obfs_password ?? undefined);
      return;
    }
    expect(spec!.network).toBe(node.network);
    expect(spec!.security).toBe(node.security);
    if (['ws', 'httpupgrade', 'xhttp'].includes(node.network)) expect(spec!.path).toBe(node.path);
    if (node.network === 'grpc') expect(spec!.serviceName).toBe(node.service_name);
    expect(spec!.transportHost).toBe(node.transport_host ?? undefined);
    if (node.security !== 'none') expect(spec!.sni).toBe(node.server_name);
    if (node.security === 'reality') {
      expect(spec!.publicKey).toBe(node.reality_public_key);
      expect(spec!.publicKey).toBe(realityPublicKey(s.box.open(node.reality_private_key!)));
      expect(spec!.shortId).toBe(node.reality_short_id);
    }
    expect(spec!.flow).toBe(node.flow ?? undefined);
  });

  it('puts every active node in the account’s servers, grouped by country, beside the templates', async () => {
    const user = await s.createUser({ ios: 1, username: 'linkuser', password: 'abcdefgh12' });
    const cookie = await s.login(user.username, user.password);
    const answer = json<{
      servers: Array<{ id: number; title: string; type: number; countryCode: string; server: string }>;
    }>(await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } }));
    const parsed = answer.servers.map((raw) => parseServer(raw));
    const nodes = parsed.filter((server) => server.id > 1_000_000);
    expect(nodes).toHaveLength(Object.keys(KINDS_OF_NODE).length);
    for (const server of nodes) {
      expect(server.countryCode).toBe('NL');
      expect(server.type).toBe('v2ray');
      expect(server.links).toHaveLength(1);
      const spec = parseLink(server.links[0]!);
      expect(spec?.name).toBe(server.title);
      // The account's VPN id is in the link (Shadowsocks 2022: its key, made from the id's first 16
      // bytes), and the login password is not.
      const own = spec?.method?.startsWith('2022-')
        ? spec.password?.endsWith(`:${Buffer.from(user.vpnId).subarray(0, 16).toString('base64')}`)
        : [spec?.id, spec?.password].includes(user.vpnId);
      expect(own, server.links[0]).toBe(true);
      expect(server.links[0]).not.toContain('abcdefgh12');
    }
    // The hand-written templates stay.
    expect(parsed.some((server) => server.title === 'Netherlands 1')).toBe(true);
    // An inactive node is not offered.
    await run('nodes', 'update', 'vmess ws', '--active', '0');
    const after = json<{ servers: Array<{ title: string }> }>(
      await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } }),
    );
    expect(after.servers.some((server) => server.title === 'vmess ws')).toBe(false);
    await run('nodes', 'update', 'vmess ws', '--active', '1');
  });

  it('refuses what cannot work, saying why', async () => {
    const add = (...options: string[]) =>
      run('nodes', 'add', '--name', 'bad', '--host', 'bad.example.com', '--port', '443', '--country', 'NL', ...options);
    await expect(add('--type', 'shadowsocks', '--cipher', '2022-blake3-aes-256-gcm')).rejects.toThrow(
      /first 32 bytes of the account id.*at most 30 bytes/,
    );
    await expect(add('--type', 'trojan', '--security', 'reality')).rejects.toThrow(/trojan runs with tls, not reality/);
    await expect(add('--type', 'vless', '--transport', 'ws', '--security', 'reality')).rejects.toThrow(
      /REALITY runs over tcp, grpc or xhttp/,
    );
    await expect(add('--type', 'vless', '--flow', 'xtls-rprx-vision')).rejects.toThrow(/needs VLESS over tcp with tls/);
    await expect(add('--type', 'vless', '--transport', 'grpc')).rejects.toThrow(/--service-name is needed/);
    await expect(add('--type', 'socks')).rejects.toThrow(/--type must be one of vless, vmess/);
    await expect(
      run(
        'nodes',
        'add',
        '--name',
        'bad',
        '--type',
        'vless',
        '--host',
        'x.example.com',
        '--port',
        '443',
        '--country',
        'ZZ',
      ),
    ).rejects.toThrow(/ZZ is not a country code/);
    // A country the shop has not listed yet is added with its names.
    await run(
      'nodes',
      'add',
      '--name',
      'Iran 1',
      '--type',
      'vless',
      '--host',
      'ir.example.com',
      '--port',
      '443',
      '--country',
      'IR',
    );
    expect(await run('countries', 'list')).toContain('IR\tIran\tایران');
    // REALITY borrows a well-known site unless told; TLS on an address uses the address.
    await run(
      'nodes',
      'add',
      '--name',
      'R1',
      '--type',
      'vless',
      '--host',
      '198.51.100.3',
      '--port',
      '443',
      '--country',
      'NL',
      '--security',
      'reality',
    );
    expect((await findNode(s.database.db, 'R1')).server_name).toBe('www.microsoft.com');
    await run(
      'nodes',
      'add',
      '--name',
      'T1',
      '--type',
      'trojan',
      '--host',
      '198.51.100.4',
      '--port',
      '443',
      '--country',
      'NL',
    );
    expect((await findNode(s.database.db, 'T1')).server_name).toBe('198.51.100.4');
    await expect(
      run('nodes', 'add', '--name', 'bad', '--type', 'vless', '--port', '443', '--country', 'NL'),
    ).rejects.toThrow('--host is required.');
    await expect(add('--type', 'vless', '--port', '70000')).rejects.toThrow();
    await expect(
      run(
        'nodes',
        'add',
        '--name',
        'vless tcp none',
        '--type',
        'vless',
        '--host',
        'a.example.com',
        '--port',
        '1',
        '--country',
        'NL',
      ),
    ).rejects.toThrow(/exists already/);
    await expect(
      add('--type', 'vless', '--security', 'reality', '--sni', 'www.apple.com', '--private-key', 'short'),
    ).rejects.toThrow(/32 bytes/);
  });

  it('rotates a token: the old one stops working at once, the new one works', async () => {
    const id = ids.get('vless tcp none')!;
    const first = JSON.parse(await run('nodes', 'rotate-token', String(id), '--json')) as { token: string };
    const url = (token: string) => `/api/v1/server/UniProxy/config?node_type=vless&node_id=${id}&token=${token}`;
    expect((await s.app.inject(url(first.token))).statusCode).toBe(200);
    const second = JSON.parse(await run('nodes', 'rotate-token', 'vless tcp none', '--json')) as { token: string };
    expect((await s.app.inject(url(first.token))).statusCode).toBe(403);
    expect((await s.app.inject(url(second.token))).statusCode).toBe(200);
  });

  it('lists each node with its last contact, its users and its traffic today; shows its V2bX entry; removes it', async () => {
    const id = ids.get('trojan tcp')!;
    const { token } = JSON.parse(await run('nodes', 'rotate-token', String(id), '--json')) as { token: string };
    const query = `node_type=trojan&node_id=${id}&token=${token}`;
    await s.app.inject(`/api/v1/server/UniProxy/user?${query}`);
    const user = await s.createUser();
    await s.app.inject({
      method: 'POST',
      url: `/api/v1/server/UniProxy/push?${query}`,
      payload: { [user.id]: [3 * 2 ** 30, 2 ** 29] },
    });
    await s.ctx.nodes.registry.flush();
    const list = await run('nodes', 'list');
    const line = list.split('\n').find((l) => l.includes('trojan tcp'))!;
    expect(line).toMatch(
      /\tactive\ttrojan\/tcp\/tls\ttrojan\.example\.com:\d+\tNL\t×1\tlast contact 2026-06-01T12:00:00\.000Z\t\d+ users\ttoday 3\.50 GiB$/,
    );
    const shown = await run('nodes', 'show', 'trojan tcp');
    expect(shown).not.toContain('token_hash');
    expect(shown).toContain('"NodeType": "trojan"');
    expect(shown).toContain(`"NodeID": ${id}`);
    expect(shown).toContain('"CertMode": "http"');
    await run('nodes', 'remove', 'trojan tcp');
    expect(await run('nodes', 'list')).not.toContain('trojan tcp');
    expect((await s.app.inject(`/api/v1/server/UniProxy/user?${query}`)).statusCode).toBe(403);
  });
});

describe('share links from other hands', () => {
  it('reads the templates operators write and the forms other panels export', () => {
    expect(
      parseLink('vless://xxx-yyy@de1.example:443?type=ws&security=tls&path=%2Fsepar&sni=de1.example#DE1-WS'),
    ).toMatchObject({
      protocol: 'vless',
      id: 'xxx-yyy',
      host: 'de1.example',
      port: 443,
      network: 'ws',
      path: '/separ',
      security: 'tls',
      sni: 'de1.example',
      name: 'DE1-WS',
    });
    const legacy = `ss://${Buffer.from('aes-256-gcm:pa:ss@198.51.100.1:8388').toString('base64')}#old`;
    expect(parseLink(legacy)).toMatchObject({
      protocol: 'shadowsocks',
      method: 'aes-256-gcm',
      password: 'pa:ss',
      host: '198.51.100.1',
      port: 8388,
      name: 'old',
    });
    expect(parseLink('hy2://pw@[2001:db8::1]:443?sni=a.example&obfs=salamander&obfs-password=o#h')).toMatchObject({
      protocol: 'hysteria2',
      host: '2001:db8::1',
      password: 'pw',
      obfsPassword: 'o',
    });
    const vmess = `vmess://${Buffer.from(JSON.stringify({ v: '2', ps: 'x', add: 'v.example', port: 443, id: 'u', net: 'grpc', path: 'svc', tls: 'tls', sni: 'v.example' })).toString('base64')}`;
    expect(parseLink(vmess)).toMatchObject({
      protocol: 'vmess',
      port: 443,
      network: 'grpc',
      serviceName: 'svc',
      security: 'tls',
    });
    expect(parseLink('https://xxx@de2.vpn.separ.example:4443/separ')).toBeNull();
    expect(parseLink('vless://id@host-without-port')).toBeNull();
    expect(parseLink('vmess://not-base64-json')).toBeNull();
    expect(parseLink('')).toBeNull();
  });

  it('formats IPv6 hosts in brackets', () => {
    const link = formatLink({
      protocol: 'trojan',
      name: 'v6',
      host: '2001:db8::7',
      port: 443,
      password: 'p',
      sni: 'a.example',
    });
    expect(link.startsWith('trojan://p@[2001:db8::7]:443?')).toBe(true);
    expect(parseLink(link)?.host).toBe('2001:db8::7');
  });
});

describe('the user list in a process that checks the database only every minute', () => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('still drops an account the moment it expires, and follows a change once it checks', async () => {
    s = await startTestServer('sqlite');
    const cache = new UserListCache(s.ctx, 60_000);
    const node = { protocol: 'vless', cipher: null };
    const user = await s.createUser({ expireDate: '2026-06-01T12:30:00.000Z' });
    const ids = async () =>
      new Set(
        (JSON.parse((await cache.answer(node, 'json')).body.toString()) as { users: Array<{ id: number }> }).users.map(
          (u) => u.id,
        ),
      );
    expect((await ids()).has(user.id)).toBe(true);
    const added = await s.createUser();
    // Within the minute the version is not read again: the new account waits for the next check.
    expect((await ids()).has(added.id)).toBe(false);
    // Its expiry needs no check: the list knows when its first account runs out.
    expect((await s.later(31, ids)).has(user.id)).toBe(false);
    cache.invalidate();
    expect((await ids()).has(added.id)).toBe(true);
  });
});
