import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { json, KINDS, startTestServer, type TestServer } from '../../../test/harness.ts';
import { runAdmin } from '../../cli/admin.ts';
import { xrayUuid } from '../subscriptions/formats.ts';
import { parseLink, type LinkSpec } from './links.ts';

/**
 * Several addresses per node (CONTRACTS §14): each active host is one more link or outbound in every
 * subscription format, with the node's own protocol and keys, its address (and port, SNI, host
 * header) in place of the node's; a paused one is left out; junk is refused with a 4xx.
 */
describe.each(KINDS)('a node’s extra hosts, on %s', (kind) => {
  let s: TestServer;
  let cookie: string;
  let user: { username: string; password: string; vpnId: string };
  let subPath: string;
  const node: Record<string, number> = {};
  const host: Record<string, number> = {};
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  const api = (method: string, url: string, payload?: unknown) =>
    s.app.inject({
      method: method as 'GET',
      url,
      headers: {
        cookie,
        origin: 'http://localhost:80',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
  const sub = (format: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url: `${subPath}?format=${format}`, headers });
  const specs = async () =>
    Buffer.from((await sub('base64')).body, 'base64')
      .toString('utf8')
      .split('\n')
      .map((link) => parseLink(link)!);
  const addNode = async (...argv: string[]) =>
    (JSON.parse(await cli('nodes', 'add', ...argv, '--json')) as { id: number }).id;

  beforeAll(async () => {
    s = await startTestServer(kind);
    node.reality = await addNode(
      ...['--name', 'DE REALITY', '--type', 'vless', '--host', 'de.example.com', '--port', '443', '--country', 'DE'],
      ...['--security', 'reality', '--sni', 'www.microsoft.com', '--flow', 'xtls-rprx-vision'],
    );
    node.vmess = await addNode(
      ...['--name', 'FR VMess', '--type', 'vmess', '--host', 'fr.example.com', '--port', '443', '--country', 'FR'],
      ...['--transport', 'ws', '--path', '/vm', '--security', 'tls', '--transport-host', 'fr.example.com'],
    );
    node.trojan = await addNode(
      ...['--name', 'NL Trojan', '--type', 'trojan', '--host', 'nl.example.com', '--port', '443', '--country', 'NL'],
      ...['--transport', 'grpc', '--service-name', 'tj'],
    );
    node.ss = await addNode(
      ...['--name', 'SS', '--type', 'shadowsocks', '--host', 'ss.example.com', '--port', '8388', '--country', 'NL'],
      ...['--cipher', 'aes-256-gcm'],
    );
    node.hy2 = await addNode(
      ...['--name', 'Hy2', '--type', 'hysteria2', '--host', 'hy.example.com', '--port', '443', '--country', 'TR'],
    );
    const addHost = async (which: number, ...argv: string[]) =>
      (JSON.parse(await cli('nodes', 'hosts', 'add', String(which), ...argv, '--json')) as { id: number }).id;
    host.reality = await addHost(node.reality, '--address', '203.0.113.7', '--port', '2053', '--remark', 'Clean IP');
    host.realitySni = await addHost(node.reality, '--address', 'relay.example.net', '--sni', 'www.apple.com');
    host.vmess = await addHost(
      node.vmess,
      ...['--address', 'cdn.example.org', '--sni', 'cdn-front.example.org', '--host', 'ws.example.org'],
      ...['--remark', 'CDN'],
    );
    host.trojan = await addHost(
      node.trojan,
      '--address',
      '198.51.100.9',
      '--sni',
      'tj.example.org',
      '--remark',
      'Relay',
    );
    host.ss = await addHost(node.ss, '--address', '2001:db8::5', '--port', '9000', '--remark', 'IPv6');
    host.hy2 = await addHost(node.hy2, '--address', 'hy-alt.example.com', '--sni', 'hy-sni.example.com');

    await cli('operators', 'add', 'hosts-op', '--password', 'hosts operator pass');
    const signed = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
      payload: JSON.stringify({ username: 'hosts-op', password: 'hosts operator pass' }),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    cookie = `separ_admin=${signed.cookies.find((c) => c.name === 'separ_admin')!.value}`;

    user = await s.createUser({ username: 'hostsuser', password: 'Hostspass12345', allowedMB: 10_240 });
    const login = await s.login(user.username, user.password);
    const account = json<{ subUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie: login } }),
    );
    subPath = new URL(account.subUrl).pathname;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('prints the host’s id, lists the hosts and refuses a node that is not there', async () => {
    const listed = await cli('nodes', 'hosts', 'list', String(node.reality));
    expect(listed).toContain(`${host.reality}\tactive\t203.0.113.7:2053`);
    expect(listed).toContain('relay.example.net:(node port)');
    await expect(cli('nodes', 'hosts', 'add', '999999', '--address', 'x.example.com')).rejects.toThrow(/No node/);
    await expect(cli('nodes', 'hosts', 'add', String(node.reality))).rejects.toThrow(/--address is required/);
    await expect(cli('nodes', 'hosts', 'add', String(node.reality), '--address', 'bad host!')).rejects.toThrow(
      /--address/,
    );
    await expect(
      cli('nodes', 'hosts', 'add', String(node.reality), '--address', 'a.example.com', '--port', '70000'),
    ).rejects.toThrow(/--port/);
  });

  it('gives every active host a link with the node’s protocol and keys, its address, port, SNI and host header', async () => {
    const all = await specs();
    const named = (name: string) => {
      const found = all.find((spec) => spec.name === name);
      expect(found, `${name} in ${all.map((x) => x.name).join(', ')}`).toBeDefined();
      return found!;
    };
    const same = (extra: LinkSpec, own: LinkSpec, changes: Partial<LinkSpec>) =>
      expect({ ...extra, name: own.name }).toEqual({ ...own, ...changes });

    const reality = named('DE REALITY');
    expect(reality.id).toBe(user.vpnId);
    same(named('DE REALITY - Clean IP'), reality, { host: '203.0.113.7', port: 2053 });
    same(named('DE REALITY - relay.example.net'), reality, { host: 'relay.example.net', sni: 'www.apple.com' });
    const vmess = named('FR VMess');
    same(named('FR VMess - CDN'), vmess, {
      host: 'cdn.example.org',
      sni: 'cdn-front.example.org',
      transportHost: 'ws.example.org',
    });
    const trojan = named('NL Trojan');
    expect(trojan.password).toBe(user.vpnId);
    same(named('NL Trojan - Relay'), trojan, { host: '198.51.100.9', sni: 'tj.example.org' });
    same(named('SS - IPv6'), named('SS'), { host: '2001:db8::5', port: 9000 });
    same(named('Hy2 - hy-alt.example.com'), named('Hy2'), { host: 'hy-alt.example.com', sni: 'hy-sni.example.com' });
  });

  it('puts every active host in the Clash and sing-box profiles, with the node’s keys', async () => {
    const clash = parse((await sub('clash')).body) as { proxies: Array<Record<string, unknown>> };
    const proxy = (name: string) => clash.proxies.find((p) => p.name === name)!;
    expect(proxy('DE REALITY - Clean IP')).toMatchObject({
      type: 'vless',
      server: '203.0.113.7',
      port: 2053,
      uuid: xrayUuid(user.vpnId),
      flow: 'xtls-rprx-vision',
      servername: 'www.microsoft.com',
      'reality-opts': proxy('DE REALITY')['reality-opts'] as object,
    });
    expect(proxy('FR VMess - CDN')).toMatchObject({
      server: 'cdn.example.org',
      servername: 'cdn-front.example.org',
      'ws-opts': { path: '/vm', headers: { Host: 'ws.example.org' } },
    });
    expect(proxy('NL Trojan - Relay')).toMatchObject({ server: '198.51.100.9', sni: 'tj.example.org' });
    expect(proxy('SS - IPv6')).toMatchObject({ server: '2001:db8::5', port: 9000, password: proxy('SS').password });

    const box = JSON.parse((await sub('singbox')).body) as { outbounds: Array<Record<string, unknown>> };
    const outbound = (tag: string) => box.outbounds.find((o) => o.tag === tag)!;
    expect(outbound('DE REALITY - Clean IP')).toMatchObject({
      type: 'vless',
      server: '203.0.113.7',
      server_port: 2053,
      uuid: xrayUuid(user.vpnId),
      tls: outbound('DE REALITY').tls as object,
    });
    expect(outbound('FR VMess - CDN')).toMatchObject({
      server: 'cdn.example.org',
      tls: { server_name: 'cdn-front.example.org' },
      transport: { type: 'ws', path: '/vm', headers: { Host: 'ws.example.org' } },
    });
    expect(outbound('Hy2 - hy-alt.example.com')).toMatchObject({
      type: 'hysteria2',
      password: user.vpnId,
      tls: { server_name: 'hy-sni.example.com' },
    });
    // The subscription page names each link, the hosts among them.
    const page = json<{ linkNames: string[]; links: number }>(await sub('json'));
    expect(page.linkNames).toEqual(
      expect.arrayContaining(['DE REALITY - Clean IP', 'FR VMess - CDN', 'NL Trojan - Relay']),
    );
    expect(page.linkNames).toHaveLength(page.links);
    // The selector and the automatic pick offer the hosts too.
    expect((outbound('Separ').outbounds as string[]).includes('NL Trojan - Relay')).toBe(true);
  });

  it('manages hosts from the admin, audited; a paused host leaves every format and the ETag moves', async () => {
    const listed = await api('GET', `/api/admin/nodes/${node.vmess}/hosts`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(json<{ items: Array<{ id: number }> }>(listed).items).toEqual([
      expect.objectContaining({ id: host.vmess, address: 'cdn.example.org', host: 'ws.example.org', paused: false }),
    ]);
    const before = await sub('base64');
    const paused = await api('POST', `/api/admin/nodes/${node.vmess}/hosts/${host.vmess}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(json(paused)).toMatchObject({ id: host.vmess, paused: true });
    const after = await sub('base64');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await specs()).map((spec) => spec.name)).not.toContain('FR VMess - CDN');
    expect((await specs()).map((spec) => spec.name)).toContain('FR VMess');
    expect((await sub('clash')).body).not.toContain('cdn.example.org');
    expect((await sub('singbox')).body).not.toContain('cdn.example.org');
    // A conditional fetch with the old ETag gets the new body.
    expect((await sub('base64', { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);

    const resumed = await api('POST', `/api/admin/nodes/${node.vmess}/hosts/${host.vmess}/resume`);
    expect(json(resumed)).toMatchObject({ paused: false });
    expect((await specs()).map((spec) => spec.name)).toContain('FR VMess - CDN');

    const added = await api('POST', `/api/admin/nodes/${node.trojan}/hosts`, {
      address: 'Edge.Example.COM',
      port: 8443,
      remark: 'لبه',
    });
    expect(added.statusCode, added.body).toBe(200);
    const edge = json<{ id: number }>(added);
    expect(edge).toMatchObject({ address: 'edge.example.com', port: 8443, remark: 'لبه', paused: false });
    expect((await specs()).find((spec) => spec.name === 'NL Trojan - لبه')).toMatchObject({
      host: 'edge.example.com',
      port: 8443,
      password: user.vpnId,
    });
    const removed = await api('DELETE', `/api/admin/nodes/${node.trojan}/hosts/${edge.id}`);
    expect(json(removed)).toEqual({ ok: true });
    expect((await specs()).map((spec) => spec.name)).not.toContain('NL Trojan - لبه');

    const actions = await s.database.db
      .selectFrom('audit_log')
      .select(['action', 'operator', 'target'])
      .where('operator', '=', 'hosts-op')
      .where('action', 'like', 'node.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'node.host-pause',
      'node.host-resume',
      'node.host-add',
      'node.host-remove',
    ]);
    expect(
      actions.every(
        (a) =>
          a.target ===
          `node:${a.action === 'node.host-add' || a.action === 'node.host-remove' ? node.trojan : node.vmess}`,
      ),
    ).toBe(true);
  });

  it('refuses junk with a 4xx and a code, never a 5xx', async () => {
    const junk: Array<[string, string, unknown]> = [
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'bad host!' }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: '' }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'a'.repeat(300) }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: `${'a'.repeat(64)}.example.com` }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'ok.example.com', port: 0 }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'ok.example.com', port: 65_536 }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'ok.example.com', port: '443x' }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'ok.example.com', port: 1.5 }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'ok.example.com', sni: 'not a name' }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'ok.example.com', host: 'x/y' }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'ok.example.com', remark: 'r'.repeat(65) }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: 'ok.example.com', remark: 'a\u0000b' }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, { address: ['a.example.com'] }],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, {}],
      ['POST', `/api/admin/nodes/${node.reality}/hosts`, 'not json'],
      ['POST', `/api/admin/nodes/999999/hosts`, { address: 'ok.example.com' }],
      ['GET', `/api/admin/nodes/999999/hosts`, undefined],
      ['GET', `/api/admin/nodes/abc/hosts`, undefined],
      ['GET', `/api/admin/nodes/999999999999999/hosts`, undefined],
      ['POST', `/api/admin/nodes/${node.reality}/hosts/999999/pause`, undefined],
      ['POST', `/api/admin/nodes/${node.vmess}/hosts/${host.reality}/pause`, undefined],
      ['DELETE', `/api/admin/nodes/${node.reality}/hosts/999999999999999`, undefined],
      ['DELETE', `/api/admin/nodes/${node.reality}/hosts/x`, undefined],
    ];
    for (const [method, url, payload] of junk) {
      const answer = await api(method, url, payload);
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${answer.body}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(json<{ code: string }>(answer).code).toEqual(expect.any(String));
    }
    // Nothing of it was kept: the reality node still has its two hosts.
    expect(json<{ items: unknown[] }>(await api('GET', `/api/admin/nodes/${node.reality}/hosts`)).items).toHaveLength(
      2,
    );
  });

  it('removes a host from the command line, and a node’s removal takes its hosts', async () => {
    expect(await cli('nodes', 'hosts', 'remove', String(node.hy2), String(host.hy2))).toContain('Removed host');
    expect((await specs()).map((spec) => spec.name)).not.toContain('Hy2 - hy-alt.example.com');
    await cli('nodes', 'remove', String(node.ss));
    const left = await s.database.db.selectFrom('node_hosts').select('id').where('node_id', '=', node.ss!).execute();
    expect(left).toEqual([]);
  });
});
