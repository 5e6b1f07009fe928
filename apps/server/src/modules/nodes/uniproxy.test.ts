import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, KINDS, startTestServer, type TestServer } from '../../../test/harness.ts';
import { V2bXClient, type Send } from '../../../test/v2bx.ts';
import { createNode, updateNode, type NodeInput } from './records.ts';

/** Fastify's inject, as V2bX's requests see it. */
function injectSend(s: TestServer): Send {
  return async (request) => {
    const response = await s.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) headers[name] = String(value);
    return { status: response.statusCode, headers, body: response.rawPayload };
  };
}

const NODES: Record<string, NodeInput> = {
  'vless reality': {
    protocol: 'vless',
    host: 'de1.example.com',
    port: 443,
    security: 'reality',
    serverName: 'www.microsoft.com',
    flow: 'xtls-rprx-vision',
  },
  'vless ws tls': {
    protocol: 'vless',
    host: 'vl.example.com',
    port: 443,
    network: 'ws',
    path: '/vless',
    transportHost: 'vl.example.com',
    security: 'tls',
  },
  'vmess ws': { protocol: 'vmess', host: '203.0.113.7', port: 10086, network: 'ws', path: '/vmess' },
  'trojan grpc': {
    protocol: 'trojan',
    host: 'tj.example.com',
    port: 443,
    network: 'grpc',
    serviceName: 'trojan-grpc',
  },
  'trojan tcp': { protocol: 'trojan', host: 'tj2.example.com', port: 8443 },
  'ss 2022': { protocol: 'shadowsocks', host: 'ss.example.com', port: 8388, cipher: '2022-blake3-aes-128-gcm' },
  'ss aes': { protocol: 'shadowsocks', host: 'ss2.example.com', port: 8389, cipher: 'aes-128-gcm' },
  hysteria2: {
    protocol: 'hysteria2',
    host: 'hy.example.com',
    port: 443,
    upMbps: 1000,
    downMbps: 500,
    obfsPassword: 's3cr3t-obfs',
  },
};

describe.each(KINDS)('the UniProxy v1 API as V2bX calls it, on %s', (kind) => {
  let s: TestServer;
  const made = new Map<string, { id: number; token: string; type: string }>();
  beforeAll(async () => {
    s = await startTestServer(kind);
    for (const [name, input] of Object.entries(NODES)) {
      const { id, token } = await createNode(s.ctx, { ...input, name, country: 'DE' });
      made.set(name, { id, token, type: input.protocol! });
    }
  });
  afterAll(async () => {
    await s?.close();
  });
  const client = (name: string) => new V2bXClient(injectSend(s), made.get(name)!);

  it.each(Object.keys(NODES))('serves %s a config V2bX decodes, byte-identical, with ETag and 304', async (name) => {
    const v2bx = client(name);
    const first = await v2bx.getNodeInfo();
    expect(first.status).toBe(200);
    expect(first.node).not.toBeNull();
    expect(first.answer.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(first.answer.headers['content-type']).toMatch(/^application\/json/);
    const node = first.node!;
    expect(node.serverPort).toBe(NODES[name]!.port);
    expect(node.pushInterval).toBe(60);
    expect(node.pullInterval).toBe(60);
    // Asked again with its ETag: 304 and no body.
    const again = await v2bx.getNodeInfo();
    expect(again.status).toBe(304);
    expect(again.answer.body.length).toBe(0);
    // A V2bX that lost its ETag gets the same bytes (it compares bodies too).
    const fresh = client(name);
    expect((await fresh.getNodeInfo()).answer.body.equals(first.answer.body)).toBe(true);
  });

  it('describes each inbound as Xboard does', async () => {
    const reality = (await client('vless reality').getNodeInfo()).node!;
    expect(reality.tls).toBe(2);
    expect(reality.flow).toBe('xtls-rprx-vision');
    expect(reality.tlsSettings.serverName).toBe('www.microsoft.com');
    expect(reality.tlsSettings.serverPort).toBe('443');
    expect(reality.tlsSettings.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reality.tlsSettings.shortId).toMatch(/^[0-9a-f]{8}$/);
    expect(reality.networkSettings).toBeNull();
    const ws = (await client('vless ws tls').getNodeInfo()).node!;
    expect(ws).toMatchObject({ tls: 1, network: 'ws' });
    expect(ws.networkSettings).toEqual({ path: '/vless', headers: { Host: 'vl.example.com' } });
    const vmess = (await client('vmess ws').getNodeInfo()).node!;
    expect(vmess).toMatchObject({ tls: 0, network: 'ws' });
    const grpc = (await client('trojan grpc').getNodeInfo()).node!;
    expect(grpc).toMatchObject({ network: 'grpc', networkSettings: { serviceName: 'trojan-grpc' } });
    const trojan = (await client('trojan tcp').getNodeInfo()).node!;
    expect(trojan.networkSettings).toBeNull();
    const ss = (await client('ss 2022').getNodeInfo()).node!;
    expect(ss.cipher).toBe('2022-blake3-aes-128-gcm');
    expect(Buffer.from(ss.serverKey, 'base64')).toHaveLength(16);
    const aes = (await client('ss aes').getNodeInfo()).node!;
    expect(aes.serverKey).toBe('');
    const hy = (await client('hysteria2').getNodeInfo()).node!;
    expect(hy).toMatchObject({ upMbps: 1000, downMbps: 500, obfs: 'salamander', obfsPassword: 's3cr3t-obfs' });
  });

  it('gives a node a new config when its settings change', async () => {
    const v2bx = client('vmess ws');
    await v2bx.getNodeInfo();
    await updateNode(s.ctx, made.get('vmess ws')!.id, { path: '/changed' });
    const changed = await v2bx.getNodeInfo();
    expect(changed.status).toBe(200);
    expect(changed.node?.networkSettings).toMatchObject({ path: '/changed' });
  });

  it('refuses a wrong token or node with 403, and a type that is not the node’s with 400', async () => {
    const { id, token } = made.get('vless reality')!;
    const get = (query: string) => s.app.inject(`/api/v1/server/UniProxy/user?${query}`);
    const wrongToken = await get(`node_type=vless&node_id=${id}&token=nope`);
    expect(wrongToken.statusCode).toBe(403);
    expect(json(wrongToken)).toEqual({ ok: false, message: 'Unknown node or wrong token.', code: 'unknownNode' });
    expect((await get(`node_type=vless&node_id=99999&token=${token}`)).statusCode).toBe(403);
    expect((await get(`node_type=vless&node_id=${id}`)).statusCode).toBe(403);
    expect((await get(`node_type=vless&token=${token}`)).statusCode).toBe(403);
    // Another node's token is not this node's.
    expect((await get(`node_type=vless&node_id=${id}&token=${made.get('vless ws tls')!.token}`)).statusCode).toBe(403);
    const wrongType = await get(`node_type=vmess&node_id=${id}&token=${token}`);
    expect(wrongType.statusCode).toBe(400);
    expect(json(wrongType)).toEqual({
      ok: false,
      message: "node_type vmess is not this node's type: it is a vless node.",
      code: 'wrongNodeType',
    });
    expect((await get(`node_type=tuic&node_id=${id}&token=${token}`)).statusCode).toBe(400);
    // Xboard's aliases: v2ray is vmess, hysteria is hysteria2.
    const vmess = made.get('vmess ws')!;
    expect((await get(`node_type=v2ray&node_id=${vmess.id}&token=${vmess.token}`)).statusCode).toBe(200);
    const hy = made.get('hysteria2')!;
    expect((await get(`node_type=hysteria&node_id=${hy.id}&token=${hy.token}`)).statusCode).toBe(200);
    for (const path of ['config', 'push', 'alive', 'alivelist', 'status']) {
      const method = ['push', 'alive', 'status'].includes(path) ? 'POST' : 'GET';
      const answer = await s.app.inject({
        method,
        url: `/api/v1/server/UniProxy/${path}?node_type=vless&node_id=${id}&token=x`,
      });
      expect(answer.statusCode, path).toBe(403);
    }
  });

  it('lists the accounts that may connect with their ids and device limits, as JSON or msgpack', async () => {
    const active = await s.createUser({ allowedDevices: 3 });
    const pending = await s.createUser({ subsDays: 30, expireDate: null });
    const expired = await s.createUser({ expireDate: '2026-05-01T00:00:00.000Z' });
    const suspended = await s.createUser({ suspend: 1 } as never);
    await s.database.db.updateTable('users').set({ suspend: 1 }).where('id', '=', suspended.id).execute();
    const over = await s.createUser({ allowedMB: 10 });
    await s.database.db
      .updateTable('users')
      .set({ used_bytes: 10 * 1024 * 1024 + 1 })
      .where('id', '=', over.id)
      .execute();
    const exactly = await s.createUser({ allowedMB: 10 });
    await s.database.db
      .updateTable('users')
      .set({ used_bytes: 10 * 1024 * 1024 })
      .where('id', '=', exactly.id)
      .execute();

    // The free account's limited speed, in Mbit/s, as V2bX enforces it.
    const limited = await s.createUser({ speedLimitMbps: 10 });

    const v2bx = client('vless reality');
    const { status, users, answer } = await v2bx.getUserList();
    expect(status).toBe(200);
    expect(answer.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    const byId = new Map(users!.map((u) => [u.id, u]));
    expect(byId.get(active.id)).toEqual({
      id: active.id,
      uuid: active.vpnId,
      speedLimit: 0,
      deviceLimit: 3,
    });
    expect(byId.get(limited.id)).toMatchObject({ speedLimit: 10, deviceLimit: 2 });
    // The VPN id (CONTRACTS §5): a random UUID; no node ever learns a password.
    expect(active.vpnId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(answer.body.toString()).not.toContain(active.password);
    expect(byId.has(pending.id)).toBe(true);
    expect(byId.has(exactly.id)).toBe(true);
    for (const out of [expired, suspended, over]) expect(byId.has(out.id)).toBe(false);
    expect(JSON.parse(answer.body.toString()).users[0]).toMatchObject({ speed_limit: null });

    expect((await v2bx.getUserList()).status).toBe(304);
    const packed = await client('vless reality').getUserList({ msgpack: true });
    expect(packed.answer.headers['content-type']).toBe('application/x-msgpack');
    expect(packed.users).toEqual(users);
    expect((await v2bx.getUserList({ msgpack: true })).status).toBe(200);
  });

  it('gives a Shadowsocks 2022 node every account: a VPN id is long enough for its keys', async () => {
    const short = await s.createUser({ username: 'ab', password: 'abc123' });
    const ids = async (name: string) => new Set((await client(name).getUserList()).users!.map((u) => u.id));
    expect((await ids('ss 2022')).has(short.id)).toBe(true);
    expect((await ids('ss aes')).has(short.id)).toBe(true);
  });

  it('adds pushed traffic × the node rate to the accounts, and ignores what is malformed', async () => {
    const user = await s.createUser();
    const other = await s.createUser();
    const { id } = made.get('trojan tcp')!;
    await updateNode(s.ctx, id, { rate: 1.5 });
    const v2bx = client('trojan tcp');
    const answer = await v2bx.reportUserTraffic([
      { uid: user.id, upload: 1_000_000, download: 3_000_000 },
      { uid: other.id, upload: 0, download: 0 },
      { uid: 999_999, upload: 5, download: 5 },
    ]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({
      status: 'success',
      message: 'success',
      data: true,
      error: null,
    });
    const used = async (uid: number) =>
      Number(
        (await s.database.db.selectFrom('users').select('used_bytes').where('id', '=', uid).executeTakeFirstOrThrow())
          .used_bytes,
      );
    expect(await used(user.id)).toBe(6_000_000);
    expect(await used(other.id)).toBe(0);
    // Without a Content-Type, and with entries Xboard would drop.
    const raw = await s.app.inject({
      method: 'POST',
      url: v2bx.url('push'),
      payload: JSON.stringify({ [user.id]: [1000, 1000], x: [1, 2], [other.id]: [-5, 3], '7': 'bad' }),
    });
    expect(raw.statusCode).toBe(200);
    expect(await used(user.id)).toBe(6_003_000);
    expect(await used(other.id)).toBe(0);
    const bad = await s.app.inject({ method: 'POST', url: v2bx.url('push'), payload: '[1,2]' });
    expect(bad.statusCode).toBe(422);
    const traffic = await s.database.db.selectFrom('node_traffic').selectAll().where('node_id', '=', id).execute();
    // The node's traffic of the day is what it carried for the accounts in its list (CONTRACTS §15:
    // an account outside it, here one that does not exist, is ignored).
    expect(traffic).toEqual([{ node_id: id, day: '2026-06-01', bytes: 6_003_000 }]);
  });

  it('counts each account’s addresses across nodes for five minutes', async () => {
    const user = await s.createUser({ allowedDevices: 2 });
    const a = client('vless reality');
    const b = client('vmess ws');
    expect(
      (await a.reportNodeOnlineUsers({ [user.id]: ['203.0.113.1', '203.0.113.2_7', '[2001:db8::1]:443', 'nonsense'] }))
        .status,
    ).toBe(200);
    await b.reportNodeOnlineUsers({ [user.id]: ['203.0.113.1'], 999999: ['203.0.113.9'] });
    expect((await a.getUserAlive()).get(user.id)).toBe(3);
    expect((await a.getUserAlive()).has(999999)).toBe(false);
    // A node's new report replaces its own addresses for the account.
    await a.reportNodeOnlineUsers({ [user.id]: ['203.0.113.1'] });
    expect((await b.getUserAlive()).get(user.id)).toBe(1);
    const alive = await s.later(6, () => a.getUserAlive());
    expect(alive.has(user.id)).toBe(false);
    const body = await s.later(6, () =>
      s.app.inject(`/api/v1/server/UniProxy/alivelist?${a.url('alivelist').split('?')[1]}`),
    );
    expect(json(body)).toEqual({ alive: {} });
    const bad = await s.app.inject({ method: 'POST', url: a.url('alive'), payload: 'not json' });
    expect(bad.statusCode).toBe(400);
    // Xboard's answer, with the error table's fields beside it.
    expect(json(bad)).toEqual({
      error: 'Invalid online data',
      ok: false,
      message: 'Invalid online data',
      code: 'invalidOnlineData',
    });
  });

  it('takes a load report, and records when each node last called', async () => {
    const { id } = made.get('hysteria2')!;
    const v2bx = client('hysteria2');
    const report = await s.app.inject({
      method: 'POST',
      url: v2bx.url('status'),
      payload: {
        cpu: 12.5,
        mem: { total: 1024, used: 512 },
        swap: { total: 0, used: 0 },
        disk: { total: 10, used: 1 },
      },
    });
    expect(json(report)).toEqual({ data: true, code: 0, message: 'success' });
    expect((await s.app.inject({ method: 'POST', url: v2bx.url('status'), payload: { cpu: 300 } })).statusCode).toBe(
      422,
    );
    await v2bx.getUserList();
    await s.ctx.nodes.registry.flush();
    const row = await s.database.db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe('2026-06-01T12:00:00.000Z');
    expect(row.users_count).toBeGreaterThan(0);
    expect(JSON.parse(row.load_status ?? '{}')).toMatchObject({ cpu: 12.5, mem: { total: 1024, used: 512 } });
  });
});
